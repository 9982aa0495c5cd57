/** The library's validator entry points: findings for YAML text and for objects. */
import { validateManifestText, validateObjects } from '../../api';

const POOL = {
  apiVersion: 'karpenter.sh/v1',
  kind: 'NodePool',
  metadata: { name: 'general' },
  spec: {
    template: {
      spec: {
        nodeClassRef: { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass', name: 'default' },
        requirements: [{ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] }],
      },
    },
    disruption: { consolidationPolicy: 'WhenUnderutilized', consolidateAfter: '30s' },
  },
};

test('a NodePool with a v1beta1 consolidation policy is refused, with the field and the allowed values', () => {
  const findings = validateObjects([POOL], 'pool');
  expect(findings.filter((f) => f.severity === 'error').map((f) => [f.file, f.path])).toEqual([
    ['pool', 'spec.disruption.consolidationPolicy'],
  ]);
  expect(findings[0].message).toBe('string "WhenUnderutilized" is not allowed');
  expect(findings[0].fix).toContain('WhenEmptyOrUnderutilized');
});

test('YAML text: a valid NodePool gives no finding; a line number when it does', () => {
  const good = JSON.stringify({
    ...POOL,
    spec: { ...POOL.spec, disruption: { consolidationPolicy: 'WhenEmpty', consolidateAfter: '30s' } },
  });
  expect(validateManifestText(good, 'pool.yaml')).toEqual([]);
  const bad = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: general
spec:
  template:
    spec:
      nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: default }
      requirements: []
  disruption:
    consolidateAfter: 30s
    consolidationPolicy: WhenUnderutilized
`;
  const [f] = validateManifestText(bad, 'pool.yaml');
  expect([f.file, f.line, f.path]).toEqual(['pool.yaml', 12, 'spec.disruption.consolidationPolicy']);
});
