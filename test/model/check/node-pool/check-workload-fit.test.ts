/** Buffer and smoke-test pods against the instance types their pools allow, at the fleet-file line. */
import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

const GATES = 'karpenter:\n  featureGates:\n    nodeOverlay: true\n    capacityBuffer: true\n';
const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const POOL = (extra = '') =>
  `nodePools:\n  general:\n    nodeClass: default\n    instanceCategories: [c, m, r]\n${extra}`;
const BUFFER = 'capacityBuffers:\n  headroom:\n    podTemplateRef: { name: chunk }\n    replicas: 2\n';
const TEMPLATE = (requests: string, spec = '') =>
  `podTemplates:\n  chunk:\n    template:\n      spec:\n${spec}        containers:\n          - name: c\n            image: pause\n            resources:\n              requests: { ${requests} }\n`;
const file = (requests: string, pool = '', spec = '') =>
  `${MINIMAL}${GATES}${CLASS}${POOL(pool)}${BUFFER}${TEMPLATE(requests, spec)}`;

describe('workload fit', () => {
  it('a buffer pod requesting memory: 4Ti: error at the request, naming the largest allocatable memory', () => {
    expect(errorsOfCluster(file('cpu: 1, memory: 4Ti'))).toEqual([
      expect.stringMatching(
        /^clusters\/demo\.yaml:30:43 podTemplates\.chunk\.template\.spec\.containers\[0\]\.resources\.requests\.memory: the pod of capacity buffer 'headroom' requests memory: 4Ti in all, more than any instance type node pool 'general' allows can allocate \(the largest allocatable memory is [0-9.]+Ti, on [a-z0-9-]+\.[a-z0-9-]+\)\. Lower the request to at most [0-9.]+Ti, or allow larger instance types in that pool\.$/,
      ),
    ]);
  });

  it('a GPU request on a pool without GPU types', () => {
    expect(errorsOfCluster(file('cpu: 1, nvidia.com/gpu: 1'))).toEqual([
      "clusters/demo.yaml:30:51 podTemplates.chunk.template.spec.containers[0].resources.requests.nvidia.com/gpu: the pod of capacity buffer 'headroom' requests nvidia.com/gpu: 1, but no instance type node pool 'general' allows has nvidia.com/gpu. Allow instance types with nvidia.com/gpu in that pool, or remove the request.",
    ]);
  });

  it('a toleration-less buffer on a tainted pool', () => {
    expect(
      errorsOfCluster(
        file('cpu: 1', '    taints:\n      - { key: dedicated, value: batch, effect: NoSchedule }\n'),
      ),
    ).toEqual([
      "clusters/demo.yaml:28:9 podTemplates.chunk.template.spec.containers: the pod of capacity buffer 'headroom' can land on no node pool: pool 'general' has the taint dedicated=batch:NoSchedule, which the pod does not tolerate. Add a toleration for the taint (e.g. tolerations: [{ key: <taint key>, operator: Exists }]), so the buffer reserves capacity where its workload runs.",
    ]);
  });

  it('a tolerated taint, a matching nodeSelector and a fitting request pass', () => {
    const { cluster, warnings } = loadCluster(
      file(
        'cpu: 2, memory: 4Gi',
        '    labels: { example.com/team: batch }\n    taints:\n      - { key: dedicated, value: batch, effect: NoSchedule }\n',
        '        tolerations: [{ key: dedicated, operator: Equal, value: batch, effect: NoSchedule }]\n        nodeSelector: { example.com/team: batch, kubernetes.io/arch: arm64 }\n',
      ),
    );
    expect(cluster.nodePools.map((p) => p.name)).toEqual(['general']);
    expect(warnings).toEqual([]);
  });

  it('a nodeSelector no pool satisfies, and NodeOverlay capacity counts', () => {
    expect(errorsOfCluster(file('cpu: 1', '', '        nodeSelector: { example.com/team: web }\n'))).toEqual([
      "clusters/demo.yaml:26:9 podTemplates.chunk.template.spec.nodeSelector: the pod of capacity buffer 'headroom' can land on no node pool: pool 'general' gives its nodes no label example.com/team. Select labels a pool gives its nodes (its labels or requirements), or add the label to a pool.",
    ]);
    const overlay =
      'nodeOverlays:\n  slices:\n    requirements:\n      - { key: node.kubernetes.io/instance-type, operator: In, values: [m5.large] }\n    capacity:\n      example.com/slice: 4\n';
    const text = `${MINIMAL}${GATES}${CLASS}${POOL()}${overlay}${BUFFER}${TEMPLATE('cpu: 1, example.com/slice: 2')}`;
    expect(loadCluster(text).warnings).toEqual([]);
  });
});

describe('required node affinity in the fit check', () => {
  const affinity = (...terms: string[]) =>
    `        affinity:\n          nodeAffinity:\n            requiredDuringSchedulingIgnoredDuringExecution:\n              nodeSelectorTerms:\n${terms
      .map((t) => `                - matchExpressions:\n${t}`)
      .join('')}`;
  const expr = (key: string, operator: string, values?: string) =>
    `                    - { key: ${key}, operator: ${operator}${values !== undefined ? `, values: [${values}]` : ''} }\n`;

  it('a term on a label no pool gives its nodes: error at affinity', () => {
    expect(errorsOfCluster(file('cpu: 1', '', affinity(expr('example.com/team', 'In', 'web'))))).toEqual([
      "clusters/demo.yaml:26:9 podTemplates.chunk.template.spec.affinity: the pod of capacity buffer 'headroom' can land on no node pool: pool 'general' satisfies no nodeSelectorTerm of the pod's required node affinity (gives its nodes no label example.com/team, which example.com/team In [web] requires). Select labels a pool gives its nodes (its labels or requirements), or add the label to a pool.",
    ]);
  });

  it('a term on instance types the pool does not allow; another term that fits admits the pod', () => {
    const gpu = expr('karpenter.k8s.aws/instance-category', 'In', 'g, p');
    expect(errorsOfCluster(file('cpu: 1', '', affinity(gpu)))).toEqual([
      "clusters/demo.yaml:26:9 podTemplates.chunk.template.spec.affinity: the pod of capacity buffer 'headroom' can land on no node pool: pool 'general' satisfies no nodeSelectorTerm of the pod's required node affinity (allows karpenter.k8s.aws/instance-category In [c, m, r], not karpenter.k8s.aws/instance-category In [g, p]). Select labels a pool gives its nodes (its labels or requirements), or add the label to a pool.",
    ]);
    const text = file('cpu: 1', '', affinity(gpu, expr('karpenter.k8s.aws/instance-category', 'In', 'm')));
    expect(loadCluster(text).warnings).toEqual([]);
  });

  it('the affinity narrows the types the requests must fit on', () => {
    // m-category types with at most 2 vCPUs cannot hold 8 CPUs.
    const text = file('cpu: 8', '', affinity(expr('karpenter.k8s.aws/instance-cpu', 'Lt', '"3"')));
    expect(errorsOfCluster(text)).toEqual([
      expect.stringMatching(/requests\.cpu: the pod of capacity buffer 'headroom' requests cpu: 8/),
    ]);
  });
});
