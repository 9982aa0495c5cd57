/**
 * Structural diff of two parsed manifests: which fields were added, removed, changed or only
 * reordered. Deterministic: map keys are visited in sorted order, list elements in order.
 *
 * Lists whose elements all carry a unique identity field (`key` for requirements, `deviceName`
 * for block devices, `name` for named items, `Key` for CloudFormation tags, `Sid` for IAM
 * statements) are matched by that identity, so inserting one
 * requirement reports one added requirement, not every later one as changed. A list whose
 * elements are the same but in another order is reported once as `reordered`: Karpenter hashes
 * lists as sets (hashstructure `SlicesAsSets: true` in NodePool.Hash and EC2NodeClass.Hash), so
 * order alone never drifts a node.
 */
import { FieldPath, FieldPathSegment } from './field-path';

export type FieldChangeKind = 'added' | 'removed' | 'changed' | 'reordered';

export interface FieldChange {
  readonly path: FieldPath;
  readonly kind: FieldChangeKind;
  /** Value before; absent for `added`. */
  readonly before?: unknown;
  /** Value after; absent for `removed`. */
  readonly after?: unknown;
}

/**
 * Identity fields tried, in this order, to match list elements: `key` (requirements, taints),
 * `deviceName` (block devices), `name`, `Key` (CloudFormation tags), `Sid` (IAM statements).
 */
const ID_FIELDS = ['key', 'deviceName', 'name', 'Key', 'Sid'] as const;

export function diffFields(before: unknown, after: unknown): FieldChange[] {
  const out: FieldChange[] = [];
  walk(before, after, [], out);
  return out;
}

function walk(before: unknown, after: unknown, path: FieldPathSegment[], out: FieldChange[]): void {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const key of keys) {
      const child = [...path, { key }];
      if (!(key in after)) out.push({ path: child, kind: 'removed', before: before[key] });
      else if (!(key in before)) out.push({ path: child, kind: 'added', after: after[key] });
      else walk(before[key], after[key], child, out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    walkList(before, after, path, out);
    return;
  }
  if (canonical(before) !== canonical(after)) out.push({ path, kind: 'changed', before, after });
}

function walkList(before: unknown[], after: unknown[], path: FieldPathSegment[], out: FieldChange[]): void {
  const b = before.map(canonical);
  const a = after.map(canonical);
  if (b.join('\n') === a.join('\n')) return;
  if (b.length === a.length && [...b].sort().join('\n') === [...a].sort().join('\n')) {
    out.push({ path, kind: 'reordered', before, after });
    return;
  }
  const idField = ID_FIELDS.find((f) => hasUniqueIds(before, f) && hasUniqueIds(after, f));
  if (idField) {
    const beforeById = new Map(before.map((e) => [String((e as Record<string, unknown>)[idField]), e]));
    const afterById = new Map(after.map((e) => [String((e as Record<string, unknown>)[idField]), e]));
    // Removed and changed in the old order, then added in the new order.
    for (const [id, e] of beforeById) {
      const child = [...path, { idField, id }];
      if (!afterById.has(id)) out.push({ path: child, kind: 'removed', before: e });
      else walk(e, afterById.get(id), child, out);
    }
    for (const [id, e] of afterById) {
      if (!beforeById.has(id)) out.push({ path: [...path, { idField, id }], kind: 'added', after: e });
    }
    return;
  }
  const common = Math.min(before.length, after.length);
  for (let i = 0; i < common; i++) walk(before[i], after[i], [...path, { index: i }], out);
  for (let i = common; i < before.length; i++)
    out.push({ path: [...path, { index: i }], kind: 'removed', before: before[i] });
  for (let i = common; i < after.length; i++)
    out.push({ path: [...path, { index: i }], kind: 'added', after: after[i] });
}

/** Every element is an object with a distinct string `field` (true for an empty list). */
function hasUniqueIds(list: unknown[], field: string): boolean {
  const seen = new Set<string>();
  for (const e of list) {
    if (!isPlainObject(e)) return false;
    const id = e[field];
    if (typeof id !== 'string' || seen.has(id)) return false;
    seen.add(id);
  }
  return true;
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** JSON with sorted keys: equal values give equal strings. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isPlainObject(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}
