/**
 * Go RE2 patterns rewritten to JavaScript: each difference between the dialects, and every
 * gitleaks rule compiling (the generated module is checked in test/codegen).
 */
import { re2RegExp, re2ToJs, Re2SyntaxError } from '../../../model/facts/re2-regex';

const matches = (pattern: string, text: string) => re2RegExp(pattern).test(text);

describe('re2ToJs', () => {
  it('\\s is ASCII white space only, without \\v', () => {
    for (const ch of [' ', '\t', '\n', '\f', '\r']) expect(matches('^a\\sb$', `a${ch}b`)).toBe(true);
    for (const ch of ['\v', '\u00a0', '\u2003', '\u2028', '\ufeff', '\u0085'])
      expect(matches('^a\\sb$', `a${ch}b`)).toBe(false);
    expect(matches('^a[^\\S]b$', 'a\u00a0b')).toBe(false);
    expect(matches('^a\\Sb$', 'a\u00a0b')).toBe(true);
  });

  it('. matches anything but \\n (\\r, U+2028 and U+2029 too); (?s) makes it match \\n', () => {
    for (const ch of ['\r', '\u2028', '\u2029', '\u0085']) expect(matches('^a.b$', `a${ch}b`)).toBe(true);
    expect(matches('^a.b$', 'a\nb')).toBe(false);
    expect(matches('^a(?s:.)b$', 'a\nb')).toBe(true);
  });

  it('$ is the end of the text and \\z too', () => {
    expect(matches('a$', 'a\n')).toBe(false);
    expect(matches('a\\z', 'a')).toBe(true);
    expect(matches('a\\z', 'ab')).toBe(false);
  });

  it('flags that change inside a pattern apply to the rest of their group only', () => {
    expect(matches('^ab(?i)cd$', 'abCD')).toBe(true);
    expect(matches('^ab(?i)cd$', 'ABcd')).toBe(false);
    expect(matches('^(?i)a(?-i:b)c$', 'AbC')).toBe(true);
    expect(matches('^(?i)a(?-i:b)c$', 'ABC')).toBe(false);
    expect(matches('^(x(?i)y)z$', 'xYz')).toBe(true);
    expect(matches('^(x(?i)y)z$', 'xYZ')).toBe(false);
    expect(matches('^(?i)[a-c]+$', 'AbC')).toBe(true);
    expect(matches('^(?i)[^a-c]$', 'B')).toBe(false);
  });

  it('POSIX classes, \\x escapes, literal braces and named groups', () => {
    expect(matches('^[[:alnum:]]+$', 'aZ9')).toBe(true);
    expect(matches('^[[:alnum:]]+$', 'a_')).toBe(false);
    expect(matches('^\\x60\\x{41}$', '`A')).toBe(true);
    expect(matches('^a{2}$', 'aa')).toBe(true);
    expect(matches('^\\{\\{ x }}$', '{{ x }}')).toBe(true);
    expect(re2RegExp('(?P<word>a+)b').exec('aab')?.[1]).toBe('aa');
  });

  it('refuses what it cannot rewrite exactly, naming it', () => {
    expect(() => re2ToJs('\\pL')).toThrow(new Re2SyntaxError('the escape \\p at offset 0 of the pattern'));
    expect(() => re2ToJs('(?m)^a$')).toThrow(Re2SyntaxError);
    expect(() => re2ToJs('(a')).toThrow(/an unclosed group/);
    expect(() => re2ToJs('a)')).toThrow(/an unbalanced \)/);
  });
});
