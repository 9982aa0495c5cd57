/**
 * Turns ajv errors of the generated validators into findings users can act on: an unknown
 * field says the API server would drop it and suggests the nearest known field.
 */
import { AjvError } from './artifacts';
import { PathSegment } from '../../model';
import { unknownNameFix } from '../finding';
import { JsonSchema } from './structural-schema';

export interface SchemaViolation {
  readonly path: readonly PathSegment[];
  readonly message: string;
  readonly fix?: string;
  /** `unknown-field`, `required`, `type`, ... (the ajv keyword, renamed where clearer). */
  readonly check: string;
}

/** `/spec/requirements/0/key` → ['spec', 'requirements', 0, 'key'] (array indexes as numbers when `data` says so). */
export function pointerToPath(pointer: string, data: unknown): PathSegment[] {
  if (pointer === '') return [];
  const out: PathSegment[] = [];
  let node: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) {
      const i = Number(seg);
      out.push(i);
      node = node[i];
    } else {
      out.push(seg);
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[seg] : undefined;
    }
  }
  return out;
}

function deref(root: JsonSchema, node: JsonSchema | undefined): JsonSchema | undefined {
  let n = node;
  for (let i = 0; n && typeof n.$ref === 'string' && i < 50; i++) {
    const name = n.$ref.replace('#/definitions/', '');
    n = (root.definitions as Record<string, JsonSchema> | undefined)?.[name];
  }
  return n;
}

/** The schema that governs the value at `path`. */
export function schemaAt(root: JsonSchema, path: readonly PathSegment[]): JsonSchema | undefined {
  let node = deref(root, root);
  for (const seg of path) {
    if (!node) return undefined;
    if (typeof seg === 'number') node = deref(root, node.items as JsonSchema | undefined);
    else {
      const props = node.properties as Record<string, JsonSchema> | undefined;
      const next =
        props?.[seg] ??
        (typeof node.additionalProperties === 'object'
          ? (node.additionalProperties as JsonSchema)
          : undefined);
      node = deref(root, next);
    }
  }
  return node;
}

/** Levenshtein distance, case-insensitive (case differences cost 0.5 so `kmsKeyId` → `kmsKeyID`). */
function distance(a: string, b: string): number {
  const m = a.length;
  const n = b.length;
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    for (let j = 1; j <= n; j++) {
      const ca = a[i - 1];
      const cb = b[j - 1];
      const sub = ca === cb ? 0 : ca.toLowerCase() === cb.toLowerCase() ? 0.5 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + sub);
    }
    prev = cur;
  }
  return prev[n];
}

/** The known name closest to `name`, when it is plausibly a typo of it. */
export function nearest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = distance(name, k);
    if (d < bestD || (d === bestD && best !== undefined && k < best)) {
      best = k;
      bestD = d;
    }
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return `${typeof value} ${text.length > 80 ? `${text.slice(0, 77)}...` : text}`;
}

function valueAt(data: unknown, path: readonly PathSegment[]): unknown {
  let node = data;
  for (const seg of path)
    node =
      typeof node === 'object' && node !== null ? (node as Record<string | number, unknown>)[seg] : undefined;
  return node;
}

/** Findings for ajv `errors` of `data`; combinator internals are folded into their parent error. */
export function schemaViolations(
  errors: readonly AjvError[],
  data: unknown,
  schema: () => JsonSchema,
): SchemaViolation[] {
  const out: SchemaViolation[] = [];
  const typeFailed = new Set<string>();
  for (const e of errors) if (e.keyword === 'type') typeFailed.add(e.instancePath);
  const seen = new Set<string>();
  for (const e of errors) {
    if (/\/(anyOf|oneOf|allOf|not)\/\d+\//.test(e.schemaPath) && e.keyword !== 'additionalProperties')
      continue;
    if (e.keyword !== 'type' && typeFailed.has(e.instancePath)) continue;
    const path = pointerToPath(e.instancePath, data);
    let v: SchemaViolation;
    switch (e.keyword) {
      case 'additionalProperties': {
        const field = String(e.params.additionalProperty);
        const props = schemaAt(schema(), path)?.properties as Record<string, unknown> | undefined;
        const known = props ? Object.keys(props) : [];
        const guess = nearest(field, known);
        v = {
          path: [...path, field],
          check: 'unknown-field',
          message: `unknown field '${field}': the API server would drop it without a word`,
          fix: unknownNameFix(guess, known, {
            listed: 'Known fields here',
            none: 'This object takes no fields here; remove it',
          }),
        };
        break;
      }
      case 'required':
        v = {
          path: [...path, String(e.params.missingProperty)],
          check: 'required',
          message: `required field '${String(e.params.missingProperty)}' is missing`,
          fix: `Add '${String(e.params.missingProperty)}'; the API server refuses the object without it`,
        };
        break;
      case 'type': {
        const want = Array.isArray(e.params.type)
          ? (e.params.type as string[]).join(' or ')
          : String(e.params.type);
        v = {
          path,
          check: 'type',
          message: `must be ${want}, not ${describe(valueAt(data, path))}`,
          fix: `Write it as ${want}${want === 'string' ? ' (quote values YAML would read as numbers or booleans)' : ''}`,
        };
        break;
      }
      case 'enum':
        v = {
          path,
          check: 'enum',
          message: `${describe(valueAt(data, path))} is not allowed`,
          fix: `Use one of ${(e.params.allowedValues as unknown[]).map((x) => JSON.stringify(x)).join(', ')}`,
        };
        break;
      case 'pattern':
        v = {
          path,
          check: 'pattern',
          message: `${describe(valueAt(data, path))} does not match the pattern ${String(e.params.pattern)}`,
          fix: 'Change the value so that it matches the pattern',
        };
        break;
      default:
        v = {
          path,
          check: e.keyword,
          message: `${describe(valueAt(data, path))} ${e.message ?? 'is invalid'}`,
          fix: `Correct the value to satisfy the schema's '${e.keyword}' constraint`,
        };
    }
    const key = `${v.path.join('\u0000')}|${v.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(v);
  }
  return out;
}
