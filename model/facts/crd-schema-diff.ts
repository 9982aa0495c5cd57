/**
 * What changed between two versions of a CRD's schema, field by field: fields that appeared or
 * disappeared, changed type, enum values added or removed, changed defaults and constraints,
 * and CEL rules added or removed where they sit. Read from the validation artifacts
 * (`<plural>.<group>.<version>.schema.js` and `.rules.js`, codegen/generate-validation-artifacts.ts)
 * of the tool's pinned versions and of a repository's imported ones; `$ref`s to shared
 * subschemas are followed.
 *
 * Paths are dotted from the object root: `spec.kubelet.maxPods`, `[*]` for list items and `{*}`
 * for map values (the rule table's notation).
 */

/** A node of a preprocessed CRD schema (the `.schema.js` artifacts). */
export interface CrdSchemaNode {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, CrdSchemaNode>>;
  readonly items?: CrdSchemaNode;
  readonly additionalProperties?: CrdSchemaNode | boolean;
  readonly enum?: readonly unknown[];
  readonly default?: unknown;
  readonly required?: readonly string[];
  readonly definitions?: Readonly<Record<string, CrdSchemaNode>>;
  readonly $ref?: string;
  readonly [key: string]: unknown;
}

/** One CEL rule of a CRD version as the rule table holds it. */
export interface CrdRule {
  readonly rule: string;
  readonly location: string;
}

/** A CRD version's schema and rules. */
export interface CrdShape {
  readonly schema: CrdSchemaNode;
  readonly rules: readonly CrdRule[];
}

export type SchemaChangeKind = 'added' | 'removed' | 'type' | 'enum' | 'default' | 'constraint' | 'rule';

export interface SchemaChange {
  readonly path: string;
  readonly change: SchemaChangeKind;
  /** In words: `enum + RAID10`, `default 0s → 1m`, `rule added: self.x > 0`. */
  readonly detail: string;
}

/** Keywords compared as constraints (besides type, enum, default, properties, items). */
const CONSTRAINTS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'pattern',
  'format',
  'required',
  'nullable',
] as const;

const show = (v: unknown): string => (v === undefined ? '(none)' : JSON.stringify(v));

export function resolver(
  root: CrdSchemaNode,
): (node: CrdSchemaNode | undefined) => CrdSchemaNode | undefined {
  return (node) => {
    let n = node;
    for (let i = 0; n?.$ref !== undefined && i < 50; i++) {
      const name = /^#\/definitions\/(.+)$/.exec(n.$ref)?.[1];
      n = name === undefined ? undefined : root.definitions?.[name];
    }
    return n;
  };
}

const join = (base: string, key: string): string => (base === '' ? key : `${base}.${key}`);

/** Every change from `before` to `after`, sorted by path. */
export function diffCrdShapes(before: CrdShape, after: CrdShape): SchemaChange[] {
  const out: SchemaChange[] = [];
  const rb = resolver(before.schema);
  const ra = resolver(after.schema);
  const walk = (b: CrdSchemaNode | undefined, a: CrdSchemaNode | undefined, path: string): void => {
    const x = rb(b);
    const y = ra(a);
    if (x === undefined || y === undefined) return;
    if (show(x.type) !== show(y.type))
      out.push({ path, change: 'type', detail: `type ${show(x.type)} → ${show(y.type)}` });
    const ex = (x.enum ?? []).map(show);
    const ey = (y.enum ?? []).map(show);
    const added = ey.filter((v) => !ex.includes(v));
    const removed = ex.filter((v) => !ey.includes(v));
    if ((x.enum === undefined) !== (y.enum === undefined) || added.length > 0 || removed.length > 0)
      out.push({
        path,
        change: 'enum',
        detail:
          [...added.map((v) => `enum + ${v}`), ...removed.map((v) => `enum - ${v}`)].join(', ') || 'enum',
      });
    if (show(x.default) !== show(y.default))
      out.push({ path, change: 'default', detail: `default ${show(x.default)} → ${show(y.default)}` });
    for (const k of CONSTRAINTS)
      if (show(x[k]) !== show(y[k]))
        out.push({ path, change: 'constraint', detail: `${k} ${show(x[k])} → ${show(y[k])}` });
    const px = x.properties ?? {};
    const py = y.properties ?? {};
    for (const key of [...new Set([...Object.keys(px), ...Object.keys(py)])].sort()) {
      const p = join(path, key);
      if (!(key in py)) out.push({ path: p, change: 'removed', detail: 'field removed' });
      else if (!(key in px)) {
        const d = ra(py[key])?.default;
        out.push({
          path: p,
          change: 'added',
          detail: d === undefined ? 'field added' : `field added, default ${show(d)}`,
        });
      } else walk(px[key], py[key], p);
    }
    if (x.items !== undefined || y.items !== undefined) walk(x.items, y.items, `${path}[*]`);
    const mx = typeof x.additionalProperties === 'object' ? x.additionalProperties : undefined;
    const my = typeof y.additionalProperties === 'object' ? y.additionalProperties : undefined;
    if (show(x.additionalProperties === undefined) !== show(y.additionalProperties === undefined))
      out.push({
        path,
        change: 'type',
        detail: y.additionalProperties === undefined ? 'no longer a map' : 'now a map',
      });
    if (mx !== undefined && my !== undefined) walk(mx, my, `${path}{*}`);
  };
  walk(before.schema, after.schema, '');
  const key = (r: CrdRule): string => `${r.location}\u0000${r.rule}`;
  const rulesBefore = new Set(before.rules.map(key));
  const rulesAfter = new Set(after.rules.map(key));
  for (const r of after.rules)
    if (!rulesBefore.has(key(r)))
      out.push({ path: r.location, change: 'rule', detail: `rule added: ${r.rule}` });
  for (const r of before.rules)
    if (!rulesAfter.has(key(r)))
      out.push({ path: r.location, change: 'rule', detail: `rule removed: ${r.rule}` });
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.detail < b.detail ? -1 : 1));
}

/** True when `path` is `prefix` or below it. */
export function isUnder(path: string, prefix: string): boolean {
  return (
    path === prefix ||
    path.startsWith(`${prefix}.`) ||
    path.startsWith(`${prefix}[`) ||
    path.startsWith(`${prefix}{`)
  );
}

/**
 * The schema node at `path` below `root` (property names; numbers step into list items), `$ref`s
 * followed; undefined when the schema has no such place.
 */
export function schemaAt(root: CrdSchemaNode, path: readonly (string | number)[]): CrdSchemaNode | undefined {
  const resolve = resolver(root);
  let node = resolve(root);
  for (const seg of path) {
    if (node === undefined) return undefined;
    if (typeof seg === 'number') node = resolve(node.items);
    else if (node.properties?.[seg] !== undefined) node = resolve(node.properties[seg]);
    else
      node = resolve(typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined);
  }
  return node;
}
