/**
 * Every constraint of an imported CRD version, read from the generated artifacts the
 * validator also reads (imports/validation/<set>/): the value keywords of the JSON Schema
 * (enum, pattern, lengths, ranges, item and property counts, required, format), list
 * uniqueness (x-kubernetes-list-type) and the CEL rules, each with where it applies.
 */
import { ArtifactSet, CatalogEntry } from '../../../../validation/kubernetes/artifacts';
import { CelRuleEntry, PlanNode } from '../../../../validation/kubernetes/rule-table';
import { formatInfo } from '../../../../validation/formats/string-formats';
import { JsonSchema } from '../../../../validation/kubernetes/structural-schema';

/** One step from a schema node to a child: a property, a list item, a typed map value. */
export type Step = { readonly p: string } | { readonly i: true } | { readonly a: true };

export const VALUE_KEYWORDS = [
  'enum',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'multipleOf',
  'format',
] as const;

export type ConstraintKind =
  (typeof VALUE_KEYWORDS)[number] | 'required' | 'list-type' | 'cel' | 'transition';

export interface Constraint {
  readonly set: ArtifactSet;
  readonly entry: CatalogEntry;
  readonly kind: ConstraintKind;
  readonly steps: readonly Step[];
  /** `spec.template.spec.requirements[*].key`; `{*}` is a typed map value. */
  readonly location: string;
  readonly schema: JsonSchema;
  /** The missing field of a `required` constraint. */
  readonly field?: string;
  readonly rule?: CelRuleEntry;
  readonly listType?: { readonly type: 'set' | 'map'; readonly keys?: readonly string[] };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function deref(root: JsonSchema, node: unknown): JsonSchema | undefined {
  let n = isRecord(node) ? node : undefined;
  for (let i = 0; n && typeof n.$ref === 'string' && i < 50; i++) {
    n = (root.definitions as Record<string, JsonSchema> | undefined)?.[n.$ref.replace('#/definitions/', '')];
  }
  return n;
}

export function child(root: JsonSchema, s: JsonSchema | undefined, step: Step): JsonSchema | undefined {
  if (!s) return undefined;
  if ('p' in step) return deref(root, (s.properties as Record<string, unknown> | undefined)?.[step.p]);
  if ('i' in step) return deref(root, s.items);
  return deref(root, s.additionalProperties);
}

export function schemaAtSteps(root: JsonSchema, steps: readonly Step[]): JsonSchema | undefined {
  let s = deref(root, root);
  for (const step of steps) s = child(root, s, step);
  return s;
}

export function locationOf(steps: readonly Step[]): string {
  let out = '';
  for (const s of steps) {
    if ('p' in s) out += out ? `.${s.p}` : s.p;
    else out += 'i' in s ? '[*]' : '{*}';
  }
  return out || '<root>';
}

/** `spec.a[*].b{*}` → steps. */
export function parseLocation(location: string): Step[] {
  if (location === '<root>') return [];
  const steps: Step[] = [];
  for (const m of location.matchAll(/\[\*\]|\{\*\}|\.?([^.[{]+)/g)) {
    if (m[0] === '[*]') steps.push({ i: true });
    else if (m[0] === '{*}') steps.push({ a: true });
    else steps.push({ p: m[1] });
  }
  return steps;
}

/** The fields the API server adds to every object; the CRD does not constrain them. */
const ROOT_SYNTHETIC = new Set(['apiVersion', 'kind', 'metadata']);

export function enumerateConstraints(set: ArtifactSet, entry: CatalogEntry): Constraint[] {
  const root = set.schema(entry);
  const out: Constraint[] = [];
  const add = (kind: ConstraintKind, steps: Step[], schema: JsonSchema, extra: Partial<Constraint> = {}) =>
    out.push({ set, entry, kind, steps: [...steps], location: locationOf(steps), schema, ...extra });

  const walk = (s: JsonSchema | undefined, steps: Step[], depth: number): void => {
    if (!s || depth > 40) return;
    for (const k of VALUE_KEYWORDS) {
      if (s[k] === undefined) continue;
      if (k === 'format' && (typeof s.format !== 'string' || !formatInfo(s.format))) continue;
      add(k, steps, s);
    }
    if (Array.isArray(s.required)) {
      for (const f of s.required as string[]) {
        if (steps.length === 0 && ROOT_SYNTHETIC.has(f)) continue;
        add('required', steps, s, { field: f });
      }
    }
    const props = s.properties as Record<string, unknown> | undefined;
    for (const name of Object.keys(props ?? {})) {
      if (steps.length === 0 && ROOT_SYNTHETIC.has(name)) continue;
      walk(deref(root, props?.[name]), [...steps, { p: name }], depth + 1);
    }
    walk(deref(root, s.items), [...steps, { i: true }], depth + 1);
    walk(deref(root, s.additionalProperties), [...steps, { a: true }], depth + 1);
  };
  walk(deref(root, root), [], 0);

  const table = set.rules(entry);
  const walkPlan = (plan: PlanNode, steps: Step[]): void => {
    if (plan.lt) {
      const schema = schemaAtSteps(root, steps);
      if (schema)
        add('list-type', steps, schema, {
          listType: { type: plan.lt, ...(plan.lk ? { keys: plan.lk } : {}) },
        });
    }
    for (const [name, p] of Object.entries(plan.p ?? {})) walkPlan(p, [...steps, { p: name }]);
    if (plan.i) walkPlan(plan.i, [...steps, { i: true }]);
    if (plan.a) walkPlan(plan.a, [...steps, { a: true }]);
  };
  walkPlan(table.plan, []);
  for (const rule of table.rules) {
    const steps = parseLocation(rule.location);
    const schema = schemaAtSteps(root, steps);
    if (schema) add(rule.transition ? 'transition' : 'cel', steps, schema, { rule });
  }
  return out;
}
