/**
 * Accepted and rejected cases for one constraint, and the expected outcome of each, derived
 * from the constraint alone: each keyword's meaning is implemented here again (not taken
 * from the validator), and a CEL rule's outcome is the rule evaluated directly, with a CEL
 * environment of its own, on the value at the rule's location after this file's own
 * defaulting. What the validator adds and is under test: the walk to the location, the
 * structural defaulting, formats, pairing with the previous object, reporting.
 */
import { Environment } from '@marcbachmann/cel-js';
import { JsonSchema } from '../../../../validation/kubernetes/structural-schema';
import { child, Constraint, deref, Step } from './constraints';
import { regexSamples } from './regex-samples';

export interface Case {
  /** Value placed at the constraint's location. */
  readonly value: unknown;
  /** Value at the location in the previous object (transition rules). */
  readonly old?: unknown;
  /** Expected: the constraint rejects the case. */
  readonly fails: boolean;
}

export interface Cases {
  readonly accept?: Case;
  readonly reject?: Case;
  /** Why a side cannot exist (the constraint can never fail, or never pass). */
  readonly why?: string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function copy<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

function types(s: JsonSchema): string[] {
  const t = s.type;
  const list = Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
  return list.filter((x) => x !== 'null');
}

function isObjectSchema(s: JsonSchema): boolean {
  return types(s).includes('object') || isRecord(s.properties) || isRecord(s.additionalProperties);
}

function props(s: JsonSchema): Record<string, unknown> {
  return (s.properties as Record<string, unknown> | undefined) ?? {};
}

// ---------- independent semantics ----------

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function codePoints(s: string): number {
  return [...s].length;
}

/** RFC 3339 date-time with a real calendar day, written independently of string-formats.ts. */
function rfc3339(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map(Number);
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCMonth() === mo - 1 && day.getUTCDate() === d && h < 24 && mi < 60 && sec < 60;
}

const FORMAT_CASES: Record<string, { good: string; bad: string; test: (s: string) => boolean }> = {
  'date-time': { good: '2025-01-31T15:04:05Z', bad: 'yesterday', test: rfc3339 },
};

/** Whether `value` satisfies keyword `c.kind` of `c.schema`. */
export function satisfies(c: Constraint, value: unknown, defaulted: unknown): boolean {
  const s = c.schema;
  const n = (k: string) => s[k] as number;
  switch (c.kind) {
    case 'enum':
      return (s.enum as unknown[]).some((e) => deepEqual(e, value));
    case 'pattern':
      return typeof value !== 'string' || new RegExp(s.pattern as string, 'u').test(value);
    case 'minLength':
      return typeof value !== 'string' || codePoints(value) >= n('minLength');
    case 'maxLength':
      return typeof value !== 'string' || codePoints(value) <= n('maxLength');
    case 'minimum':
      return typeof value !== 'number' || value >= n('minimum');
    case 'maximum':
      return typeof value !== 'number' || value <= n('maximum');
    case 'exclusiveMinimum':
      return typeof value !== 'number' || value > n('exclusiveMinimum');
    case 'exclusiveMaximum':
      return typeof value !== 'number' || value < n('exclusiveMaximum');
    case 'multipleOf':
      return typeof value !== 'number' || Number.isInteger(value / n('multipleOf'));
    case 'minItems':
      return !Array.isArray(value) || value.length >= n('minItems');
    case 'maxItems':
      return !Array.isArray(value) || value.length <= n('maxItems');
    case 'minProperties':
      return !isRecord(value) || Object.keys(value).length >= n('minProperties');
    case 'maxProperties':
      return !isRecord(value) || Object.keys(value).length <= n('maxProperties');
    case 'format':
      return typeof value !== 'string' || FORMAT_CASES[s.format as string].test(value);
    case 'required':
      return !isRecord(defaulted) || (c.field as string) in defaulted;
    case 'list-type': {
      if (!Array.isArray(value)) return true;
      const keys = c.listType?.keys;
      const ids = value.map((x) => JSON.stringify(keys && isRecord(x) ? keys.map((k) => x[k] ?? null) : x));
      return new Set(ids).size === ids.length;
    }
    default:
      throw new Error(`not a value keyword: ${c.kind}`);
  }
}

/** The API server's defaults, applied by this test's own walk (missing fields only). */
export function withDefaults(root: JsonSchema, s: JsonSchema | undefined, value: unknown): unknown {
  if (!s) return value;
  if (Array.isArray(value)) return value.map((x) => withDefaults(root, deref(root, s.items), x));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const sub = Object.prototype.hasOwnProperty.call(props(s), k)
      ? deref(root, props(s)[k])
      : deref(root, s.additionalProperties);
    out[k] = withDefaults(root, sub, v);
  }
  for (const [k, raw] of Object.entries(props(s))) {
    const sub = deref(root, raw);
    if (!(k in out) && sub?.default !== undefined) out[k] = withDefaults(root, sub, copy(sub.default));
  }
  return out;
}

// ---------- value synthesis ----------

function stringCandidates(s: JsonSchema): string[] {
  const out: string[] = [];
  if (typeof s.pattern === 'string') out.push(...regexSamples(s.pattern));
  if (typeof s.format === 'string' && FORMAT_CASES[s.format]) out.push(FORMAT_CASES[s.format].good);
  if (typeof s.default === 'string') out.push(s.default);
  out.push('a', 'abc', '1');
  return out;
}

function stringOk(s: JsonSchema, v: string): boolean {
  if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(v)) return false;
  if (typeof s.minLength === 'number' && codePoints(v) < s.minLength) return false;
  if (typeof s.maxLength === 'number' && codePoints(v) > s.maxLength) return false;
  if (typeof s.format === 'string' && FORMAT_CASES[s.format] && !FORMAT_CASES[s.format].test(v)) return false;
  return true;
}

function sampleString(s: JsonSchema): string {
  return (
    stringCandidates(s).find((v) => stringOk(s, v)) ??
    'a'.repeat(Math.max(1, typeof s.minLength === 'number' ? s.minLength : 1))
  );
}

function sampleNumber(s: JsonSchema): number {
  if (typeof s.minimum === 'number') return s.minimum;
  if (typeof s.exclusiveMinimum === 'number') return s.exclusiveMinimum + 1;
  if (typeof s.maximum === 'number') return Math.min(1, s.maximum);
  if (typeof s.exclusiveMaximum === 'number') return s.exclusiveMaximum - 1;
  return 1;
}

/** A small valid-looking value for `s`: required fields only, the first enum value, ... */
export function synth(root: JsonSchema, s: JsonSchema | undefined, depth = 0): unknown {
  if (!s || depth > 20) return undefined;
  if (Array.isArray(s.enum)) {
    const v = (s.enum as unknown[]).find((x) => x !== null);
    if (v !== undefined) return copy(v);
  }
  const t = types(s);
  if (isObjectSchema(s)) {
    const o: Record<string, unknown> = {};
    for (const f of (s.required as string[] | undefined) ?? []) {
      const v = synth(root, child(root, s, { p: f }), depth + 1);
      if (v !== undefined) o[f] = v;
    }
    const extra = deref(root, s.additionalProperties);
    const min = typeof s.minProperties === 'number' ? s.minProperties : 0;
    for (let i = 0; extra && Object.keys(o).length < min; i++) o[`k${i}`] = synth(root, extra, depth + 1);
    for (const name of Object.keys(props(s))) {
      if (Object.keys(o).length >= min) break;
      if (!(name in o)) o[name] = synth(root, child(root, s, { p: name }), depth + 1);
    }
    return o;
  }
  if (t.includes('array')) {
    const n = typeof s.minItems === 'number' ? s.minItems : 0;
    return distinctItems(root, deref(root, s.items), n);
  }
  if (t.includes('string') && (typeof s.pattern === 'string' || !t.includes('integer')))
    return sampleString(s);
  if (t.includes('integer') || t.includes('number')) return sampleNumber(s);
  if (t.includes('boolean')) return true;
  return 'a';
}

/** `n` items, made different where the item schema allows (list-type set/map). */
function distinctItems(root: JsonSchema, items: JsonSchema | undefined, n: number): unknown[] {
  const out: unknown[] = [];
  const base = synth(root, items);
  for (let i = 0; i < n; i++) out.push(vary(base, i));
  return out;
}

function vary(v: unknown, i: number): unknown {
  if (i === 0) return copy(v);
  if (typeof v === 'string') return `${v}${i}`;
  if (typeof v === 'number') return v + i;
  if (isRecord(v)) {
    const out = copy(v);
    for (const k of Object.keys(out)) out[k] = vary(out[k], i);
    return out;
  }
  return copy(v);
}

// ---------- keyword cases ----------

function keywordCandidates(c: Constraint): unknown[] {
  const s = c.schema;
  const root = c.set.schema(c.entry);
  const n = (k: string) => s[k] as number;
  const str = (len: number) => 'a'.repeat(Math.max(0, len));
  const items = (len: number) => distinctItems(root, deref(root, s.items), Math.max(0, len));
  const objectWith = (len: number) => {
    const extra = deref(root, s.additionalProperties);
    const o: Record<string, unknown> = {};
    const names = Object.keys(props(s));
    for (let i = 0; i < len; i++) {
      if (i < names.length) o[names[i]] = synth(root, child(root, s, { p: names[i] }));
      else if (extra) o[`k${i}`] = synth(root, extra);
    }
    return o;
  };
  switch (c.kind) {
    case 'enum': {
      const values = (s.enum as unknown[]).filter((x) => x !== null);
      const first = values[0];
      const other =
        typeof first === 'string'
          ? `${first}-not-listed`
          : typeof first === 'number'
            ? Math.max(...(values as number[])) + 1
            : !first;
      return [first, other];
    }
    case 'pattern':
      return [...regexSamples(s.pattern as string), '', ' ', '/', '!', '-', '..', 'a b', '\u00e9', 'UPPER'];
    case 'minLength':
    case 'maxLength':
      return [str(n(c.kind)), str(n(c.kind) - 1), str(n(c.kind) + 1)];
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return [n(c.kind), n(c.kind) - 1, n(c.kind) + 1];
    case 'multipleOf':
      return [n('multipleOf'), n('multipleOf') * 2, n('multipleOf') + 0.5, n('multipleOf') * 1.5];
    case 'minItems':
    case 'maxItems':
      return [items(n(c.kind)), items(n(c.kind) - 1), items(n(c.kind) + 1)];
    case 'minProperties':
    case 'maxProperties':
      return [objectWith(n(c.kind)), objectWith(n(c.kind) - 1), objectWith(n(c.kind) + 1)];
    case 'format':
      return [FORMAT_CASES[s.format as string].good, FORMAT_CASES[s.format as string].bad];
    case 'required': {
      const full = synth(root, s) as Record<string, unknown>;
      full[c.field as string] ??= synth(root, child(root, s, { p: c.field as string }));
      const without = copy(full);
      delete without[c.field as string];
      return [full, without];
    }
    case 'list-type': {
      const two = items(2);
      return [two, [two[0], copy(two[0])]];
    }
    default:
      return [];
  }
}

/** The JSON type a value keyword constrains; on a node of another type it never fails. */
const KEYWORD_TYPE: Partial<Record<string, string>> = {
  pattern: 'string',
  minLength: 'string',
  maxLength: 'string',
  format: 'string',
  minItems: 'array',
  maxItems: 'array',
  'list-type': 'array',
  minProperties: 'object',
  maxProperties: 'object',
  required: 'object',
};

function keywordCases(c: Constraint): Cases {
  const root = c.set.schema(c.entry);
  const applies = KEYWORD_TYPE[c.kind];
  const nodeTypes = types(c.schema);
  if (applies && nodeTypes.length > 0 && !nodeTypes.includes(applies)) {
    return {
      accept: { value: synth(root, c.schema), fails: false },
      why: `never fails: ${c.kind} constrains ${applies} values and the field is ${nodeTypes.join(' or ')}, so the API server never applies it`,
    };
  }
  let accept: Case | undefined;
  let reject: Case | undefined;
  let lastAccepted: Case | undefined;
  for (const value of keywordCandidates(c)) {
    const ok = satisfies(c, value, withDefaults(root, c.schema, value));
    if (ok) {
      accept ??= { value, fails: false };
      lastAccepted = { value, fails: false };
    } else reject ??= { value, fails: true };
  }
  // With no rejected case, the accepted one is the candidate meant to fail (e.g. the
  // defaulted field left out): the validator must accept it too.
  if (!reject) accept = lastAccepted;
  let why: string | undefined;
  if (!reject) {
    if (c.kind === 'required') {
      const d = deref(root, props(c.schema)[c.field as string])?.default;
      why = `never fails: the API server defaults '${c.field}' to ${JSON.stringify(d)} when it is missing`;
    } else if (['minLength', 'minItems', 'minProperties'].includes(c.kind) && c.schema[c.kind] === 0)
      why = `never fails: ${c.kind} 0 holds for every value`;
    else if (c.kind === 'multipleOf' && c.schema.multipleOf === 1 && types(c.schema).includes('integer'))
      why = 'never fails: every integer is a multiple of 1';
  }
  return { accept, reject, ...(why ? { why } : {}) };
}

// ---------- CEL ----------

let env: Environment | undefined;

/** A CEL environment of the test's own: the two variables and Kubernetes' `find`. */
function oracleEnv(): Environment {
  env ??= new Environment({ homogeneousAggregateLiterals: false })
    .registerVariable('self', 'dyn')
    .registerVariable('oldSelf', 'dyn')
    .registerFunction(
      'string.find(string): string',
      (s: string, p: string) => new RegExp(p, 'u').exec(s)?.[0] ?? '',
    );
  return env;
}

const programs = new Map<string, (ctx: Record<string, unknown>) => unknown>();

/** true, false, or 'error' (the API server counts an evaluation error as a failure). */
export function celOutcome(rule: string, self: unknown, oldSelf?: unknown): boolean | 'error' {
  try {
    let program = programs.get(rule);
    if (!program) {
      program = oracleEnv().parse(rule) as unknown as (ctx: Record<string, unknown>) => unknown;
      programs.set(rule, program);
    }
    const r: unknown = program({ self, oldSelf });
    return r === true;
  } catch {
    return 'error';
  }
}

function literals(rule: string): { strings: string[]; numbers: number[] } {
  const strings = [...rule.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1] ?? m[2]);
  const numbers = [...rule.matchAll(/(?<![\w.])-?\d+(?![\w.])/g)].map((m) => Number(m[0]));
  return { strings: [...new Set(strings)], numbers: [...new Set(numbers)] };
}

function* scalarCandidates(
  s: JsonSchema,
  lits: { strings: string[]; numbers: number[] },
): Generator<unknown> {
  const t = types(s);
  const strings = t.includes('string') || t.length === 0;
  const numbers = t.includes('integer') || t.includes('number');
  // The rule's own literals first: they are what its comparisons turn on.
  if (strings) yield* lits.strings;
  if (numbers) yield* lits.numbers;
  if (Array.isArray(s.enum)) yield* (s.enum as unknown[]).filter((x) => x !== null);
  if (strings) {
    yield* stringCandidates(s);
    // A literal may be a regular expression the rule matches against.
    for (const l of lits.strings) yield* regexSamples(l, 4);
    for (const n of lits.numbers) yield String(n);
    yield* ['', '-1', '0', '2', '100', 'Never', '10%', '-5%', 'x/y', '1h', '1Gi', 'a,b'];
  }
  if (numbers) {
    yield* [0, 1, -1, 2, 5, 100];
    for (const k of ['minimum', 'maximum']) if (typeof s[k] === 'number') yield s[k];
  }
  if (t.includes('boolean')) yield* [true, false];
}

function* candidates(
  root: JsonSchema,
  s: JsonSchema | undefined,
  depth: number,
  lits: { strings: string[]; numbers: number[] },
  referenced: ReadonlySet<string>,
): Generator<unknown> {
  if (!s) return;
  const base = synth(root, s);
  yield base;
  const t = types(s);
  if (isObjectSchema(s) && isRecord(base)) {
    const names = Object.keys(props(s));
    const extra = deref(root, s.additionalProperties);
    if (names.length === 0 && extra) {
      yield {};
      const keys = [...lits.strings, 'a', 'k'];
      for (const k of keys) {
        for (const v of take(candidates(root, extra, depth - 1, lits, referenced), 6)) yield { [k]: v };
      }
      for (const k1 of keys)
        for (const k2 of keys) if (k1 < k2) yield { [k1]: synth(root, extra), [k2]: synth(root, extra) };
      return;
    }
    if (depth <= 0) return;
    const required = new Set((s.required as string[] | undefined) ?? []);
    const refs = names.filter((n) => referenced.has(n));
    const valuesOf = (name: string, n: number) =>
      take(candidates(root, child(root, s, { p: name }), depth - 1, lits, referenced), n);
    const singles = function* (list: readonly string[], n: number): Generator<unknown> {
      for (const name of list) {
        if (!required.has(name)) {
          const without = copy(base);
          delete without[name];
          yield without;
        }
        for (const v of valuesOf(name, n)) yield { ...copy(base), [name]: v };
      }
    };
    const pairs = function* (n: number): Generator<unknown> {
      for (const a of refs) {
        for (const b of refs) {
          if (a >= b) continue;
          const cb = valuesOf(b, n);
          for (const va of valuesOf(a, n)) for (const vb of cb) yield { ...copy(base), [a]: va, [b]: vb };
        }
      }
    };
    // Cheap variations of the fields the rule reads first, then wider ones.
    yield* singles(refs, 3);
    yield* pairs(3);
    for (let i = 0; i < refs.length; i++)
      for (let j = i + 1; j < refs.length; j++)
        for (let k = j + 1; k < refs.length; k++) {
          const [a, b, c] = [refs[i], refs[j], refs[k]];
          for (const va of valuesOf(a, 2))
            for (const vb of valuesOf(b, 2))
              for (const vc of valuesOf(c, 2)) yield { ...copy(base), [a]: va, [b]: vb, [c]: vc };
        }
    yield* singles(refs, 40);
    yield* pairs(12);
    yield* singles(
      names.filter((n) => !referenced.has(n)),
      40,
    );
    return;
  }
  if (t.includes('array')) {
    const items = deref(root, s.items);
    yield [];
    const list = take(candidates(root, items, depth - 1, lits, referenced), 60);
    for (const v of list) yield [v];
    const first = synth(root, items);
    for (const v of list.slice(0, 20)) yield [first, v];
    for (const v of list.slice(0, 20)) yield [v, copy(v)];
    return;
  }
  yield* scalarCandidates(s, lits);
}

function take<T>(gen: Iterable<T>, n: number): T[] {
  const out: T[] = [];
  for (const v of gen) {
    out.push(v);
    if (out.length >= n) break;
  }
  return out;
}

const SEARCH_LIMIT = 4000;

function celCases(c: Constraint): Cases {
  const rule = c.rule;
  if (!rule) return {};
  const root = c.set.schema(c.entry);
  const lits = literals(rule.rule);
  const referenced = new Set([...rule.rule.matchAll(/\.(\w+)/g)].map((m) => m[1]));
  const depth = 3;
  let accept: Case | undefined;
  let reject: Case | undefined;
  let rejectByError: Case | undefined;
  const consider = (value: unknown, old?: unknown): boolean => {
    const r = celOutcome(
      rule.rule,
      withDefaults(root, c.schema, value),
      old === undefined ? undefined : withDefaults(root, c.schema, old),
    );
    const withOld = old === undefined ? {} : { old };
    if (r === true) accept ??= { value, ...withOld, fails: false };
    else if (r === false) reject ??= { value, ...withOld, fails: true };
    else rejectByError ??= { value, ...withOld, fails: true };
    return accept !== undefined && reject !== undefined;
  };
  let tried = 0;
  if (c.kind === 'transition') {
    const pool = take(candidates(root, c.schema, depth, lits, referenced), 300);
    outer: for (const a of pool) {
      if (consider(a, a)) break;
      for (const b of pool) {
        if (consider(a, b) || ++tried > SEARCH_LIMIT) break outer;
      }
    }
  } else {
    for (const v of candidates(root, c.schema, depth, lits, referenced)) {
      if (consider(v) || ++tried > SEARCH_LIMIT) break;
    }
  }
  return { accept, reject: reject ?? rejectByError };
}

export function casesFor(c: Constraint): Cases {
  return c.kind === 'cel' || c.kind === 'transition' ? celCases(c) : keywordCases(c);
}

/** The object path of a location, lists at index 0 and typed maps at key `k`. */
export function concretePath(steps: readonly Step[]): (string | number)[] {
  return steps.map((s) => ('p' in s ? s.p : 'i' in s ? 0 : 'k'));
}

const skeletons = new WeakMap<JsonSchema, unknown>();

/** A whole object of the constraint's kind with `value` at the location. */
export function placeAt(c: Constraint, value: unknown, name: string): Record<string, unknown> {
  const root = c.set.schema(c.entry);
  let skeleton = skeletons.get(root);
  if (skeleton === undefined) {
    skeleton = synth(root, deref(root, root)) ?? {};
    skeletons.set(root, skeleton);
  }
  const obj = (c.steps.length === 0 ? copy(value) : copy(skeleton)) as Record<string, unknown>;
  obj.apiVersion = `${c.entry.group}/${c.entry.version}`;
  obj.kind = c.entry.kind;
  obj.metadata = { name, ...(c.entry.namespaced ? { namespace: 'default' } : {}) };
  let node: unknown = obj;
  let s = deref(root, root);
  const path = concretePath(c.steps);
  c.steps.forEach((step, i) => {
    const key = path[i];
    const last = i === c.steps.length - 1;
    s = child(root, s, step);
    const container = node as Record<string | number, unknown>;
    if (last) container[key] = copy(value);
    else {
      const next = c.steps[i + 1];
      const existing = container[key];
      const fits = 'i' in next ? Array.isArray(existing) : isRecord(existing);
      if (!fits) container[key] = 'i' in next ? [] : 'a' in next ? {} : (synth(root, s) ?? {});
      if ('i' in next && (container[key] as unknown[]).length === 0)
        (container[key] as unknown[]).push(undefined);
      if ('a' in next && !isRecord(container[key])) container[key] = {};
      node = container[key];
    }
  });
  return obj;
}
