/**
 * Evaluates a CRD version's CEL rules and list-uniqueness constraints at their schema
 * locations, the way the API server does: `self` is the value at the rule's node (each item
 * under `items`, each value under a typed map), a rule runs only where its value is present,
 * and a transition rule (`oldSelf`) runs only when the previous object has a value there
 * (list items are matched by their map keys, map values by key).
 */
import { CelProgram, compileCel, firstLine } from './cel-environment';
import { CelRuleEntry, PlanNode, RuleTable } from './rule-table';

export type PathSegment = string | number;

export interface RuleViolation {
  /** Where the failing value is (the rule's fieldPath appended when it has one). */
  readonly path: readonly PathSegment[];
  readonly message: string;
  /** The rule that failed, absent for list-uniqueness violations. */
  readonly rule?: CelRuleEntry;
}

interface CompiledRule {
  readonly entry: CelRuleEntry;
  readonly program: CelProgram;
  readonly messageProgram?: CelProgram;
  readonly fieldPath: readonly PathSegment[];
  /** Scalar self → true (passed), false (failed) or the evaluation error. */
  readonly cache: Map<string | number | boolean, boolean | string>;
}

const SCALAR_CACHE_LIMIT = 10_000;

/** `.spec.foo['bar'][0]` → ['spec', 'foo', 'bar', 0]. */
export function parseFieldPath(fieldPath: string): PathSegment[] {
  const out: PathSegment[] = [];
  const re = /\.([^.[\]]+)|\[(\d+)\]|\['([^']*)'\]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(fieldPath))) out.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : m[3]));
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** All rules of one CRD version, compiled once at construction. */
export class CompiledRules {
  readonly count: number;
  private readonly compiled: readonly CompiledRule[];
  private readonly plan: PlanNode;

  constructor(table: RuleTable) {
    this.plan = table.plan;
    this.compiled = table.rules.map((entry) => ({
      entry,
      program: compileCel(entry.rule, entry.location),
      ...(entry.messageExpression
        ? { messageProgram: compileCel(entry.messageExpression, entry.location) }
        : {}),
      fieldPath: entry.fieldPath ? parseFieldPath(entry.fieldPath) : [],
      cache: new Map(),
    }));
    this.count = this.compiled.length;
  }

  /** Violations of `object` (after defaulting); transition rules only when `previous` is given. */
  evaluate(object: unknown, previous?: unknown): RuleViolation[] {
    const out: RuleViolation[] = [];
    this.walk(this.plan, object, previous, [], out);
    return out;
  }

  /** `path` is a shared stack: pushed and popped, copied only when a violation is recorded. */
  private walk(
    plan: PlanNode,
    value: unknown,
    old: unknown,
    path: PathSegment[],
    out: RuleViolation[],
  ): void {
    if (value === undefined || value === null) return;
    if (plan.r) for (const id of plan.r) this.run(this.compiled[id], value, old, path, out);
    if (Array.isArray(value)) {
      if (plan.lt) checkListUniqueness(plan, value, path, out);
      if (plan.i) {
        const oldByKey =
          plan.lt === 'map' && plan.lk && Array.isArray(old) ? indexByKeys(old, plan.lk) : undefined;
        for (let i = 0; i < value.length; i++) {
          const oldItem = oldByKey && plan.lk ? oldByKey.get(mapKey(value[i], plan.lk)) : undefined;
          path.push(i);
          this.walk(plan.i, value[i], oldItem, path, out);
          path.pop();
        }
      }
      return;
    }
    if (!isRecord(value)) return;
    const oldMap = isRecord(old) ? old : undefined;
    if (plan.p) {
      for (const name in plan.p) {
        if (value[name] === undefined) continue;
        path.push(name);
        this.walk(plan.p[name], value[name], oldMap?.[name], path, out);
        path.pop();
      }
    }
    if (plan.a) {
      for (const key in value) {
        path.push(key);
        this.walk(plan.a, value[key], oldMap?.[key], path, out);
        path.pop();
      }
    }
  }

  private run(
    rule: CompiledRule,
    self: unknown,
    old: unknown,
    path: PathSegment[],
    out: RuleViolation[],
  ): void {
    const { entry } = rule;
    if (entry.transition && old === undefined && !entry.optionalOldSelf) return;
    // A rule is a pure function of self: results for a scalar self (label keys, names) are
    // remembered, which skips most evaluations when many objects share their keys.
    const cacheable =
      !entry.transition &&
      (typeof self === 'string' || typeof self === 'number' || typeof self === 'boolean');
    let ok: unknown;
    let evalError: string | undefined;
    const cached = cacheable ? rule.cache.get(self as string | number | boolean) : undefined;
    if (cached !== undefined) {
      if (cached === true) return;
      ok = false;
      if (typeof cached === 'string') evalError = cached;
    } else {
      try {
        ok = rule.program({ self, oldSelf: old });
      } catch (err) {
        evalError = firstLine(err);
      }
      if (cacheable) {
        if (rule.cache.size >= SCALAR_CACHE_LIMIT) rule.cache.clear();
        rule.cache.set(self as string | number | boolean, ok === true ? true : (evalError ?? false));
      }
    }
    if (ok === true) return;
    let message = entry.message ?? `failed rule: ${entry.rule}`;
    if (rule.messageProgram && evalError === undefined) {
      try {
        const m: unknown = rule.messageProgram({ self, oldSelf: old });
        if (typeof m === 'string' && m.trim() !== '') message = m;
      } catch {
        // The API server falls back to `message` (or the rule) when messageExpression fails.
      }
    }
    if (evalError !== undefined) message = `${message} (the rule could not be evaluated: ${evalError})`;
    out.push({ path: [...path, ...rule.fieldPath], message, rule: entry });
  }
}

function mapKey(item: unknown, keys: readonly string[]): string {
  if (!isRecord(item)) return JSON.stringify(item);
  return JSON.stringify(keys.map((k) => item[k] ?? null));
}

function indexByKeys(list: readonly unknown[], keys: readonly string[]): Map<string, unknown> {
  const m = new Map<string, unknown>();
  for (const item of list) m.set(mapKey(item, keys), item);
  return m;
}

/** `x-kubernetes-list-type: set` items are unique; `map` items are unique by their map keys. */
function checkListUniqueness(
  plan: PlanNode,
  list: readonly unknown[],
  path: PathSegment[],
  out: RuleViolation[],
): void {
  const seen = new Map<string, number>();
  for (let i = 0; i < list.length; i++) {
    const key = plan.lt === 'map' && plan.lk ? mapKey(list[i], plan.lk) : JSON.stringify(list[i]);
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, i);
      continue;
    }
    const what =
      plan.lt === 'map' && plan.lk
        ? `duplicate entry with ${plan.lk.map((k, j) => `${k}=${JSON.stringify(JSON.parse(key)[j])}`).join(', ')} (also at index ${first}); list-type map requires unique keys`
        : `duplicate value ${key} (also at index ${first}); list-type set requires unique items`;
    out.push({ path: [...path, i], message: what });
  }
}
