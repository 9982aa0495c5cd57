import { canonicalQuantity, parseQuantity } from '../../../model/facts/quantity';

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

describe('canonicalQuantity (resource.Quantity.String() after ParseQuantity)', () => {
  it.each([
    ['1024Mi', '1Gi'],
    ['1Gi', '1Gi'],
    ['2048Gi', '2Ti'],
    ['1536Mi', '1536Mi'],
    ['1.5Gi', '1536Mi'],
    ['0.5Gi', '512Mi'],
    ['0.5Ki', '512'],
    ['1000G', '1T'],
    ['1024G', '1024G'],
    ['1000', '1k'],
    ['1200000', '1200k'],
    ['1500', '1500'],
    ['1.5', '1500m'],
    ['1000m', '1'],
    ['100m', '100m'],
    ['0.1n', '1n'],
    ['0', '0'],
    ['0Gi', '0'],
    ['1073741824', '1073741824'],
    ['-1Gi', '-1Gi'],
  ])('%s → %s', (text, canonical) => {
    expect(canonicalQuantity(text)).toBe(canonical);
  });

  it('keeps binary and decimal formats apart, as the hash does', () => {
    expect(canonicalQuantity('1Gi')).not.toBe(canonicalQuantity('1073741824'));
  });

  it('returns undefined for what it does not read', () => {
    expect(canonicalQuantity('1e3')).toBeUndefined();
    expect(canonicalQuantity('lots')).toBeUndefined();
    expect(canonicalQuantity('1000000E')).toBeUndefined();
  });
});
