/**
 * NodeOverlays, CapacityBuffers and PodTemplates convert into the fleet description with every
 * spec field kept, and the converted description loads and synthesizes back to the same specs.
 * Fixtures: test/fixtures/convert/overlay-buffer/ (written from the 1.14.1 CRDs).
 */
import { parse } from 'yaml';
import { loadFleetFromSources } from '../../model/load-fleet';
import { synthesize } from '../../synth/synthesize';
import { convertFixtures, convertText } from './convert-helpers';

type Obj = Record<string, unknown>;
const FILES = ['overlay-buffer/overlays.yaml', 'overlay-buffer/buffers.yaml'];
const OPTIONS = { cluster: 'dataops', accountId: '444455556666', region: 'eu-west-1' };

describe('converting NodeOverlays and CapacityBuffers', () => {
  const result = convertFixtures(FILES, OPTIONS);

  it('keeps every spec field, turns the gates on; drops only status and pod fields that do not affect scheduling', () => {
    expect(result.diagnostics).toEqual([]);
    const d = result.description as Obj;
    expect(d.karpenter).toEqual({ featureGates: { nodeOverlay: true, capacityBuffer: true } });
    expect(d.nodeOverlays).toEqual({
      'gpu-slices': {
        requirements: [{ key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['p4d.24xlarge'] }],
        capacity: { 'nvidia.com/mig-1g.5gb': '56' },
      },
      'prefer-newer-generations': {
        requirements: [{ key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: ['6'] }],
        priceAdjustment: '-10%',
        weight: 10,
      },
      'savings-plan': {
        requirements: [{ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] }],
        price: '0.1411',
        weight: 100,
      },
    });
    expect(d.capacityBuffers).toEqual({
      'checkout-burst': {
        namespace: 'checkout',
        podTemplateRef: { name: 'checkout-chunk', existing: true },
        replicas: 2,
      },
      notebooks: {
        namespace: 'jupyter',
        scalableRef: { apiGroup: 'apps', kind: 'Deployment', name: 'notebook-server' },
        percentage: 20,
      },
      'spark-headroom': {
        podTemplateRef: { name: 'spark-executor' },
        replicas: 4,
        limits: { cpu: '8' },
        provisioningStrategy: 'buffer.x-k8s.io/active-capacity',
      },
    });
    expect(d.podTemplates).toEqual({
      'spark-executor': {
        labels: { 'app.kubernetes.io/part-of': 'spark' },
        template: {
          metadata: { labels: { app: 'spark-executor' } },
          spec: {
            containers: [
              {
                name: 'executor',
                image: 'public.ecr.aws/eks-distro/kubernetes/pause:3.9',
                resources: { requests: { cpu: '1', memory: '2Gi' } },
              },
            ],
          },
        },
      },
    });
    const dropped = result.entries.filter((e) => e.action === 'dropped');
    expect(dropped.map((e) => [e.level, e.source, e.message])).toEqual([
      ['warning', 'PodTemplate/spark-executor template.spec.containers[0].env', "'env' was left out"],
      ['info', 'NodeOverlay/savings-plan status', 'status left out'],
    ]);
    expect(result.entries.filter((e) => e.action === 'converted').map((e) => e.message)).toEqual([
      'PodTemplate checkout-chunk is not among the input files: the buffer names it as an existing one (existing: true)',
    ]);
  });

  it('round trip: the converted file loads and synthesizes back to the same specs', () => {
    const defaults =
      'gitops:\n  repoURL: https://github.com/example/platform-gitops.git\n  destination: { name: dataops }\n';
    const { fleet, warnings } = loadFleetFromSources([
      { path: 'clusters/_defaults.yaml', text: defaults },
      { path: 'clusters/dataops.yaml', text: result.yaml ?? '' },
    ]);
    expect(warnings).toEqual([]);
    const files = synthesize(fleet);
    const specOf = (path: string) => (parse(files.get(path) ?? 'null') as Obj | null)?.spec;
    expect(specOf('dataops/karpenter/nodeoverlay-savings-plan.yaml')).toEqual({
      requirements: [{ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] }],
      price: '0.1411',
      weight: 100,
    });
    expect(specOf('dataops/karpenter/nodeoverlay-gpu-slices.yaml')).toEqual({
      requirements: [{ key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['p4d.24xlarge'] }],
      capacity: { 'nvidia.com/mig-1g.5gb': '56' },
    });
    expect(specOf('dataops/karpenter/capacitybuffer-jupyter.notebooks.yaml')).toEqual({
      scalableRef: { apiGroup: 'apps', kind: 'Deployment', name: 'notebook-server' },
      percentage: 20,
      provisioningStrategy: 'buffer.x-k8s.io/active-capacity',
    });
    expect(specOf('dataops/karpenter/capacitybuffer-checkout.checkout-burst.yaml')).toEqual({
      podTemplateRef: { name: 'checkout-chunk' },
      replicas: 2,
      provisioningStrategy: 'buffer.x-k8s.io/active-capacity',
    });
    const template = parse(
      files.get('dataops/karpenter/podtemplate-capacity-buffers.spark-executor.yaml') ?? '',
    ) as Obj;
    expect(template.template).toEqual({
      metadata: { labels: { app: 'spark-executor' } },
      spec: {
        containers: [
          {
            image: 'public.ecr.aws/eks-distro/kubernetes/pause:3.9',
            name: 'executor',
            resources: { requests: { cpu: '1', memory: '2Gi' } },
          },
        ],
      },
    });
  });

  it('reports unknown spec fields as dropped, at their line', () => {
    const r = convertText(
      'apiVersion: karpenter.sh/v1alpha1\nkind: NodeOverlay\nmetadata:\n  name: o\nspec:\n  requirements: []\n  price: "1"\n  surcharge: 2\n',
      { cluster: 'c' },
    );
    expect(r.entries.filter((e) => e.action === 'dropped').map((e) => [e.line, e.source, e.reason])).toEqual([
      [8, 'NodeOverlay/o spec.surcharge', 'NodeOverlay v1alpha1 has no such field'],
    ]);
  });
});
