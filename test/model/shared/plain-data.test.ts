import { deserialize, serialize } from 'node:v8';
import { isPlainData, plainDataText } from '../../../model/shared/plain-data';
import { inThisRealm } from '../../support/in-this-realm';

describe('isPlainData', () => {
  it('accepts objects, arrays, Maps and Sets of primitives and refuses anything else', () => {
    expect(isPlainData({ a: [1, 'x', null, undefined, true], m: new Map([['k', new Set([1])]]) })).toBe(true);
    expect(isPlainData({ f: () => 1 })).toBe(false);
    expect(isPlainData({ d: new Date(0) })).toBe(false);
    expect(isPlainData({ [Symbol('s')]: 1 })).toBe(false);
    expect(isPlainData(Object.defineProperty({}, 'g', { get: () => 1, enumerable: true }))).toBe(false);
    expect(isPlainData(10n)).toBe(false);
  });

  it('refuses what a structured clone would not give back as it was, and keeps what it would', () => {
    // A property on a Map or Set is dropped by the clone.
    const tagged = Object.assign(new Map([['k', 1]]), { extra: 1 });
    expect((deserialize(serialize(tagged)) as Record<string, unknown>).extra).toBeUndefined();
    expect(isPlainData(tagged)).toBe(false);
    expect(isPlainData(Object.defineProperty({ a: 1 }, 'hidden', { value: 2, enumerable: false }))).toBe(
      false,
    );
    // Shared objects and circles survive the clone.
    const shared = { x: 1 };
    const circle: Record<string, unknown> = { shared, again: shared };
    circle.self = circle;
    expect(isPlainData(circle)).toBe(true);
  });
});

describe('plainDataText', () => {
  it('is the same for a structured clone and for a value built another way', () => {
    const value = { name: 'shop', n: 2, list: [1.5, 'é', { x: undefined }], m: new Map([['k', 1]]) };
    // As a fleet load record gives it back (V8's serialization; rebuilt in the test's realm).
    const cloned = inThisRealm(deserialize(serialize(value)) as unknown);
    expect(plainDataText(cloned)).toBe(plainDataText(value));
    // A string kept in two bytes per character and a number computed as a double read the same.
    const twoByte = 'shop€'.slice(0, 4);
    expect(plainDataText({ name: twoByte, n: 4 / 2 })).toBe(plainDataText({ name: 'shop', n: 2 }));
  });

  it('tells apart what JSON alone would not', () => {
    const pairs: [unknown, unknown][] = [
      [{ a: undefined }, {}],
      [[undefined], [null]],
      // A hole (an array of length 2 with no item 0) against an undefined item.
      [Object.assign(new Array<unknown>(2), { 1: 1 }), [undefined, 1]],
      [-0, 0],
      [NaN, null],
      [Infinity, 'Infinity'],
      [new Map([['a', 1]]), { a: 1 }],
      [new Map([['a', 1]]), [['a', 1]]],
      [new Set([1]), [1]],
      [new Map([[1, 'x']]), new Map([['1', 'x']])],
      [{ '\u0000map': [['a', 1]] }, new Map([['a', 1]])],
      ['\u0000undefined', undefined],
      [
        { a: 1, b: 2 },
        { a: 1, b: 3 },
      ],
    ];
    for (const [a, b] of pairs)
      expect({ a, text: plainDataText(a) }).not.toEqual({ a, text: plainDataText(b) });
  });

  it('is undefined for what is not plain data, and for a circle', () => {
    expect(plainDataText({ f: () => 1 })).toBeUndefined();
    const circle: Record<string, unknown> = {};
    circle.self = circle;
    expect(plainDataText(circle)).toBeUndefined();
  });
});
