import { selectorDrift, termCovers } from '../../../review/impact/selector-drift';

const tags = (t: Record<string, string>) => ({ tags: t });
const DISCOVERY = tags({ 'karpenter.sh/discovery': 'shop' });

describe('termCovers (terms ORed, fields ANDed, tag value * = any)', () => {
  it.each([
    [DISCOVERY, DISCOVERY, true],
    [tags({ a: '*' }), tags({ a: 'x' }), true],
    [tags({ a: 'x' }), tags({ a: '*' }), false],
    [tags({ a: 'x' }), tags({ a: 'x', b: 'y' }), true],
    [tags({ a: 'x', b: 'y' }), tags({ a: 'x' }), false],
    [{ id: 'subnet-1' }, { id: 'subnet-1' }, true],
    [{ id: 'subnet-1' }, { id: 'subnet-2' }, false],
    // Which ids carry which tags is AWS state: never assumed.
    [DISCOVERY, { id: 'subnet-1' }, false],
    [{ name: 'sg-a' }, { name: 'sg-a' }, true],
    [{ tags: { a: 'x' } }, { tags: { a: 'x' }, ownerID: '1' }, true],
    [{ tags: { a: 'x' }, ownerID: '1' }, { tags: { a: 'x' } }, false],
    [{}, DISCOVERY, false],
  ])('%j covers %j: %s', (wide, narrow, covers) => {
    expect(termCovers(wide, narrow)).toBe(covers);
  });
});

describe('selectorDrift', () => {
  it('isSubnetDrifted: one more subnet term can only add subnets, so no node drifts', () => {
    const v = selectorDrift('subnet', [DISCOVERY], [DISCOVERY, { id: 'subnet-9' }]);
    expect(v.impact).toBe('none');
    expect(v.reason).toContain('SubnetDrift, isSubnetDrifted');
    expect(v.reason).toContain('only add subnets');
  });

  it('isSubnetDrifted: a term that may select less is maybe, naming the term no longer covered', () => {
    const v = selectorDrift('subnet', [DISCOVERY, { id: 'subnet-9' }], [DISCOVERY]);
    expect(v).toEqual({
      impact: 'may-replace',
      reason:
        'subnet selection is not hashed; nodes in a subnet the new terms no longer select drift (SubnetDrift); not covered any more: {"id":"subnet-9"}',
    });
    expect(selectorDrift('subnet', [tags({ a: '*' })], [tags({ a: 'x' })]).impact).toBe('may-replace');
    expect(selectorDrift('subnet', [tags({ a: 'x', b: 'y' })], [tags({ a: 'x' })]).impact).toBe('none');
  });

  it('areSecurityGroupsDrifted: the set must stay equal, so an added term is maybe too', () => {
    const added = selectorDrift('security-group', [DISCOVERY], [DISCOVERY, { id: 'sg-9' }]);
    expect(added.impact).toBe('may-replace');
    expect(added.reason).toContain('an added group counts too');
    expect(added.reason).toContain('new: {"id":"sg-9"}');
    const removed = selectorDrift('security-group', [DISCOVERY, { id: 'sg-9' }], [DISCOVERY]);
    expect(removed.impact).toBe('may-replace');
    expect(removed.reason).toContain('not covered any more: {"id":"sg-9"}');
    // Terms that cover each other select the same groups.
    const same = selectorDrift(
      'security-group',
      [DISCOVERY],
      [DISCOVERY, tags({ 'karpenter.sh/discovery': 'shop', tier: 'web' })],
    );
    expect(same.impact).toBe('none');
  });

  it('isCapacityReservationDrifted: adding reservations drifts nothing, dropping one may', () => {
    expect(selectorDrift('capacity-reservation', undefined, [{ id: 'cr-1' }]).impact).toBe('none');
    expect(selectorDrift('capacity-reservation', [{ id: 'cr-1' }], [{ id: 'cr-1' }, { id: 'cr-2' }])).toEqual(
      {
        impact: 'none',
        reason: expect.stringContaining(
          'CapacityReservationDrift, isCapacityReservationDrifted',
        ) as unknown as string,
      },
    );
    const dropped = selectorDrift('capacity-reservation', [{ id: 'cr-1' }], []);
    expect(dropped.impact).toBe('may-replace');
    expect(dropped.reason).toContain(
      'nodes launched into a capacity reservation the new terms no longer select',
    );
  });
});
