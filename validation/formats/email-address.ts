/**
 * Go's net/mail.ParseAddress succeeds with a non-empty address: the `email` format the API
 * server validates (kube-openapi strfmt.IsEmail). A bare addr-spec (`local@domain`,
 * optionally followed by a `(comment)` display name) or `Display Name <local@domain>`;
 * the local part is a dot-atom or a quoted string, the domain a dot-atom or an IP
 * domain-literal. Group syntax (`group: a@b;`) is not accepted here.
 */
import { parseIP } from './ip-address';

const SPECIALS = new Set(['(', ')', '<', '>', '[', ']', ':', ';', '@', '\\', ',', '"']);

function isVchar(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (c >= 0x21 && c <= 0x7e) || c >= 0x80;
}

function isAtext(ch: string, dot: boolean): boolean {
  if (ch === '.') return dot;
  return !SPECIALS.has(ch) && isVchar(ch);
}

class Parser {
  constructor(public s: string) {}
  empty(): boolean {
    return this.s === '';
  }
  peek(): string {
    return this.s[0];
  }
  consume(c: string): boolean {
    if (this.s[0] !== c) return false;
    this.s = this.s.slice(1);
    return true;
  }
  skipSpace(): void {
    this.s = this.s.replace(/^[ \t]+/, '');
  }
  atom(dot: boolean, permissive: boolean): string | undefined {
    const chars = [...this.s];
    let i = 0;
    let len = 0;
    while (i < chars.length && isAtext(chars[i], dot)) len += chars[i++].length;
    if (i === 0) return undefined;
    const atom = this.s.slice(0, len);
    this.s = this.s.slice(len);
    if (!permissive && (atom.startsWith('.') || atom.includes('..') || atom.endsWith('.'))) return undefined;
    return atom;
  }
  quoted(): string | undefined {
    const chars = [...this.s];
    let i = 1;
    let out = '';
    let escaped = false;
    for (;;) {
      if (i >= chars.length) return undefined;
      const r = chars[i];
      const wsp = r === ' ' || r === '\t';
      if (escaped) {
        if (!isVchar(r) && !wsp) return undefined;
        out += r;
        escaped = false;
      } else if ((isVchar(r) && r !== '\\' && r !== '"') || wsp) out += r;
      else if (r === '"') break;
      else if (r === '\\') escaped = true;
      else return undefined;
      i++;
    }
    this.s = chars.slice(i + 1).join('');
    return out;
  }
  domainLiteral(): boolean {
    if (!this.consume('[')) return false;
    let text = '';
    for (;;) {
      if (this.empty()) return false;
      const r = [...this.s][0];
      if (r === ']') break;
      if (r === '[' || r === '\\' || !isVchar(r)) return false;
      text += r;
      this.s = this.s.slice(r.length);
    }
    this.consume(']');
    return parseIP(text, false);
  }
  addrSpec(): boolean {
    const orig = this.s;
    const fail = (): boolean => {
      this.s = orig;
      return false;
    };
    this.skipSpace();
    if (this.empty()) return fail();
    if (this.peek() === '"') {
      const local = this.quoted();
      if (local === undefined || local === '') return fail();
    } else if (this.atom(true, false) === undefined) return fail();
    if (!this.consume('@')) return fail();
    this.skipSpace();
    if (this.empty()) return fail();
    if (this.peek() === '[') {
      if (!this.domainLiteral()) return fail();
    } else if (this.atom(true, false) === undefined) return fail();
    return true;
  }
  comment(): boolean {
    if (!this.consume('(')) return false;
    let depth = 1;
    while (!this.empty() && depth > 0) {
      const c = this.s[0];
      if (c === '\\') this.s = this.s.slice(1);
      else if (c === '(') depth++;
      else if (c === ')') depth--;
      this.s = this.s.slice(1);
    }
    return depth === 0;
  }
  skipCFWS(): boolean {
    this.skipSpace();
    while (!this.empty() && this.peek() === '(') {
      if (!this.comment()) return false;
      this.skipSpace();
    }
    return true;
  }
  phrase(): boolean {
    let words = 0;
    for (;;) {
      this.skipSpace();
      if (this.empty()) break;
      let word: string | undefined;
      if (this.peek() === '"') word = this.quoted();
      else {
        if (words > 0 && !this.skipCFWS()) return false;
        word = this.atom(true, true);
      }
      if (word === undefined) break;
      words++;
    }
    return words > 0;
  }
}

export function isEmailAddress(s: string): boolean {
  const p = new Parser(s);
  p.skipSpace();
  if (p.empty()) return false;
  if (p.addrSpec()) {
    p.skipSpace();
    if (!p.empty() && p.peek() === '(' && !p.comment()) return false;
  } else {
    if (p.peek() !== '<' && !p.phrase()) return false;
    p.skipSpace();
    if (!p.consume('<') || !p.addrSpec() || !p.consume('>')) return false;
  }
  return p.skipCFWS() && p.empty();
}
