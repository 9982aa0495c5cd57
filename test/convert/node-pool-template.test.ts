import { readNodePoolTemplate } from '../../convert/node-pool-template';
import { contextFor } from './convert-helpers';

const POOL = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: web
spec:
  weight: 5
  surprise: true
  template:
    metadata:
      labels: { team: web }
      annotations: { a: b }
      finalizers: [x]
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements:
        - { key: karpenter.sh/capacity-type, operator: In, values: [spot] }
      taints: [{ key: k, value: v, effect: NoSchedule }]
      startupTaints: [{ key: s, effect: NoExecute }]
      kubelet: { maxPods: 10 }
  limits: { cpu: "10" }
`;

describe('readNodePoolTemplate', () => {
  it('reads the fields v1beta1 and v1 share', () => {
    const { ctx } = contextFor(POOL);
    const pool = readNodePoolTemplate(ctx, {
      version: 'v1',
      specFields: ['template', 'disruption', 'limits', 'weight'],
      templateSpecFields: ['nodeClassRef', 'requirements', 'taints', 'startupTaints'],
    });
    expect(pool.name).toBe('web');
    expect(pool.nodeClassPath).toEqual(['spec', 'template', 'spec', 'nodeClassRef']);
    expect(pool.labels).toEqual({ team: 'web' });
    expect(pool.annotations).toEqual({ a: 'b' });
    expect(pool.limits).toEqual({ cpu: '10' });
    expect(pool.requirements).toEqual([
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] },
    ]);
    expect(pool.taints).toEqual([{ key: 'k', value: 'v', effect: 'NoSchedule' }]);
    expect(pool.startupTaints).toEqual([{ key: 's', effect: 'NoExecute' }]);
  });

  it("reports fields outside the version's shape as dropped, naming the version", () => {
    const { ctx, log } = contextFor(POOL);
    readNodePoolTemplate(ctx, {
      version: 'v1',
      specFields: ['template', 'disruption', 'limits', 'weight'],
      templateSpecFields: ['nodeClassRef', 'requirements', 'taints', 'startupTaints'],
    });
    const dropped = log.entries.filter((e) => e.action === 'dropped').map((e) => [e.source, e.reason]);
    expect(dropped).toEqual([
      ['NodePool/web spec.surprise', 'NodePool v1 has no such field'],
      [
        'NodePool/web spec.template.metadata.finalizers',
        'The template metadata has only labels and annotations',
      ],
      ['NodePool/web spec.template.spec.kubelet', 'NodePool v1 template spec has no such field'],
    ]);
  });
});
