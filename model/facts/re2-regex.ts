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
 *
 * Not re2js: it is exact (a port of RE2), but its matcher scans the 221 gitleaks rules over a 52 KB
 * fleet text in about 4 s, where these rewrites run on V8's own engine in milliseconds.
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

/** The rewrite of one pattern: a reader over `pattern` at `p`, writing JavaScript to `out`. */
class Translator {
  private p = 0;
  private out = '';
  /** The flags in force, one entry per open group. */
  private readonly stack: Flags[] = [{ i: false, s: false }];

  constructor(private readonly pattern: string) {}

  private flags(): Flags {
    return this.stack[this.stack.length - 1];
  }

  private fail(what: string): never {
    throw new Re2SyntaxError(`${what} at offset ${this.p} of the pattern`);
  }

  /** Reads an escape at p (after the backslash); returns ranges, or a code point. */
  private readEscape(inClass: boolean): {
    ranges?: readonly (readonly [number, number])[];
    code?: number;
    raw?: string;
  } {
    const c = this.pattern[this.p];
    if (c === undefined) this.fail('a trailing backslash');
    this.p++;
    const lower = c.toLowerCase();
    if ('dsw'.includes(c)) return { ranges: PERL_CLASSES[c] };
    if ('DSW'.includes(c)) {
      return inClass
        ? { ranges: complement(PERL_CLASSES[lower]) }
        : { raw: emitClass(PERL_CLASSES[lower], true) };
    }
    if (c in SIMPLE_ESCAPES) return { code: SIMPLE_ESCAPES[c] };
    if (c === 'x') {
      if (this.pattern[this.p] === '{') {
        const end = this.pattern.indexOf('}', this.p);
        if (end < 0) this.fail('an unterminated \\x{');
        const code = parseInt(this.pattern.slice(this.p + 1, end), 16);
        this.p = end + 1;
        return { code };
      }
      const hex = this.pattern.slice(this.p, this.p + 2);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) this.fail('a malformed \\x escape');
      this.p += 2;
      return { code: parseInt(hex, 16) };
    }
    if (!inClass) {
      if (c === 'b' || c === 'B') return { raw: `\\${c}` };
      if (c === 'z') return { raw: '(?![\\s\\S])' };
      if (c === 'A') return { raw: '(?<![\\s\\S])' };
    }
    if (/[0-9A-Za-z]/.test(c)) {
      this.p -= 2; // at the backslash
      this.fail(`the escape \\${c}`);
    }
    return { code: c.codePointAt(0) ?? 0 };
  }

  /** A class, with this.p just after its '['. */
  private readClass(): string {
    // this.p is just after '['
    let negated = false;
    if (this.pattern[this.p] === '^') {
      negated = true;
      this.p++;
    }
    const ranges: (readonly [number, number])[] = [];
    let first = true;
    for (;;) {
      const c = this.pattern[this.p];
      if (c === undefined) this.fail('an unterminated class');
      if (c === ']' && !first) {
        this.p++;
        break;
      }
      first = false;
      if (c === '[' && this.pattern[this.p + 1] === ':') {
        const end = this.pattern.indexOf(':]', this.p + 2);
        if (end < 0) this.fail('an unterminated POSIX class');
        let name = this.pattern.slice(this.p + 2, end);
        const neg = name.startsWith('^');
        if (neg) name = name.slice(1);
        const cls = POSIX_CLASSES[name];
        if (cls === undefined || neg) this.fail(`the POSIX class [:${name}:]`);
        ranges.push(...cls);
        this.p = end + 2;
        continue;
      }
      let lo: number;
      if (c === '\\') {
        this.p++;
        const e = this.readEscape(true);
        if (e.ranges) {
          ranges.push(...e.ranges);
          continue;
        }
        lo = e.code ?? 0;
      } else {
        lo = this.pattern.codePointAt(this.p) ?? 0;
        this.p += lo > 0xffff ? 2 : 1;
      }
      let hi = lo;
      if (
        this.pattern[this.p] === '-' &&
        this.pattern[this.p + 1] !== ']' &&
        this.pattern[this.p + 1] !== undefined
      ) {
        this.p++;
        if (this.pattern[this.p] === '\\') {
          this.p++;
          const e = this.readEscape(true);
          if (e.code === undefined) this.fail('a class as the end of a range');
          hi = e.code ?? 0;
        } else {
          hi = this.pattern.codePointAt(this.p) ?? 0;
          this.p += hi > 0xffff ? 2 : 1;
        }
        if (hi < lo) this.fail('a range that ends before it starts');
      }
      ranges.push([lo, hi]);
    }
    return emitClass(this.flags().i ? caseClosed(ranges) : ranges, negated);
  }

  /** A group, with p at its '(': capturing, named, or flags (for the group or the rest of this one). */
  private group(): void {
    if (this.pattern[this.p + 1] === '?') {
      const m = /^\(\?(?:P?<([A-Za-z_][A-Za-z0-9_]*)>|([a-zA-Z]*)(?:-([a-zA-Z]*))?([:)]))/.exec(
        this.pattern.slice(this.p),
      );
      if (m === null) this.fail('an unsupported group');
      const [whole, name, on = '', off = '', end] = m as RegExpExecArray;
      this.p += whole.length;
      if (name !== undefined) {
        this.stack.push(this.flags());
        this.out += '(';
        return;
      }
      for (const f of on + off) if (f !== 'i' && f !== 's') this.fail(`the flag ${f}`);
      const next: Flags = {
        i: off.includes('i') ? false : on.includes('i') ? true : this.flags().i,
        s: off.includes('s') ? false : on.includes('s') ? true : this.flags().s,
      };
      if (end === ')') this.stack[this.stack.length - 1] = next;
      else {
        this.stack.push(next);
        this.out += '(?:';
      }
    } else {
      this.p++;
      this.stack.push(this.flags());
      this.out += '(';
    }
  }

  translate(): string {
    while (this.p < this.pattern.length) {
      const c = this.pattern[this.p];
      if (c === '\\') {
        this.p++;
        const e = this.readEscape(false);
        if (e.raw !== undefined) this.out += e.raw;
        else if (e.ranges) this.out += emitClass(this.flags().i ? caseClosed(e.ranges) : e.ranges, false);
        else {
          const code = e.code ?? 0;
          this.out +=
            this.flags().i && isLetter(code)
              ? emitClass(caseClosed([[code, code]]), false)
              : classChar(code, false);
        }
      } else if (c === '[') {
        this.p++;
        this.out += this.readClass();
      } else if (c === '(') {
        this.group();
      } else if (c === ')') {
        this.p++;
        if (this.stack.length === 1) this.fail('an unbalanced )');
        this.stack.pop();
        this.out += ')';
      } else if (c === '.') {
        this.p++;
        this.out += this.flags().s ? '[\\s\\S]' : '[^\\n]';
      } else if (c === '{') {
        const repeat = /^\{\d+(,\d*)?\}/.exec(this.pattern.slice(this.p));
        this.out += repeat !== null ? repeat[0] : '\\{';
        this.p += repeat !== null ? repeat[0].length : 1;
      } else if ('^$|*+?}'.includes(c)) {
        this.p++;
        this.out += c === '}' ? '\\}' : c;
      } else {
        const code = this.pattern.codePointAt(this.p) ?? 0;
        this.p += code > 0xffff ? 2 : 1;
        this.out +=
          this.flags().i && isLetter(code)
            ? emitClass(caseClosed([[code, code]]), false)
            : classChar(code, false);
      }
    }
    if (this.stack.length !== 1) this.fail('an unclosed group');
    return this.out;
  }
}

/**
 * The JavaScript source (no flags needed) of the Go regular expression `pattern`. Throws
 * Re2SyntaxError for what it does not rewrite.
 */
export function re2ToJs(pattern: string): string {
  return new Translator(pattern).translate();
}

/** `re2ToJs` compiled, with the given JavaScript flags (`g`, `y`; never `i`, `s`, `m`, `u`). */
export function re2RegExp(pattern: string, jsFlags = ''): RegExp {
  return new RegExp(re2ToJs(pattern), jsFlags);
}
