/**
 * A fast YAML writer for the common case of generated manifests, byte-identical to what
 * charts/render-manifest.ts produces through the `yaml` library (block style, indent 2,
 * sequences indented under their key, no line folding, ambiguous strings double-quoted),
 * about ten times faster because it builds no document tree.
 *
 * It handles only what it can write exactly like the library: plain objects, arrays,
 * finite numbers, booleans, null, one-line printable ASCII strings without quotes or
 * backslashes (written plain, or double-quoted where the library quotes them or the string
 * is ambiguous), and multi-line ASCII map values as literal blocks. For anything else
 * (quotes, non-ASCII, a leading `---`, multi-line keys or list items, unusual leading or
 * trailing whitespace, very long strings) it returns undefined and the caller uses the library. test/charts/yaml-emitter.test.ts compares the two on the
 * generated output and on random values.
 */

/** Longest string written here (the library turns keys over 1024 characters into explicit keys). */
const MAX_STRING = 1000;

/** Printable ASCII without quotes and backslash: JSON's double-quoted form is then the library's. */
const SIMPLE_CHARS = /^[\x20\x21\x23-\x26\x28-\x5b\x5d-\x7e]*$/;
/** When the library quotes a plain string (indicator first, `: `, ` #`, trailing space or colon ...). */
const NEEDS_QUOTES = /^[ ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-] |: | #|[ :]$/;
/** Document markers at the start, which the library writes in other styles. */
const DOCUMENT_MARKER = /^(---|\.\.\.)/;

class Unsupported extends Error {}

/** The string as the library writes it (plain or double-quoted), or Unsupported. */
function stringScalar(text: string, isAmbiguous: (text: string) => boolean): string {
  if (text.length > MAX_STRING || !SIMPLE_CHARS.test(text)) throw new Unsupported();
  if (text === '' || NEEDS_QUOTES.test(text) || isAmbiguous(text)) return JSON.stringify(text);
  if (DOCUMENT_MARKER.test(text)) throw new Unsupported();
  return text;
}

/** Multi-line text the library writes as a literal block (`|` or `|-`): printable ASCII and newlines. */
const BLOCK_CHARS = /^[\x20-\x7e\n]*$/;
const MAX_BLOCK = 100_000;

/**
 * Multi-line text as a map value, at `indent`: a literal block scalar, clipped (`|`) when
 * it ends with one newline, stripped (`|-`) when it ends with none. Leading spaces or
 * newlines and trailing blank lines or spaces (other indicators) are left to the library.
 */
function blockLiteral(text: string, indent: string): string {
  if (text.length > MAX_BLOCK || !BLOCK_CHARS.test(text) || text[0] === ' ' || text[0] === '\n') {
    throw new Unsupported();
  }
  const last = text[text.length - 1];
  const beforeLast = text[text.length - 2];
  if (last === ' ' || (last === '\n' && (beforeLast === '\n' || beforeLast === ' '))) throw new Unsupported();
  const chomp = last === '\n' ? '' : '-';
  const body = last === '\n' ? text.slice(0, -1) : text;
  return `|${chomp}\n${indent}${body.replace(/\n+/g, `$&${indent}`)}`;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return (
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype
  );
}

function isEmptyCollection(v: unknown): boolean {
  if (Array.isArray(v)) return v.length === 0;
  if (isPlainObject(v)) {
    for (const key in v) if (v[key] !== undefined) return false;
    return true;
  }
  return false;
}

class Emitter {
  private readonly lines: string[] = [];

  constructor(private readonly isAmbiguous: (text: string) => boolean) {}

  text(): string {
    return `${this.lines.join('\n')}\n`;
  }

  /** A value that sits after `key: `, `- ` or alone: scalar or empty collection. */
  private inline(v: unknown): string {
    if (v === null) return 'null';
    switch (typeof v) {
      case 'string':
        return stringScalar(v, this.isAmbiguous);
      case 'number':
        if (!Number.isFinite(v)) throw new Unsupported();
        return JSON.stringify(v);
      case 'boolean':
        return v ? 'true' : 'false';
      default:
        if (Array.isArray(v) && v.length === 0) return '[]';
        if (isPlainObject(v) && isEmptyCollection(v)) return '{}';
        throw new Unsupported();
    }
  }

  private isBlock(v: unknown): boolean {
    return (Array.isArray(v) || isPlainObject(v)) && !isEmptyCollection(v);
  }

  /** Lines of a non-empty map, each starting with `indent`. */
  map(value: Record<string, unknown>, indent: string): void {
    for (const key in value) {
      const v = value[key];
      if (v === undefined) continue;
      const k = stringScalar(key, this.isAmbiguous);
      if (this.isBlock(v)) {
        this.lines.push(`${indent}${k}:`);
        this.block(v, `${indent}  `);
      } else if (typeof v === 'string' && v.includes('\n')) {
        this.lines.push(`${indent}${k}: ${blockLiteral(v, `${indent}  `)}`);
      } else {
        this.lines.push(`${indent}${k}: ${this.inline(v)}`);
      }
    }
  }

  /** Lines of a non-empty sequence, each starting with `indent`. */
  seq(value: readonly unknown[], indent: string): void {
    for (const item of value) {
      if (item === undefined) throw new Unsupported();
      if (this.isBlock(item)) {
        // The item's first line takes the `- ` in place of its indentation.
        const first = this.lines.length;
        this.block(item, `${indent}  `);
        this.lines[first] = `${indent}- ${this.lines[first].slice(indent.length + 2)}`;
      } else {
        this.lines.push(`${indent}- ${this.inline(item)}`);
      }
    }
  }

  private block(v: unknown, indent: string): void {
    if (Array.isArray(v)) this.seq(v, indent);
    else this.map(v as Record<string, unknown>, indent);
  }
}

/**
 * The YAML text of a plain JSON object exactly as the `yaml` library writes it with the
 * project's options, or undefined when the value holds something this writer leaves to the
 * library. `isAmbiguous` decides which strings are double-quoted (isAmbiguousPlainString).
 */
export function emitYaml(value: unknown, isAmbiguous: (text: string) => boolean): string | undefined {
  if (!isPlainObject(value)) return undefined;
  if (isEmptyCollection(value)) return '{}\n';
  const emitter = new Emitter(isAmbiguous);
  try {
    emitter.map(value, '');
  } catch (err) {
    if (err instanceof Unsupported) return undefined;
    throw err;
  }
  return emitter.text();
}
