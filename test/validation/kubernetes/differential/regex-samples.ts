/**
 * Strings a regular expression is likely to match, for the differential test: a small
 * generator for the regex subset CRD patterns use (alternation, groups, classes, escapes,
 * quantifiers, anchors). It only proposes candidates; whether one matches is decided by
 * the pattern itself, never assumed.
 */

type Node =
  | { t: 'alt'; options: Node[][] }
  | { t: 'chars'; pick: string[] }
  | { t: 'repeat'; node: Node; min: number; max: number }
  | { t: 'empty' };

const CLASS_ESCAPES: Record<string, string[]> = {
  d: ['0', '1', '7', '9'],
  w: ['a', 'Z', '0', '_'],
  s: [' ', '\t'],
};

/** Characters tried for a negated class or `.`. */
const ANY = ['a', 'x', '0', '5', 'Z', '-', '.', '_', ' ', ':'];

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Node {
    const n = this.alternation();
    return n;
  }

  private alternation(): Node {
    const options: Node[][] = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      options.push(this.sequence());
    }
    return { t: 'alt', options };
  }

  private sequence(): Node[] {
    const seq: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const atom = this.atom();
      seq.push(this.quantified(atom));
    }
    return seq;
  }

  private quantified(atom: Node): Node {
    const c = this.src[this.i];
    if (c === '?') return this.lazy({ t: 'repeat', node: atom, min: 0, max: 1 });
    if (c === '*') return this.lazy({ t: 'repeat', node: atom, min: 0, max: 3 });
    if (c === '+') return this.lazy({ t: 'repeat', node: atom, min: 1, max: 3 });
    if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (m) {
        this.i += m[0].length - 1;
        const min = Number(m[1]);
        const max = m[2] === undefined ? min : m[3] === '' ? min + 3 : Number(m[3]);
        return this.lazy({ t: 'repeat', node: atom, min, max });
      }
    }
    return atom;
  }

  private lazy(n: Node): Node {
    this.i++;
    if (this.src[this.i] === '?') this.i++;
    return n;
  }

  private atom(): Node {
    const c = this.src[this.i++];
    if (c === '^' || c === '$') return { t: 'empty' };
    if (c === '(') {
      if (this.src.startsWith('?:', this.i)) this.i += 2;
      const inner = this.alternation();
      this.i++; // ')'
      return inner;
    }
    if (c === '[') return this.charClass();
    if (c === '.') return { t: 'chars', pick: ANY };
    if (c === '\\') {
      const e = this.src[this.i++];
      return { t: 'chars', pick: CLASS_ESCAPES[e] ?? [e] };
    }
    return { t: 'chars', pick: [c] };
  }

  private charClass(): Node {
    let negated = false;
    if (this.src[this.i] === '^') {
      negated = true;
      this.i++;
    }
    const members: string[] = [];
    const ranges: [string, string][] = [];
    let first = true;
    while (this.i < this.src.length && (this.src[this.i] !== ']' || first)) {
      first = false;
      let c = this.src[this.i++];
      if (c === '\\') {
        const e = this.src[this.i++];
        if (CLASS_ESCAPES[e]) {
          members.push(...CLASS_ESCAPES[e]);
          continue;
        }
        c = e;
      }
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== ']' && this.i + 1 < this.src.length) {
        const hi = this.src[this.i + 1];
        this.i += 2;
        ranges.push([c, hi]);
        members.push(c, hi);
      } else members.push(c);
    }
    this.i++; // ']'
    const inClass = (ch: string) => members.includes(ch) || ranges.some(([lo, hi]) => ch >= lo && ch <= hi);
    return { t: 'chars', pick: negated ? ANY.filter((ch) => !inClass(ch)) : members };
  }
}

function generate(n: Node, variant: number): string {
  switch (n.t) {
    case 'empty':
      return '';
    case 'chars':
      return n.pick.length ? n.pick[variant % n.pick.length] : '';
    case 'repeat': {
      const count = Math.min(n.max, n.min + (variant % 2));
      let s = '';
      for (let k = 0; k < count; k++) s += generate(n.node, variant + k);
      return s;
    }
    case 'alt': {
      const seq = n.options[variant % n.options.length];
      return seq.map((x, k) => generate(x, variant + k)).join('');
    }
  }
}

/** Up to `count` distinct candidate strings for `pattern`. */
export function regexSamples(pattern: string, count = 12): string[] {
  let tree: Node;
  try {
    tree = new Parser(pattern).parse();
  } catch {
    return [];
  }
  const out = new Set<string>();
  for (let v = 0; v < count * 3 && out.size < count; v++) out.add(generate(tree, v));
  return [...out];
}
