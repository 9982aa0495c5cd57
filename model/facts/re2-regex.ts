/**
 * Go regular expressions (RE2 syntax, https://github.com/google/re2/wiki/Syntax) rewritten as
 * JavaScript regular expressions that match exactly the same strings, for the patterns this
 * project evaluates as Go does: gitleaks' secret rules (imports/secret-rules/), a team's own
 * secret patterns in `_defaults.yaml`, and the NodePool CRD's schedule pattern, which the API
 * server evaluates with Go's regexp package.
 *
 * Where the two dialects differ, the rewrite spells RE2's meaning out:
 * - `\s` is ASCII in RE2 (`[\t\n\f\r ]`, not even `\v`); JavaScript's also matches U+00A0,
 *   U+2028, U+FEFF ... so it becomes that class;
 * - `.` matches anything but `\n` in RE2 (so it does match `\r`, U+2028, U+2029); JavaScript's
 *   stops at all four: it becomes `[^\n]` (or anything, under the `s` flag);
 * - flags may change in the middle of a pattern (`(?i)` applies to the rest of its group,
 *   `(?-i:...)` and `(?i:...)` to a group), which JavaScript before ES2025 cannot say: a
 *   case-insensitive letter becomes `[aA]` and a class gains the other case of its letters;
 * - `\z` (end of text), `\A`, POSIX classes (`[[:alnum:]]`), `\x{41}` become their JavaScript
 *   equivalents.
 * Constructs outside what the patterns above use (Unicode classes `\pL`, `\Q...\E`, the `m` and
 * `U` flags) are refused with an error that names them, never silently mistranslated.
 */

/** A pattern that cannot be rewritten. */
export class Re2SyntaxError extends Error {}

interface Flags {
  readonly i: boolean;
  readonly s: boolean;
}

const POSIX_CLASSES: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  alnum: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  alpha: [
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  digit: [[0x30, 0x39]],
  lower: [[0x61, 0x7a]],
  upper: [[0x41, 0x5a]],
  xdigit: [
    [0x30, 0x39],
    [0x41, 0x46],
    [0x61, 0x66],
  ],
  space: [
    [0x09, 0x0d],
    [0x20, 0x20],
  ],
  word: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x5f, 0x5f],
    [0x61, 0x7a],
  ],
  punct: [
    [0x21, 0x2f],
    [0x3a, 0x40],
    [0x5b, 0x60],
    [0x7b, 0x7e],
  ],
};

/** RE2's Perl classes, as code-point ranges. */
const PERL_CLASSES: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  d: [[0x30, 0x39]],
  s: [
    [0x09, 0x0a],
    [0x0c, 0x0d],
    [0x20, 0x20],
  ],
  w: POSIX_CLASSES.word,
};

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  n: 0x0a,
  r: 0x0d,
  t: 0x09,
  f: 0x0c,
  v: 0x0b,
  a: 0x07,
};

function isLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** One code point as JavaScript writes it in a class (`inClass`) or as a literal. */
function classChar(code: number, inClass = true): string {
  const ch = String.fromCharCode(code);
  const special = inClass ? '\\]-^[' : '\\^$.|?*+()[]{}/';
  if (special.includes(ch)) return `\\${ch}`;
  if (code >= 0x21 && code <= 0x7e) return ch;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  throw new Re2SyntaxError(`code point U+${code.toString(16)} beyond the BMP is not supported`);
}

/** Ranges with the other case of every ASCII letter added (RE2's `(?i)` on ASCII). */
function caseClosed(ranges: readonly (readonly [number, number])[]): (readonly [number, number])[] {
  const out = [...ranges];
  for (const [lo, hi] of ranges) {
    for (const [a, z, shift] of [
      [0x61, 0x7a, -32],
      [0x41, 0x5a, 32],
    ] as const) {
      const from = Math.max(lo, a);
      const to = Math.min(hi, z);
      if (from <= to) out.push([from + shift, to + shift]);
    }
  }
  return out;
}

/** Every UTF-16 code unit not in `ranges` (sorted, disjoint). */
function complement(ranges: readonly (readonly [number, number])[]): (readonly [number, number])[] {
  const out: (readonly [number, number])[] = [];
  let next = 0;
  for (const [lo, hi] of ranges) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= 0xffff) out.push([next, 0xffff]);
  return out;
}

function emitClass(ranges: readonly (readonly [number, number])[], negated: boolean): string {
  const body = ranges.map(([lo, hi]) => (lo === hi ? classChar(lo) : `${classChar(lo)}-${classChar(hi)}`));
  return `[${negated ? '^' : ''}${body.join('')}]`;
}

/**
 * The JavaScript source (no flags needed) of the Go regular expression `pattern`. Throws
 * Re2SyntaxError for what it does not rewrite.
 */
export function re2ToJs(pattern: string): string {
  const stack: Flags[] = [{ i: false, s: false }];
  const flags = (): Flags => stack[stack.length - 1];
  let out = '';
  let p = 0;
  const fail = (what: string): never => {
    throw new Re2SyntaxError(`${what} at offset ${p} of the pattern`);
  };

  /** Reads an escape at p (after the backslash); returns ranges, or a code point. */
  const readEscape = (
    inClass: boolean,
  ): { ranges?: readonly (readonly [number, number])[]; code?: number; raw?: string } => {
    const c = pattern[p];
    if (c === undefined) fail('a trailing backslash');
    p++;
    const lower = c.toLowerCase();
    if ('dsw'.includes(c)) return { ranges: PERL_CLASSES[c] };
    if ('DSW'.includes(c)) {
      return inClass
        ? { ranges: complement(PERL_CLASSES[lower]) }
        : { raw: emitClass(PERL_CLASSES[lower], true) };
    }
    if (c in SIMPLE_ESCAPES) return { code: SIMPLE_ESCAPES[c] };
    if (c === 'x') {
      if (pattern[p] === '{') {
        const end = pattern.indexOf('}', p);
        if (end < 0) fail('an unterminated \\x{');
        const code = parseInt(pattern.slice(p + 1, end), 16);
        p = end + 1;
        return { code };
      }
      const hex = pattern.slice(p, p + 2);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) fail('a malformed \\x escape');
      p += 2;
      return { code: parseInt(hex, 16) };
    }
    if (!inClass) {
      if (c === 'b' || c === 'B') return { raw: `\\${c}` };
      if (c === 'z') return { raw: '(?![\\s\\S])' };
      if (c === 'A') return { raw: '(?<![\\s\\S])' };
    }
    if (/[0-9A-Za-z]/.test(c)) {
      p -= 2; // at the backslash
      fail(`the escape \\${c}`);
    }
    return { code: c.codePointAt(0) ?? 0 };
  };

  const readClass = (): string => {
    // p is just after '['
    let negated = false;
    if (pattern[p] === '^') {
      negated = true;
      p++;
    }
    const ranges: (readonly [number, number])[] = [];
    let first = true;
    for (;;) {
      const c = pattern[p];
      if (c === undefined) fail('an unterminated class');
      if (c === ']' && !first) {
        p++;
        break;
      }
      first = false;
      if (c === '[' && pattern[p + 1] === ':') {
        const end = pattern.indexOf(':]', p + 2);
        if (end < 0) fail('an unterminated POSIX class');
        let name = pattern.slice(p + 2, end);
        const neg = name.startsWith('^');
        if (neg) name = name.slice(1);
        const cls = POSIX_CLASSES[name];
        if (cls === undefined || neg) fail(`the POSIX class [:${name}:]`);
        ranges.push(...cls);
        p = end + 2;
        continue;
      }
      let lo: number;
      if (c === '\\') {
        p++;
        const e = readEscape(true);
        if (e.ranges) {
          ranges.push(...e.ranges);
          continue;
        }
        lo = e.code ?? 0;
      } else {
        lo = pattern.codePointAt(p) ?? 0;
        p += lo > 0xffff ? 2 : 1;
      }
      let hi = lo;
      if (pattern[p] === '-' && pattern[p + 1] !== ']' && pattern[p + 1] !== undefined) {
        p++;
        if (pattern[p] === '\\') {
          p++;
          const e = readEscape(true);
          if (e.code === undefined) fail('a class as the end of a range');
          hi = e.code ?? 0;
        } else {
          hi = pattern.codePointAt(p) ?? 0;
          p += hi > 0xffff ? 2 : 1;
        }
        if (hi < lo) fail('a range that ends before it starts');
      }
      ranges.push([lo, hi]);
    }
    return emitClass(flags().i ? caseClosed(ranges) : ranges, negated);
  };

  while (p < pattern.length) {
    const c = pattern[p];
    if (c === '\\') {
      p++;
      const e = readEscape(false);
      if (e.raw !== undefined) out += e.raw;
      else if (e.ranges) out += emitClass(flags().i ? caseClosed(e.ranges) : e.ranges, false);
      else {
        const code = e.code ?? 0;
        out +=
          flags().i && isLetter(code) ? emitClass(caseClosed([[code, code]]), false) : classChar(code, false);
      }
    } else if (c === '[') {
      p++;
      out += readClass();
    } else if (c === '(') {
      if (pattern[p + 1] === '?') {
        const m = /^\(\?(?:P?<([A-Za-z_][A-Za-z0-9_]*)>|([a-zA-Z]*)(?:-([a-zA-Z]*))?([:)]))/.exec(
          pattern.slice(p),
        );
        if (m === null) fail('an unsupported group');
        const [whole, name, on = '', off = '', end] = m as RegExpExecArray;
        p += whole.length;
        if (name !== undefined) {
          stack.push(flags());
          out += '(';
          continue;
        }
        for (const f of on + off) if (f !== 'i' && f !== 's') fail(`the flag ${f}`);
        const next: Flags = {
          i: off.includes('i') ? false : on.includes('i') ? true : flags().i,
          s: off.includes('s') ? false : on.includes('s') ? true : flags().s,
        };
        if (end === ')') stack[stack.length - 1] = next;
        else {
          stack.push(next);
          out += '(?:';
        }
      } else {
        p++;
        stack.push(flags());
        out += '(';
      }
    } else if (c === ')') {
      p++;
      if (stack.length === 1) fail('an unbalanced )');
      stack.pop();
      out += ')';
    } else if (c === '.') {
      p++;
      out += flags().s ? '[\\s\\S]' : '[^\\n]';
    } else if (c === '{') {
      const repeat = /^\{\d+(,\d*)?\}/.exec(pattern.slice(p));
      out += repeat !== null ? repeat[0] : '\\{';
      p += repeat !== null ? repeat[0].length : 1;
    } else if ('^$|*+?}'.includes(c)) {
      p++;
      out += c === '}' ? '\\}' : c;
    } else {
      const code = pattern.codePointAt(p) ?? 0;
      p += code > 0xffff ? 2 : 1;
      out +=
        flags().i && isLetter(code) ? emitClass(caseClosed([[code, code]]), false) : classChar(code, false);
    }
  }
  if (stack.length !== 1) fail('an unclosed group');
  return out;
}

/** `re2ToJs` compiled, with the given JavaScript flags (`g`, `y`; never `i`, `s`, `m`, `u`). */
export function re2RegExp(pattern: string, jsFlags = ''): RegExp {
  return new RegExp(re2ToJs(pattern), jsFlags);
}
