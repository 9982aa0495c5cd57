import { textsOf, valuesOf } from '../../../model/shared/generated-file';

describe('textsOf', () => {
  it('keeps every path, in order, with its text', () => {
    const files = new Map([
      ['b.yaml', { text: 'b: 1\n', value: { b: 1 } }],
      ['a.json', { text: '{}' }],
    ]);
    expect([...textsOf(files)]).toEqual([
      ['b.yaml', 'b: 1\n'],
      ['a.json', '{}'],
    ]);
  });
});

describe('valuesOf', () => {
  it('keeps only the files that have a value (null is a value)', () => {
    const files = new Map<string, { text: string; value?: unknown }>([
      ['a.yaml', { text: 'a: 1\n', value: { a: 1 } }],
      ['b.json', { text: '{}' }],
      ['c.yaml', { text: 'null\n', value: null }],
    ]);
    expect([...valuesOf(files)]).toEqual([
      ['a.yaml', { a: 1 }],
      ['c.yaml', null],
    ]);
  });
});
