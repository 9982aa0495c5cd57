import { instanceTypeLabels } from '../../../model/facts/instance-type-labels';

describe('instance type labels, as Karpenter 1.14.1 derives them from the name', () => {
  it('splits family and size at the dot, category and generation from the family', () => {
    expect(instanceTypeLabels('m5d.large')).toEqual({
      category: 'm',
      generation: '5',
      family: 'm5d',
      size: 'large',
    });
    expect(instanceTypeLabels('c7i-flex.2xlarge')).toEqual({
      category: 'c',
      generation: '7',
      family: 'c7i-flex',
      size: '2xlarge',
    });
  });

  it('skips the -<n>tb memory part of high-memory types', () => {
    expect(instanceTypeLabels('u-6tb1.metal')).toEqual({
      category: 'u',
      generation: '1',
      family: 'u-6tb1',
      size: 'metal',
    });
  });

  it('sets no category or generation where the pattern does not match', () => {
    expect(instanceTypeLabels('mac-m4.metal')).toEqual({ family: 'mac-m4', size: 'metal' });
  });

  it('sets no family or size unless the name has exactly one dot', () => {
    expect(instanceTypeLabels('m5')).toEqual({});
    expect(instanceTypeLabels('a.b.c')).toEqual({});
  });
});
