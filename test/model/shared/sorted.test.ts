import { byName, sortedDeep, sortedRecord } from '../../../model/shared/sorted';

describe('sorting helpers', () => {
  it('sorts record keys by code unit, deep for sortedDeep, lists untouched', () => {
    expect(Object.keys(sortedRecord({ b: 1, B: 2, a: 3 }))).toEqual(['B', 'a', 'b']);
    expect(sortedRecord(undefined)).toEqual({});
    expect(JSON.stringify(sortedDeep({ z: { y: 1, x: [{ b: 1, a: 2 }, 3] }, a: null }))).toBe(
      '{"a":null,"z":{"x":[{"a":2,"b":1},3],"y":1}}',
    );
    expect([{ name: 'b' }, { name: 'a' }].sort(byName)).toEqual([{ name: 'a' }, { name: 'b' }]);
  });
});
