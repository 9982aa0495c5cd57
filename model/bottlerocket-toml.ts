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
