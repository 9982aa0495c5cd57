/**
 * What the API server does to a custom resource between decoding it and validating it
 * (k8s.io/apiextensions-apiserver pkg/apiserver/schema/defaulting), on the object of a
 * request and on the stored object it is compared with:
 *
 * 1. PruneNonNullableNullsWithoutDefaults: a `null` whose schema is not `nullable` and has
 *    no `default` is removed, as if the field were not written;
 * 2. Default: every missing field whose schema has a `default` gets a copy of it, and so
 *    does a non-nullable `null`; it recurses into every object and list item that exists,
 *    the defaults just written included, and into typed map values.
 *
 * Then the `format` of every string the API server validates (string-formats.ts).
 * Both walk the JSON Schema generated at import time (structural-schema.ts), which keeps
 * `default`, `format` and nullability (`type` with 'null', or `x-nullable` when untyped).
 */
import { PathSegment } from '../../model';
import { formatInfo } from '../formats/string-formats';
import { JsonSchema } from './structural-schema';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function deref(root: JsonSchema, node: unknown): JsonSchema | undefined {
  let n = isRecord(node) ? node : undefined;
  for (let i = 0; n && typeof n.$ref === 'string' && i < 50; i++) {
    const name = n.$ref.replace('#/definitions/', '');
    n = (root.definitions as Record<string, JsonSchema> | undefined)?.[name];
  }
  return n;
}

function nullable(s: JsonSchema): boolean {
  return (Array.isArray(s.type) && s.type.includes('null')) || s['x-nullable'] === true;
}

/** The schema of field `key` of an object with schema `s` (a property, else the typed map value). */
function fieldSchema(root: JsonSchema, s: JsonSchema | undefined, key: string): JsonSchema | undefined {
  if (!s) return undefined;
  const props = s.properties as Record<string, unknown> | undefined;
  if (props && Object.prototype.hasOwnProperty.call(props, key)) return deref(root, props[key]);
  return deref(root, s.additionalProperties);
}

/**
 * A deep copy of plain JSON-like data that keeps every scalar as it is (JSON would turn a
 * YAML `.inf` into null) and builds plain objects of this realm (CEL checks for them).
 */
function copy<T>(v: T): T {
  if (Array.isArray(v)) return v.map((x: unknown) => copy(x)) as T;
  if (isRecord(v)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v)) out[k] = copy(v[k]);
    return out as T;
  }
  return v;
}

function pruneNulls(root: JsonSchema, x: unknown, s: JsonSchema | undefined): void {
  if (Array.isArray(x)) {
    const items = s ? deref(root, s.items) : undefined;
    for (const item of x) pruneNulls(root, item, items);
    return;
  }
  if (!isRecord(x)) return;
  for (const k of Object.keys(x)) {
    const sub = fieldSchema(root, s, k);
    if (x[k] === null && sub && !nullable(sub) && sub.default === undefined) delete x[k];
    else pruneNulls(root, x[k], sub);
  }
}

const defaultedProps = new WeakMap<JsonSchema, [string, JsonSchema][]>();

function propsWithDefault(root: JsonSchema, s: JsonSchema): [string, JsonSchema][] {
  let list = defaultedProps.get(s);
  if (!list) {
    list = [];
    const props = s.properties as Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(props ?? {})) {
      const sub = deref(root, v);
      if (sub && sub.default !== undefined) list.push([k, sub]);
    }
    defaultedProps.set(s, list);
  }
  return list;
}

function applyDefaults(root: JsonSchema, x: unknown, s: JsonSchema | undefined): void {
  if (!s) return;
  if (Array.isArray(x)) {
    const items = deref(root, s.items);
    if (!items) return;
    for (let i = 0; i < x.length; i++) {
      if (x[i] === null && !nullable(items) && items.default !== undefined) x[i] = copy(items.default);
      applyDefaults(root, x[i], items);
    }
    return;
  }
  if (!isRecord(x)) return;
  for (const [k, sub] of propsWithDefault(root, s)) {
    if (!(k in x) || (x[k] === null && !nullable(sub))) x[k] = copy(sub.default);
  }
  const props = s.properties as Record<string, unknown> | undefined;
  const extra = deref(root, s.additionalProperties);
  for (const k of Object.keys(x)) {
    if (props && Object.prototype.hasOwnProperty.call(props, k))
      applyDefaults(root, x[k], deref(root, props[k]));
    else if (extra) {
      if (x[k] === null && !nullable(extra) && extra.default !== undefined) x[k] = copy(extra.default);
      applyDefaults(root, x[k], extra);
    }
  }
}

/**
 * A copy of `value` as the API server sees it before validation: non-nullable nulls
 * without a default removed, then the schema's defaults applied. `value` is not changed.
 */
export function defaultObject(value: unknown, root: JsonSchema): unknown {
  const x = copy(value);
  const s = deref(root, root);
  pruneNulls(root, x, s);
  applyDefaults(root, x, s);
  return x;
}

export interface FormatViolation {
  readonly path: readonly PathSegment[];
  readonly format: string;
  readonly value: string;
  readonly example: string;
}

/** Strings whose schema `format` is one the API server validates and that do not satisfy it. */
export function formatViolations(value: unknown, root: JsonSchema): FormatViolation[] {
  const out: FormatViolation[] = [];
  const path: PathSegment[] = [];
  const walk = (x: unknown, s: JsonSchema | undefined): void => {
    if (!s) return;
    if (typeof x === 'string') {
      if (typeof s.format !== 'string') return;
      const info = formatInfo(s.format);
      if (info && !info.check(x))
        out.push({ path: [...path], format: s.format, value: x, example: info.example });
      return;
    }
    if (Array.isArray(x)) {
      const items = deref(root, s.items);
      x.forEach((item, i) => {
        path.push(i);
        walk(item, items);
        path.pop();
      });
      return;
    }
    if (!isRecord(x)) return;
    for (const k of Object.keys(x)) {
      path.push(k);
      walk(x[k], fieldSchema(root, s, k));
      path.pop();
    }
  };
  walk(value, deref(root, root));
  return out;
}
