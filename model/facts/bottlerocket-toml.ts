/**
 * Bottlerocket settings (a YAML map under `bottlerocket.settings`) → TOML userData.
 * Karpenter merges its own `[settings.kubernetes]` values into this, so the output is
 * just `[settings.*]` tables. Deterministic: keys sorted, one table per nested map,
 * strings escaped per TOML 1.0 basic strings.
 */

export type TomlValue =
  string | number | boolean | readonly TomlValue[] | { readonly [key: string]: TomlValue };

/** Why a value cannot be written as TOML (null, non-finite number), or undefined when it can. */
export function tomlProblem(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'an empty value cannot be written to TOML';
  if (typeof value === 'number' && !Number.isFinite(value)) return 'the number is not finite';
  if (Array.isArray(value)) {
    for (const item of value) {
      const p = tomlProblem(item);
      if (p) return p;
    }
  } else if (typeof value === 'object') {
    for (const item of Object.values(value)) {
      const p = tomlProblem(item);
      if (p) return p;
    }
  } else if (!['string', 'number', 'boolean'].includes(typeof value)) return 'unsupported value';
  return undefined;
}

export function renderBottlerocketToml(settings: { readonly [key: string]: TomlValue }): string {
  const lines: string[] = [];
  renderTable(['settings'], settings, lines);
  return lines.join('\n') + '\n';
}

function isTable(v: TomlValue): v is { readonly [key: string]: TomlValue } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function renderTable(
  path: readonly string[],
  table: { readonly [key: string]: TomlValue },
  lines: string[],
): void {
  const keys = Object.keys(table).sort();
  const scalars = keys.filter((k) => !isTable(table[k]));
  const tables = keys.filter((k) => isTable(table[k]));
  // A header is needed for own values, and for an empty table so it still exists.
  if (scalars.length > 0 || tables.length === 0) {
    if (lines.length > 0) lines.push('');
    lines.push(`[${path.map(tomlKey).join('.')}]`);
    for (const k of scalars) lines.push(`${tomlKey(k)} = ${tomlInline(table[k])}`);
  }
  for (const k of tables) renderTable([...path, k], table[k] as { readonly [key: string]: TomlValue }, lines);
}

/** Bare key when TOML allows it, else a quoted key. */
export function tomlKey(key: string): string {
  return /^[A-Za-z0-9_-]+$/.test(key) ? key : tomlString(key);
}

export function tomlInline(value: TomlValue): string {
  if (typeof value === 'string') return tomlString(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(tomlInline).join(', ')}]`;
  const table = value as { readonly [key: string]: TomlValue };
  const keys = Object.keys(table).sort();
  return keys.length === 0
    ? '{}'
    : `{ ${keys.map((k) => `${tomlKey(k)} = ${tomlInline(table[k])}`).join(', ')} }`;
}

/** TOML basic string: `"` and `\` escaped, control characters as escapes. */
export function tomlString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
    else out += ch;
  }
  return out + '"';
}

/** Where a key is written in TOML text: 1-based line and column of the key (or table header). */
export interface TomlKeyPosition {
  readonly line: number;
  readonly col: number;
}

/**
 * Positions of the keys and table headers of a TOML document, by key path (segments joined
 * with NUL). A line scanner, not a parser: values come from the real parser; this only says
 * where `[a.b]`, `[[a.b]]`, `key = …` and dotted `a.b = …` are written (keys inside inline
 * tables and multi-line strings are not located; callers fall back to the nearest ancestor).
 */
export function locateTomlKeys(text: string): Map<string, TomlKeyPosition> {
  const out = new Map<string, TomlKeyPosition>();
  const KEY = `(?:"(?:[^"\\\\]|\\\\.)*"|'[^']*'|[A-Za-z0-9_-]+)`;
  const header = new RegExp(`^(\\s*)\\[\\[?\\s*(${KEY}(?:\\s*\\.\\s*${KEY})*)\\s*\\]\\]?\\s*(?:#.*)?$`);
  const assign = new RegExp(`^(\\s*)(${KEY}(?:\\s*\\.\\s*${KEY})*)\\s*=`);
  let table: string[] = [];
  let openString: '"""' | "'''" | undefined;
  /** Records every prefix of `keyText` (written at `col`) below `base`, each at its own segment. */
  const record = (base: readonly string[], keyText: string, line: number, col: number) => {
    const segments = splitTomlKeyWithOffsets(keyText);
    segments.forEach((seg, n) => {
      const id = [...base, ...segments.slice(0, n + 1).map((x) => x.key)].join('\u0000');
      if (!out.has(id) || n === segments.length - 1) out.set(id, { line, col: col + seg.offset });
    });
  };
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (openString !== undefined) {
      if (countOf(line, openString) % 2 === 1) openString = undefined;
      return;
    }
    const h = header.exec(line);
    if (h) {
      table = splitTomlKey(h[2]);
      record([], h[2], i + 1, line.indexOf(h[2]) + 1);
      return;
    }
    const a = assign.exec(line);
    if (a) {
      record(table, a[2], i + 1, a[1].length + 1);
      const rest = line.slice(a[0].length);
      for (const delim of ['"""', "'''"] as const) {
        if (countOf(rest, delim) % 2 === 1) openString = delim;
      }
    }
  });
  return out;
}

function countOf(s: string, sub: string): number {
  return s.split(sub).length - 1;
}

/** `a."b.c".d` → ['a', 'b.c', 'd']. */
export function splitTomlKey(key: string): string[] {
  return splitTomlKeyWithOffsets(key).map((s) => s.key);
}

/** Each segment of a dotted key with the offset where it is written. */
function splitTomlKeyWithOffsets(key: string): { key: string; offset: number }[] {
  const out: { key: string; offset: number }[] = [];
  let cur = '';
  let start = -1;
  let quote: string | undefined;
  for (let i = 0; i < key.length; i++) {
    const ch = key[i];
    if (quote !== undefined) {
      if (ch === '\\' && quote === '"') cur += key[++i] ?? '';
      else if (ch === quote) quote = undefined;
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      if (start < 0) start = i;
      quote = ch;
    } else if (ch === '.') {
      out.push({ key: cur, offset: Math.max(start, 0) });
      cur = '';
      start = -1;
    } else if (!/\s/.test(ch)) {
      if (start < 0) start = i;
      cur += ch;
    }
  }
  out.push({ key: cur, offset: Math.max(start, 0) });
  return out;
}
