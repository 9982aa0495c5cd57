import { expandRequirements, expandShorthand } from '../../../model/parse/requirement-shorthands';

describe('requirement shorthands', () => {
  it('expands in the documented fixed order, whatever order they are written in, then raw requirements', () => {
    const reqs = expandRequirements({
      nodeClass: 'd',
      requirements: [{ key: 'example.com/x', operator: 'Exists' }],
      instanceGenerationGreaterThan: 2,
      instanceTypes: ['t4g.large'],
      instanceSizes: { notIn: ['nano'] },
      instanceFamilies: { notIn: ['t3'] },
      instanceCategories: { in: ['c', 'm'], minValues: 2 },
      zones: ['eu-west-1a'],
      operatingSystems: ['linux'],
      architectures: ['arm64'],
      capacityTypes: ['spot'],
    });
    expect(reqs).toEqual([
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] },
      { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] },
      { key: 'kubernetes.io/os', operator: 'In', values: ['linux'] },
      { key: 'topology.kubernetes.io/zone', operator: 'In', values: ['eu-west-1a'] },
      { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c', 'm'], minValues: 2 },
      { key: 'karpenter.k8s.aws/instance-family', operator: 'NotIn', values: ['t3'] },
      { key: 'karpenter.k8s.aws/instance-size', operator: 'NotIn', values: ['nano'] },
      { key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['t4g.large'] },
      { key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: ['2'] },
      { key: 'example.com/x', operator: 'Exists' },
    ]);
  });

  it('keeps values in the order written', () => {
    expect(expandShorthand('k', ['b', 'a'])).toEqual({ key: 'k', operator: 'In', values: ['b', 'a'] });
    expect(expandShorthand('k', { notIn: ['x'], minValues: 1 })).toEqual({
      key: 'k',
      operator: 'NotIn',
      values: ['x'],
      minValues: 1,
    });
  });

  it('no shorthands, no requirements', () => {
    expect(expandRequirements({ nodeClass: 'd' })).toEqual([]);
  });
});
