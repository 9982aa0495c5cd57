import { splitShorthands } from '../../convert/requirement-shorthands';

test('requirements that map exactly onto a shorthand use it; the rest stay raw in order', () => {
  const split = splitShorthands([
    { key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: ['4'] },
    { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] },
    { key: 'karpenter.k8s.aws/instance-family', operator: 'NotIn', values: ['t3'], minValues: 2 },
    { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c', 'm'], minValues: 2 },
    { key: 'karpenter.sh/capacity-type', operator: 'NotIn', values: ['reserved'] },
    { key: 'kubernetes.io/arch', operator: 'In', values: ['riscv'] },
    { key: 'node.kubernetes.io/instance-type', operator: 'Exists' },
  ]);
  expect(split.shorthands).toEqual([
    ['capacityTypes', ['spot']],
    ['instanceCategories', { in: ['c', 'm'], minValues: 2 }],
    ['instanceFamilies', { notIn: ['t3'], minValues: 2 }],
    ['instanceGenerationGreaterThan', 4],
  ]);
  expect(split.raw).toEqual([
    // a second requirement on the same key cannot use the shorthand again
    { key: 'karpenter.sh/capacity-type', operator: 'NotIn', values: ['reserved'] },
    // values outside the closed set stay raw (the loader checks them there)
    { key: 'kubernetes.io/arch', operator: 'In', values: ['riscv'] },
    { key: 'node.kubernetes.io/instance-type', operator: 'Exists' },
  ]);
  expect(split.reordered).toBe(true);
});

test('already in expansion order: not reordered', () => {
  const split = splitShorthands([
    { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] },
    { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] },
    { key: 'example.com/x', operator: 'Exists' },
  ]);
  expect(split.reordered).toBe(false);
});

test('Gt with a non-integer or with minValues stays raw', () => {
  expect(
    splitShorthands([{ key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: ['3.5'] }]).raw,
  ).toHaveLength(1);
  expect(
    splitShorthands([
      { key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: ['3'], minValues: 1 },
    ]).raw,
  ).toHaveLength(1);
});
