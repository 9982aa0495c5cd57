import { deepMergeValues } from '../../../charts/helm-values/deep-merge';

describe('deepMergeValues', () => {
  it('merges maps recursively and lets the overlay win on scalars', () => {
    expect(deepMergeValues({ a: { x: 1, y: 2 }, b: 'keep' }, { a: { y: 3, z: 4 } })).toEqual({
      a: { x: 1, y: 3, z: 4 },
      b: 'keep',
    });
  });

  it('replaces lists whole and keeps null (Helm deletes the default)', () => {
    expect(deepMergeValues({ l: [1, 2], m: { k: 'v' } }, { l: [3], m: null })).toEqual({ l: [3], m: null });
  });

  it('replaces a map with a scalar and a scalar with a map', () => {
    expect(deepMergeValues({ a: { x: 1 }, b: 1 }, { a: 'flat', b: { y: 2 } })).toEqual({
      a: 'flat',
      b: { y: 2 },
    });
  });

  it('keeps base key order, appends overlay-only keys sorted, and sorts overlay maps', () => {
    const merged = deepMergeValues({ z: 1, a: 1 }, { y: { d: 1, c: 2 }, b: 1 });
    expect(Object.keys(merged)).toEqual(['z', 'a', 'b', 'y']);
    expect(Object.keys(merged.y as object)).toEqual(['c', 'd']);
  });

  it('does not modify its inputs', () => {
    const base = { a: { x: 1 } };
    const overlay = { a: { y: 2 } };
    deepMergeValues(base, overlay);
    expect(base).toEqual({ a: { x: 1 } });
    expect(overlay).toEqual({ a: { y: 2 } });
  });
});
