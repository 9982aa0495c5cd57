import { readRequirements, v1alpha5DefaultRequirements } from '../../convert/requirements';
import { contextFor } from './convert-helpers';

const doc = (reqs: string) => `kind: Provisioner
metadata: { name: p }
spec:
  requirements:
${reqs}`;

test('deprecated and mistaken keys are corrected with a warning each', () => {
  const { ctx, log } = contextFor(
    doc(`    - { key: failure-domain.beta.kubernetes.io/zone, operator: In, values: [eu-west-1a] }
    - { key: beta.kubernetes.io/arch, operator: In, values: [arm64] }
    - { key: karpenter.k8s.aws/capacity-type, operator: In, values: [spot] }
    - { key: eks.amazonaws.com/capacityType, operator: NotIn, values: [ON_DEMAND] }
    - { key: example.com/team, operator: Exists }`),
  );
  expect(readRequirements(ctx, ['spec', 'requirements'], 'nodePools.p')).toEqual([
    { key: 'topology.kubernetes.io/zone', operator: 'In', values: ['eu-west-1a'] },
    { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] },
    { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] },
    { key: 'karpenter.sh/capacity-type', operator: 'NotIn', values: ['on-demand'] },
    { key: 'example.com/team', operator: 'Exists' },
  ]);
  expect(log.entries.map((e) => [e.line, e.action, e.message])).toEqual([
    [5, 'renamed', 'key failure-domain.beta.kubernetes.io/zone became topology.kubernetes.io/zone'],
    [6, 'renamed', 'key beta.kubernetes.io/arch became kubernetes.io/arch'],
    [7, 'renamed', 'key karpenter.k8s.aws/capacity-type became karpenter.sh/capacity-type'],
    [8, 'renamed', 'key eks.amazonaws.com/capacityType became karpenter.sh/capacity-type'],
  ]);
  expect(log.entries.every((e) => e.level === 'warning')).toBe(true);
});

test('numbers in values become strings (reported); a bad operator is an error', () => {
  const { ctx, log } = contextFor(
    doc(`    - { key: karpenter.k8s.aws/instance-generation, operator: Gt, values: [3] }
    - { key: a, operator: Contains, values: [x] }`),
  );
  expect(readRequirements(ctx, ['spec', 'requirements'], 'nodePools.p')).toEqual([
    { key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: ['3'] },
  ]);
  expect(log.entries[0].message).toBe('3 written as the string "3"');
  expect(log.diagnostics[0]).toMatchObject({ line: 6, message: "'Contains' is not a requirement operator" });
});

test('v1alpha5 defaults fill only what the Provisioner left open', () => {
  expect(v1alpha5DefaultRequirements([])).toEqual([
    { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] },
    { key: 'kubernetes.io/os', operator: 'In', values: ['linux'] },
    { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
    { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c', 'm', 'r'] },
    { key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: ['2'] },
  ]);
  expect(
    v1alpha5DefaultRequirements([
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] },
      { key: 'kubernetes.io/os', operator: 'In', values: ['linux'] },
      { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] },
      { key: 'karpenter.k8s.aws/instance-size', operator: 'In', values: ['large'] },
    ]),
  ).toEqual([]);
});
