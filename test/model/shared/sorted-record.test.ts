import { compareCodeUnits, sortedRecord, sortedRecordOrUndefined } from '../../../model/shared/sorted';

test('sortedRecord orders keys by code unit, independent of insertion order and locale', () => {
  const sorted = sortedRecord({ b: 1, B: 2, a: 3, ä: 4, _: 5, '10': 6, '9': 7 });
  // Integer-like keys are always enumerated first by JS objects, in numeric order.
  expect(Object.keys(sorted)).toEqual(['9', '10', 'B', '_', 'a', 'b', 'ä']);
  expect(sorted).toEqual({ b: 1, B: 2, a: 3, ä: 4, _: 5, '10': 6, '9': 7 });
});

test('sortedRecordOrUndefined keeps absence', () => {
  expect(sortedRecordOrUndefined(undefined)).toBeUndefined();
  expect(sortedRecordOrUndefined({})).toEqual({});
});

test('compareCodeUnits', () => {
  expect(['b', 'a', 'B'].sort(compareCodeUnits)).toEqual(['B', 'a', 'b']);
  expect(compareCodeUnits('x', 'x')).toBe(0);
});
