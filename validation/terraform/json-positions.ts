/**
 * Positions in JSON text: where a JSON path (`resource.aws_iam_role.controller.name`) is written,
 * and where a text that is not JSON goes wrong. The checks walk the parsed value (fast, by the
 * native parser); this scanner reads the text only when there is something to report, so a clean
 * file costs nothing here.
 *
 * The scanner follows RFC 8259 strictly (no comments, no trailing commas, no leading zeros), as
 * Terraform's JSON syntax does. For a key written twice in one object, the last one counts, as
 * JSON.parse keeps the last value.
 */
import { PathSegment } from '../../model';

/** 1-based line and column (in UTF-16 code units, as editors using JavaScript strings count). */
export interface TextPosition {
  readonly line: number;
  readonly col: number;
}

/** A JSON syntax error: what was expected, and where. */
export interface JsonSyntaxError extends TextPosition {
  readonly message: string;
}

/** Where a path was found: its key (for an object member) and its value. */
export interface JsonPathLocation {
  /**
   * The key of the deepest object member on the path that is present (the path's own key when
   * `found`), absent when that step is an array index or the path is empty.
   */
  readonly key?: TextPosition;
  /** The value at the path, or at the deepest part of the path that exists. */
  readonly value: TextPosition;
  /** False when the path ended early: `value` is then the deepest ancestor that exists. */
  readonly found: boolean;
}

/** Deeper than this is refused rather than risking the stack (no Terraform file comes close). */
export const MAX_JSON_DEPTH = 1000;

class ScanError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** Offset → 1-based line and column. */
export function positionAt(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, col: offset - lineStart + 1 };
}

/** What the scanner found for the path it follows. */
interface Hit {
  depth: number;
  keyOffset?: number;
  valueOffset: number;
}

/**
 * A recursive-descent reader over the text that checks the syntax everywhere and records where
 * the members on `path` start.
 */
class Scanner {
  private i = 0;
  /** Deepest match so far; `found` once depth reaches the path's length. */
  hit: Hit = { depth: 0, valueOffset: 0 };

  constructor(
    private readonly text: string,
    private readonly path: readonly PathSegment[],
  ) {}

  document(): void {
    this.space();
    this.hit = { depth: 0, valueOffset: this.i };
    this.value(0, true);
    this.space();
    if (this.i < this.text.length) this.fail('unexpected text after the end of the JSON value');
  }

  private fail(message: string, at = this.i): never {
    throw new ScanError(at, message);
  }

  private space(): void {
    const t = this.text;
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.i++;
      else break;
    }
  }

  /** Reads one value. `onPath`: this value is at `path[0..depth)`. */
  private value(depth: number, onPath: boolean): void {
    if (depth > MAX_JSON_DEPTH) this.fail(`the JSON is nested more than ${MAX_JSON_DEPTH} levels deep`);
    const c = this.text[this.i];
    if (c === '{') this.object(depth, onPath);
    else if (c === '[') this.array(depth, onPath);
    else if (c === '"') this.string();
    else if (c === '-' || (c >= '0' && c <= '9')) this.number();
    else if (this.text.startsWith('true', this.i)) this.i += 4;
    else if (this.text.startsWith('false', this.i)) this.i += 5;
    else if (this.text.startsWith('null', this.i)) this.i += 4;
    else if (c === undefined) this.fail('the text ends where a value was expected');
    else this.fail(`unexpected ${describe(c)} where a value was expected`);
  }

  private object(depth: number, onPath: boolean): void {
    this.i++;
    this.space();
    if (this.text[this.i] === '}') {
      this.i++;
      return;
    }
    for (;;) {
      if (this.text[this.i] !== '"') this.fail(this.expected('a key in double quotes'));
      const keyOffset = this.i;
      const key = this.string();
      this.space();
      if (this.text[this.i] !== ':') this.fail(this.expected("':' after the key"));
      this.i++;
      this.space();
      const next = onPath && depth < this.path.length && this.path[depth] === key;
      if (next) this.hit = { depth: depth + 1, keyOffset, valueOffset: this.i };
      this.value(depth + 1, next);
      this.space();
      if (this.text[this.i] === ',') {
        this.i++;
        this.space();
        if (this.text[this.i] === '}') this.fail("a trailing ',' before '}' is not allowed in JSON");
        continue;
      }
      if (this.text[this.i] === '}') {
        this.i++;
        return;
      }
      this.fail(this.expected("',' or '}'"));
    }
  }

  private array(depth: number, onPath: boolean): void {
    this.i++;
    this.space();
    if (this.text[this.i] === ']') {
      this.i++;
      return;
    }
    for (let index = 0; ; index++) {
      const next = onPath && depth < this.path.length && this.path[depth] === index;
      if (next) this.hit = { depth: depth + 1, valueOffset: this.i };
      this.value(depth + 1, next);
      this.space();
      if (this.text[this.i] === ',') {
        this.i++;
        this.space();
        if (this.text[this.i] === ']') this.fail("a trailing ',' before ']' is not allowed in JSON");
        continue;
      }
      if (this.text[this.i] === ']') {
        this.i++;
        return;
      }
      this.fail(this.expected("',' or ']'"));
    }
  }

  private expected(what: string): string {
    const c = this.text[this.i];
    return c === undefined
      ? `the text ends where ${what} was expected`
      : `expected ${what}, found ${describe(c)}`;
  }

  /** Reads a string; returns its decoded value. */
  private string(): string {
    const start = this.i;
    this.i++;
    let escaped = false;
    const t = this.text;
    for (;;) {
      if (this.i >= t.length) this.fail('a string is not closed: add the closing double quote', start);
      const c = t.charCodeAt(this.i);
      if (c === 34) break;
      if (c < 0x20) this.fail('a control character (e.g. a line break) inside a string must be escaped');
      if (c === 92) {
        escaped = true;
        const e = t[this.i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(t.slice(this.i + 2, this.i + 6)))
            this.fail('\\u must be followed by four hexadecimal digits');
          this.i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) this.fail(`'\\${e ?? ''}' is not a JSON escape`);
        this.i += 2;
        continue;
      }
      this.i++;
    }
    this.i++;
    const raw = t.slice(start + 1, this.i - 1);
    return escaped ? (JSON.parse(t.slice(start, this.i)) as string) : raw;
  }

  private number(): void {
    const m = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
    m.lastIndex = this.i;
    const r = m.exec(this.text);
    if (!r || r[0] === '-') this.fail('a malformed number');
    this.i += r[0].length;
    const c = this.text[this.i];
    if (c !== undefined && /[0-9A-Za-z.]/.test(c))
      this.fail(`a malformed number (unexpected ${describe(c)})`);
  }
}

function describe(c: string): string {
  return c === '\n' ? 'a line break' : `'${c}'`;
}

/** The first syntax error in `text`, or undefined when it is one valid JSON value. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  try {
    new Scanner(text, []).document();
    return undefined;
  } catch (e) {
    if (!(e instanceof ScanError)) throw e;
    return { ...positionAt(text, e.offset), message: e.message };
  }
}

/**
 * Where `path` is written in `text` (which must be valid JSON: check with findJsonSyntaxError
 * first). A path that leaves the document early gives its deepest existing ancestor, found false.
 */
export function locateJsonPath(text: string, path: readonly PathSegment[]): JsonPathLocation {
  const scanner = new Scanner(text, path);
  try {
    scanner.document();
  } catch (e) {
    if (!(e instanceof ScanError)) throw e;
  }
  const hit = scanner.hit;
  const found = hit.depth === path.length;
  return {
    ...(hit.keyOffset !== undefined ? { key: positionAt(text, hit.keyOffset) } : {}),
    value: positionAt(text, hit.valueOffset),
    found,
  };
}
