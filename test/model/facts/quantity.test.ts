import { parseQuantity } from '../../../model/facts/quantity';

describe('parseQuantity', () => {
  it('reads decimal and binary suffixes', () => {
    expect(parseQuantity('100m')).toBeCloseTo(0.1);
    expect(parseQuantity('2')).toBe(2);
    expect(parseQuantity('1.5')).toBe(1.5);
    expect(parseQuantity('64Mi')).toBe(64 * 2 ** 20);
    expect(parseQuantity('1G')).toBe(1e9);
  });

  it('returns undefined for anything else', () => {
    expect(parseQuantity('lots')).toBeUndefined();
    expect(parseQuantity('1e3')).toBeUndefined();
    expect(parseQuantity('')).toBeUndefined();
  });
});
