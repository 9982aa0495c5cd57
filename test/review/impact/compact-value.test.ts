import { compactValue, describeValues, mdCode } from '../../../review/impact/compact-value';

describe('compact values', () => {
  it('shows scalars as written and structures as sorted compact JSON', () => {
    expect(compactValue('720h')).toBe('720h');
    expect(compactValue(3)).toBe('3');
    expect(compactValue({ b: 1, a: [true] })).toBe('{"a":[true],"b":1}');
  });

  it('keeps one line and cuts long values', () => {
    expect(compactValue('a\nb')).toBe('a⏎b');
    const long = compactValue('x'.repeat(200), 10);
    expect(long).toBe(`${'x'.repeat(9)}…`);
  });

  it('wraps values with backticks in a double-backtick span', () => {
    expect(mdCode('a')).toBe('`a`');
    expect(mdCode('a`b')).toBe('`` a`b ``');
  });

  it('describes changes in words, text changes by line counts', () => {
    expect(describeValues('changed', '1', '2')).toBe('`1` → `2`');
    expect(describeValues('added', undefined, 'x')).toBe('added `x`');
    expect(describeValues('removed', 'x', undefined)).toBe('removed `x`');
    expect(describeValues('reordered', [1, 2], [2, 1])).toBe('reordered');
    expect(describeValues('changed', '#!/bin/bash\necho a\n', '#!/bin/bash\necho b\necho c\n')).toBe(
      'text changed (+2 −1 lines)',
    );
  });
});
