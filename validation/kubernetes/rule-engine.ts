/**
 * Evaluates a CRD version's CEL rules and list-uniqueness constraints at their schema
 * locations, the way the API server does: `self` is the value at the rule's node (each item
 * under `items`, each value under a typed map), a rule runs only where its value is present,
 * and a transition rule (`oldSelf`) runs only when the previous object has a value there
 * (list items are matched by their map keys, map values by key).
 */
import { PathSegment } from '../../model';
import { CelProgram, compileCel, firstLine } from './cel-environment';
import { CelRuleEntry, PlanNode, RuleTable } from './rule-table';

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
  /** Object or list self, by its JSON text → the same outcomes (see StructuralKey). */
  readonly structural: Map<string, boolean | string>;
  /** Characters of the keys in `structural`. */
  structuralChars: number;
}

const SCALAR_CACHE_LIMIT = 10_000;
/** Per rule: at most this many characters of structural keys are kept (then the cache restarts). */
export const STRUCTURAL_CACHE_CHARS = 256 * 1024;
/** Objects whose JSON text is longer are not remembered (too rare to repeat, too big to keep). */
export const STRUCTURAL_KEY_LIMIT = 16 * 1024;

/**
 * The JSON text of an object or list `self`, computed at most once per schema location and
 * object (every rule there shares it), or `undefined` when it must not be used as a key.
 *
 * A rule is a pure function of `self`, so two values with the same key have the same outcome
 * when the key is exact. JSON.stringify is native code, fast even in a cold process, where
 * evaluating a rule is not (the CEL interpreter starts cold in every CLI run): manifests of a
 * fleet repeat most of their structures (requirements, budgets, selector terms, kubelet
 * settings), so the first pass evaluates each distinct structure once.
 * Exactness: parsed YAML/JSON holds only strings, finite and non-finite numbers, booleans,
 * null, lists and plain objects. NaN and ±Infinity print as `null`, so a key containing
 * `null` is never used; -0 prints as 0, which no CEL comparison, conversion or string
 * function tells apart from 0. Key order is kept, so differently ordered maps only miss.
 */
class StructuralKey {
  private key: string | undefined | null = null;
  constructor(private readonly value: object) {}

  get(): string | undefined {
    if (this.key === null) {
      const text = JSON.stringify(this.value);
      this.key = text.length <= STRUCTURAL_KEY_LIMIT && !text.includes('null') ? text : undefined;
    }
    return this.key;
  }
}

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
      structural: new Map(),
      structuralChars: 0,
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
    if (plan.r) {
      const key = typeof value === 'object' ? new StructuralKey(value) : undefined;
      for (const id of plan.r) this.run(this.compiled[id], value, old, path, out, key);
    }
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
    structuralKey?: StructuralKey,
  ): void {
    const { entry } = rule;
    if (entry.transition && old === undefined && !entry.optionalOldSelf) return;
    // A rule is a pure function of self: results for a scalar self (label keys, names) are
    // remembered, which skips most evaluations when many objects share their keys; so are
    // results for an object or list self, by its JSON text (StructuralKey).
    const cacheable =
      !entry.transition &&
      (typeof self === 'string' || typeof self === 'number' || typeof self === 'boolean');
    const key = !entry.transition && structuralKey ? structuralKey.get() : undefined;
    let ok: unknown;
    let evalError: string | undefined;
    const cached = cacheable
      ? rule.cache.get(self as string | number | boolean)
      : key !== undefined
        ? rule.structural.get(key)
        : undefined;
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
      const outcome = ok === true ? true : (evalError ?? false);
      if (cacheable) {
        if (rule.cache.size >= SCALAR_CACHE_LIMIT) rule.cache.clear();
        rule.cache.set(self as string | number | boolean, outcome);
      } else if (key !== undefined) {
        if (rule.structuralChars + key.length > STRUCTURAL_CACHE_CHARS) {
          rule.structural.clear();
          rule.structuralChars = 0;
        }
        rule.structural.set(key, outcome);
        rule.structuralChars += key.length;
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
