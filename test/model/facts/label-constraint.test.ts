import { isSatisfiable, labelConstraint, withinBounds } from '../../../model/facts/label-constraint';

const req = (operator: string, ...values: string[]) => ({ key: 'k', operator, values });

describe('labelConstraint', () => {
  it('intersects In lists and collects NotIn values', () => {
    const c = labelConstraint([req('In', 'a', 'b', 'c'), req('In', 'b', 'c', 'd'), req('NotIn', 'c')]);
    expect([...(c.allowed ?? [])]).toEqual(['b', 'c']);
    expect([...c.excluded]).toEqual(['c']);
    expect(c.mustExist).toBe(true);
    expect(isSatisfiable(c)).toBe(true);
  });

  it('turns Gt/Gte/Lt/Lte into exclusive integer bounds, keeping the tightest', () => {
    const c = labelConstraint([req('Gt', '2'), req('Gte', '5'), req('Lt', '9'), req('Lte', '7')]);
    expect(c.gt).toBe(4);
    expect(c.lt).toBe(8);
    expect(withinBounds('5', c)).toBe(true);
    expect(withinBounds('4', c)).toBe(false);
    expect(withinBounds('8', c)).toBe(false);
    expect(withinBounds('x', c)).toBe(false);
  });

  it('finds contradictions', () => {
    expect(isSatisfiable(labelConstraint([req('In', 'a'), req('In', 'b')]))).toBe(false);
    expect(isSatisfiable(labelConstraint([req('In', 'a'), req('NotIn', 'a')]))).toBe(false);
    expect(isSatisfiable(labelConstraint([req('Exists'), req('DoesNotExist')]))).toBe(false);
    expect(isSatisfiable(labelConstraint([req('Gt', '5'), req('Lt', '6')]))).toBe(false);
    expect(isSatisfiable(labelConstraint([req('Gt', '5'), req('Lt', '7'), req('NotIn', '6')]))).toBe(false);
    expect(isSatisfiable(labelConstraint([req('In', '3', '9'), req('Gt', '5')]))).toBe(true);
  });

  it('accepts absence for DoesNotExist alone and anything for no requirement', () => {
    expect(isSatisfiable(labelConstraint([req('DoesNotExist')]))).toBe(true);
    expect(isSatisfiable(labelConstraint([]))).toBe(true);
  });

  it('flags operators Karpenter does not define and leaves the decision to the caller', () => {
    const c = labelConstraint([req('Matches', 'a.*')]);
    expect(c.unknownOperator).toBe(true);
    expect(c.mustExist).toBe(false);
  });
});
