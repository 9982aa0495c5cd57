import {
  compareRequirements,
  parseRequirements,
  RequirementLike,
} from '../../../review/impact/requirement-drift';

const req = (key: string, operator: string, values?: string[], minValues?: number): RequirementLike => ({
  key,
  operator,
  values,
  minValues,
});
const CT = 'karpenter.sh/capacity-type';
const GEN = 'karpenter.k8s.aws/instance-generation';
const FAM = 'karpenter.k8s.aws/instance-family';

describe('compareRequirements', () => {
  it('adding a value to In widens', () => {
    const d = compareRequirements([req(CT, 'In', ['spot'])], [req(CT, 'In', ['spot', 'on-demand'])]);
    const reason = `${CT}: widened or equivalent (In [spot] → In [spot, on-demand]); every existing node still matches`;
    expect(d).toEqual({
      narrowed: false,
      reasons: [reason],
      byKey: new Map([[CT, { narrowed: false, reason }]]),
    });
  });

  it('removing a value from In narrows and names it', () => {
    const d = compareRequirements([req(CT, 'In', ['spot', 'on-demand'])], [req(CT, 'In', ['spot'])]);
    expect(d.narrowed).toBe(true);
    expect(d.reasons).toEqual([
      `${CT}: narrowed (In [spot, on-demand] → In [spot]); nodes with value on-demand drift (RequirementsDrifted)`,
    ]);
  });

  it('removing a requirement widens; adding one narrows', () => {
    expect(compareRequirements([req(FAM, 'NotIn', ['t3'])], []).narrowed).toBe(false);
    const d = compareRequirements([], [req(FAM, 'NotIn', ['t3'])]);
    expect(d.narrowed).toBe(true);
    expect(d.reasons[0]).toContain('whose label does not satisfy the new requirement');
  });

  it('NotIn: excluding more narrows, excluding less widens', () => {
    expect(
      compareRequirements([req(FAM, 'NotIn', ['t3'])], [req(FAM, 'NotIn', ['t3', 't2'])]).reasons[0],
    ).toContain('nodes with value t2 drift');
    expect(compareRequirements([req(FAM, 'NotIn', ['t3', 't2'])], [req(FAM, 'NotIn', ['t3'])]).narrowed).toBe(
      false,
    );
  });

  it('In to NotIn of a value outside the old set is equivalent for running nodes', () => {
    expect(compareRequirements([req(FAM, 'In', ['m5', 'c5'])], [req(FAM, 'NotIn', ['t3'])]).narrowed).toBe(
      false,
    );
    expect(compareRequirements([req(FAM, 'In', ['m5', 't3'])], [req(FAM, 'NotIn', ['t3'])]).narrowed).toBe(
      true,
    );
  });

  it('Gt: raising the bound narrows, lowering widens; Gte and Gt are related', () => {
    expect(compareRequirements([req(GEN, 'Gt', ['2'])], [req(GEN, 'Gt', ['4'])]).reasons[0]).toContain(
      'with a value ≤ 4',
    );
    expect(compareRequirements([req(GEN, 'Gt', ['4'])], [req(GEN, 'Gt', ['2'])]).narrowed).toBe(false);
    expect(compareRequirements([req(GEN, 'Gt', ['2'])], [req(GEN, 'Gte', ['3'])]).narrowed).toBe(false);
    expect(compareRequirements([req(GEN, 'In', ['5', '6'])], [req(GEN, 'Gt', ['4'])]).narrowed).toBe(false);
    expect(compareRequirements([req(GEN, 'In', ['3', '6'])], [req(GEN, 'Gt', ['4'])]).reasons[0]).toContain(
      'with value 3',
    );
  });

  it('Exists and DoesNotExist', () => {
    expect(compareRequirements([req('x', 'In', ['a'])], [req('x', 'Exists')]).narrowed).toBe(false);
    expect(compareRequirements([req('x', 'NotIn', ['a'])], [req('x', 'Exists')]).reasons[0]).toContain(
      'without the label',
    );
    expect(compareRequirements([req('x', 'Exists')], [req('x', 'DoesNotExist')]).reasons[0]).toContain(
      'that carry the label',
    );
  });

  it('a minValues change alone affects new launches only', () => {
    const d = compareRequirements([req(FAM, 'In', ['a', 'b', 'c'], 2)], [req(FAM, 'In', ['c', 'b', 'a'], 3)]);
    expect(d.narrowed).toBe(false);
    expect(d.byKey.get(FAM)?.narrowed).toBe(false);
    expect(d.reasons).toEqual([
      `${FAM}: only minValues changed (In [a, b, c] minValues 2 → In [c, b, a] minValues 3); affects new launches only`,
    ]);
  });

  it('two requirements on one key intersect', () => {
    const before = [req(FAM, 'In', ['m5', 'c5', 't3']), req(FAM, 'NotIn', ['t3'])];
    expect(compareRequirements(before, [req(FAM, 'In', ['m5', 'c5'])]).narrowed).toBe(false);
  });

  it('parseRequirements keeps key, operator, values and minValues and skips junk', () => {
    expect(parseRequirements([{ key: 'a', operator: 'In', values: ['x'], minValues: 1 }, 'junk'])).toEqual([
      req('a', 'In', ['x'], 1),
    ]);
    expect(parseRequirements(undefined)).toEqual([]);
  });
});
