/** CapacityBuffer and PodTemplate checks at the fleet-file line. `demo.yaml` = MINIMAL (6 lines) + GATES (4 lines) + the rest. */
import { errorsOfCluster, loadCluster, MINIMAL } from '../../support/fleet-files';

const GATES = 'karpenter:\n  featureGates:\n    nodeOverlay: true\n    capacityBuffer: true\n';
const TEMPLATE = (namespace = '') =>
  `podTemplates:\n  chunk:\n${namespace}    template:\n      spec:\n        containers:\n          - name: c\n            image: pause\n            resources:\n              requests: { cpu: 1 }\n`;

describe('capacity buffer checks', () => {
  it("reports the CRD's rules, an unknown pod template and percentage without scalableRef all at once", () => {
    expect(
      errorsOfCluster(
        `${MINIMAL}${GATES}capacityBuffers:\n  b:\n    podTemplateRef:\n      name: chunck\n  c:\n    percentage: 5\n${TEMPLATE('    namespace: web\n')}`,
      ),
    ).toEqual([
      'clusters/demo.yaml:13:5 capacityBuffers.b.podTemplateRef: If podTemplateRef is set, replicas or limits must also be set. Add replicas (the number of chunks) or limits (e.g. cpu: 16).',
      "clusters/demo.yaml:14:13 capacityBuffers.b.podTemplateRef.name: pod template 'chunck' is not described under podTemplates (this cluster has: chunk). Did you mean 'chunk'? Describe it under podTemplates, or write podTemplateRef: { name: chunck, existing: true } if it already exists in namespace capacity-buffers.",
      'clusters/demo.yaml:15:3 capacityBuffers.c: the buffer names neither a podTemplateRef nor a scalableRef, so Karpenter cannot know the shape of its chunks. Add podTemplateRef: { name: <a pod template under podTemplates> } or scalableRef: { apiGroup: apps, kind: Deployment, name: <workload> }.',
      'clusters/demo.yaml:16:5 capacityBuffers.c.percentage: percentage is a share of the scalableRef’s replicas, and this buffer has no scalableRef. Use replicas with a podTemplateRef, or name a workload in scalableRef.',
      "clusters/demo.yaml:18:3 warning: podTemplates.chunk: pod template 'chunk' is not named by any capacity buffer's podTemplateRef. Name it in a buffer (capacityBuffers.<name>.podTemplateRef.name) or remove it.",
    ]);
  });

  it('podTemplateRef and scalableRef together; a template in another namespace', () => {
    expect(
      errorsOfCluster(
        `${MINIMAL}${GATES}capacityBuffers:\n  b:\n    podTemplateRef: { name: chunk }\n    scalableRef: { apiGroup: apps, kind: Deployment, name: web }\n    replicas: 2\n${TEMPLATE('    namespace: web\n')}`,
      ),
    ).toEqual([
      "clusters/demo.yaml:13:29 capacityBuffers.b.podTemplateRef.name: pod template 'chunk' is in namespace web but the buffer is in capacity-buffers; a buffer only reads pod templates of its own namespace. Put the buffer and its pod template in the same namespace.",
      'clusters/demo.yaml:14:5 capacityBuffers.b.scalableRef: You must define either PodTemplateRef or ScalableRef, but not both. Keep podTemplateRef (a pod template gives the chunk shape) or scalableRef (a workload does), not both.',
    ]);
  });

  it('the capacityBuffer gate off, and a buffer on a 1.0.14 cluster', () => {
    expect(
      errorsOfCluster(
        `${MINIMAL}capacityBuffers:\n  b:\n    podTemplateRef: { name: chunk }\n    replicas: 1\n${TEMPLATE()}`,
      ),
    ).toEqual([
      "clusters/demo.yaml:8:3 capacityBuffers.b: CapacityBuffers need the capacityBuffer feature gate, which is off for this cluster. Enable the gate in this cluster's file (or _defaults.yaml): karpenter: { featureGates: { capacityBuffer: true } }.",
    ]);
    expect(
      errorsOfCluster(
        `${MINIMAL}karpenter:\n  version: "1.0.14"\ncapacityBuffers:\n  b:\n    scalableRef: { kind: Deployment, name: web }\n    percentage: 10\n`,
      ),
    ).toEqual([
      'clusters/demo.yaml:10:3 capacityBuffers.b: Karpenter 1.0.14 has no CapacityBuffer kind (autoscaling.x-k8s.io CapacityBuffer needs Karpenter 1.14.1). Set karpenter.version: 1.14.1 for this cluster, or remove the buffer.',
    ]);
  });

  it('resolves defaults: namespace capacity-buffers, the active-capacity strategy; existing templates are not generated', () => {
    const { cluster, warnings } = loadCluster(
      `${MINIMAL}${GATES}capacityBuffers:\n  b:\n    podTemplateRef: { name: chunk }\n    replicas: 2\n    limits: { cpu: 8 }\n  web:\n    namespace: web\n    podTemplateRef: { name: web-chunk, existing: true }\n    limits: { memory: 16Gi }\n${TEMPLATE()}`,
    );
    expect(warnings).toEqual([]);
    expect(cluster.capacityBuffers).toEqual([
      {
        name: 'b',
        namespace: 'capacity-buffers',
        source: { file: 'clusters/demo.yaml', line: 12, col: 3 },
        podTemplateRef: { name: 'chunk', existing: false },
        replicas: 2,
        limits: { cpu: '8' },
        provisioningStrategy: 'buffer.x-k8s.io/active-capacity',
      },
      {
        name: 'web',
        namespace: 'web',
        source: { file: 'clusters/demo.yaml', line: 16, col: 3 },
        podTemplateRef: { name: 'web-chunk', existing: true },
        limits: { memory: '16Gi' },
        provisioningStrategy: 'buffer.x-k8s.io/active-capacity',
      },
    ]);
    expect(cluster.podTemplates.map((t) => [t.namespace, t.name, t.spec])).toEqual([
      [
        'capacity-buffers',
        'chunk',
        { containers: [{ image: 'pause', name: 'c', resources: { requests: { cpu: '1' } } }] },
      ],
    ]);
  });

  it('existing: true on a template the fleet describes is a contradiction', () => {
    expect(
      errorsOfCluster(
        `${MINIMAL}${GATES}capacityBuffers:\n  b:\n    podTemplateRef: { name: chunk, existing: true }\n    replicas: 1\n${TEMPLATE()}`,
      ),
    ).toEqual([
      "clusters/demo.yaml:13:36 capacityBuffers.b.podTemplateRef.existing: pod template 'chunk' is described under podTemplates, so the tool generates it: it is not an existing one. Remove existing: true.",
    ]);
  });
});
