import { IMPACT_LABELS, NODE_IMPACTS, worstImpact } from '../../../review/impact/node-impact';
import { compareKinds, isKarpenterKind } from '../../../review/resource-kinds';

describe('node impact', () => {
  it('orders impacts by severity', () => {
    expect(worstImpact([])).toBe('none');
    expect(worstImpact(['none', 'may-replace'])).toBe('may-replace');
    expect(worstImpact(['replaces', 'may-replace', 'none'])).toBe('replaces');
    expect(worstImpact(['replaces', 'deletes'])).toBe('deletes');
    expect(NODE_IMPACTS.map((i) => IMPACT_LABELS[i])).toEqual(['no', 'maybe', 'yes', 'deletes nodes']);
  });
});

describe('resource kinds', () => {
  it('sorts node classes, then pools, then the rest alphabetically', () => {
    expect(['HelmValues', 'NodePool', 'Application', 'EC2NodeClass'].sort(compareKinds)).toEqual([
      'EC2NodeClass',
      'NodePool',
      'Application',
      'HelmValues',
    ]);
    expect(isKarpenterKind('NodePool')).toBe(true);
    expect(isKarpenterKind('Deployment')).toBe(false);
  });
});
