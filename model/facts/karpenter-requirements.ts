/**
 * Karpenter's requirement algebra, transcribed from kubernetes-sigs/karpenter v1.14.1 (the two files are
 * unchanged on main since): pkg/scheduling/requirement.go (`Requirement`) and
 * pkg/scheduling/requirements.go (`Requirements`). One module answers, for every caller, what a set of
 * NodePool requirements means to Karpenter: which instance types it admits (`Intersects`), whether a
 * node's labels still satisfy it (`Compatible`, as drift does), and what one key allows.
 *
 * The semantics, in Karpenter's terms:
 * - A requirement is a set of values (`complement` false) or the complement of one (`complement` true),
 *   plus optional inclusive integer bounds `gte`/`lte` and `minValues`
 *   (NewRequirementWithFlexibility): In → values; NotIn → complement of values; Exists → complement of
 *   nothing; DoesNotExist → the empty set; Gt n → complement with gte n+1 (Gt MaxInt → DoesNotExist);
 *   Lt n → complement with lte n-1; Gte/Lte inclusive. `In []` is therefore the empty set, which
 *   Karpenter reads back as DoesNotExist (Operator()).
 * - Requirements on one key intersect (Requirements.Add → Requirement.Intersection): complement only
 *   when both are, values by union/difference/intersection, values outside the bounds dropped, bounds
 *   kept only for a complement, crossing bounds → DoesNotExist, the larger minValues kept.
 *   The result's operator is read from its shape (Operator()): a complement with excluded values is
 *   `NotIn` even when it also has bounds, so `NotIn [8]` plus `Gt 1` admits nodes without the label.
 * - Intersects (requirements.go, Requirements.Intersects): keys both sides define must overlap
 *   (HasIntersection), except that two sides whose operators are both NotIn/DoesNotExist never
 *   conflict; keys only one side defines are ignored. This is how Karpenter filters instance types
 *   (pkg/controllers/provisioning/scheduling/nodeclaim.go, compatible).
 * - Compatible (requirements.go, Requirements.Compatible): as Intersects, but first every key of the
 *   incoming requirements that the receiver does not define fails unless its operator is NotIn or
 *   DoesNotExist (or the key is allowed undefined). With the receiver built from a node's labels
 *   (NewLabelRequirements) this is "a missing label fails In/Exists/Gt/Lt and passes NotIn/DoesNotExist"
 *   (pkg/controllers/nodeclaim/disruption/drift.go, areRequirementsDrifted).
 * - Keys are normalized first (pkg/apis/v1/labels.go, NormalizedLabels: beta arch/os, the beta zone and
 *   region, beta.kubernetes.io/instance-type).
 *
 * Integers follow Go's strconv.Atoi (an optional sign, decimal digits); values beyond 2^53 compare as
 * JavaScript numbers (no label Karpenter sets comes near). An operator Karpenter does not define
 * becomes Exists, as NewRequirementWithFlexibility's fall-through does; the fleet schema rejects such
 * operators before anything here runs.
 */

/** The four shapes a requirement reads back as (Requirement.Operator()). */
export type RequirementShape = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';

/**
 * One requirement as written: a NodePool `requirements[]` item, a shorthand, a label. The operators
 * Karpenter defines are REQUIREMENT_OPERATORS (constants.ts); `operator` stays a string so that a
 * requirement the schema has not yet checked can be read (an unknown one reads as Exists).
 */
export interface RequirementInput {
  readonly key: string;
  readonly operator: string;
  /** @default [] */
  readonly values?: readonly string[];
  readonly minValues?: number;
}

/** pkg/apis/v1/labels.go, NormalizedLabels (v1.14.1): aliases Karpenter rewrites to the stable key. */
export const NORMALIZED_LABELS: Readonly<Record<string, string>> = {
  'failure-domain.beta.kubernetes.io/zone': 'topology.kubernetes.io/zone',
  'beta.kubernetes.io/arch': 'kubernetes.io/arch',
  'beta.kubernetes.io/os': 'kubernetes.io/os',
  'beta.kubernetes.io/instance-type': 'node.kubernetes.io/instance-type',
  'failure-domain.beta.kubernetes.io/region': 'topology.kubernetes.io/region',
};

/** The key Karpenter uses for `key` (NewRequirementWithFlexibility's normalization). */
export function normalizedKey(key: string): string {
  return Object.prototype.hasOwnProperty.call(NORMALIZED_LABELS, key) ? NORMALIZED_LABELS[key] : key;
}

const MAX_INT = 9223372036854775807n;
const MIN_INT = -9223372036854775808n;

/**
 * Go's strconv.Atoi on a 64-bit platform: the integer, or undefined when Atoi errs on a malformed
 * value. Out-of-range values clamp to MaxInt/MinInt (Atoi's ErrRange result), reported by `clamped`.
 */
function atoi(value: string): { n: number; clamped?: 'max' | 'min' } | undefined {
  if (!/^[+-]?[0-9]+$/.test(value)) return undefined;
  if (value.length < 16) return { n: Number(value) };
  const big = BigInt(value);
  if (big > MAX_INT) return { n: Number(MAX_INT), clamped: 'max' };
  if (big < MIN_INT) return { n: Number(MIN_INT), clamped: 'min' };
  return { n: Number(big), ...(big === MAX_INT ? { clamped: 'max' as const } : {}) };
}

/** requirement.go, withinBounds: no bounds admit anything; with bounds only integers inside them. */
function withinBounds(value: string, gte: number | undefined, lte: number | undefined): boolean {
  if (gte === undefined && lte === undefined) return true;
  const parsed = atoi(value);
  if (parsed === undefined) return false;
  if (gte !== undefined && parsed.n < gte) return false;
  if (lte !== undefined && parsed.n > lte) return false;
  return true;
}

function maxOf(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a > b ? a : b;
}

function minOf(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return a < b ? a : b;
}

function sortedList(values: ReadonlySet<string>): string[] {
  return [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** One key's allowed label states: requirement.go, `Requirement`. Immutable. */
export class Requirement {
  private constructor(
    readonly key: string,
    /** True: every value except `values` (NotIn/Exists/Gt/Lt); false: exactly `values` (In/DoesNotExist). */
    readonly complement: boolean,
    readonly values: ReadonlySet<string>,
    /** Inclusive lower bound (Gt n is stored as n+1). */
    readonly gte: number | undefined,
    /** Inclusive upper bound (Lt n is stored as n-1). */
    readonly lte: number | undefined,
    readonly minValues: number | undefined,
  ) {}

  /** requirement.go, NewRequirementWithFlexibility. */
  static of(input: RequirementInput): Requirement {
    const key = normalizedKey(input.key);
    const values = input.values ?? [];
    const minValues = input.minValues;
    switch (input.operator) {
      case 'In':
        return new Requirement(key, false, new Set(values), undefined, undefined, minValues);
      case 'DoesNotExist':
        return new Requirement(key, false, new Set(), undefined, undefined, minValues);
      case 'NotIn':
        return new Requirement(key, true, new Set(values), undefined, undefined, minValues);
      case 'Gt': {
        const v = atoi(values[0] ?? '') ?? { n: 0 };
        // "Gt MaxInt matches nothing": Karpenter returns a plain DoesNotExist (minValues dropped).
        if (v.clamped === 'max')
          return new Requirement(key, false, new Set(), undefined, undefined, undefined);
        return new Requirement(key, true, new Set(), v.n + 1, undefined, minValues);
      }
      case 'Lt':
        return new Requirement(
          key,
          true,
          new Set(),
          undefined,
          (atoi(values[0] ?? '')?.n ?? 0) - 1,
          minValues,
        );
      case 'Gte':
        return new Requirement(key, true, new Set(), atoi(values[0] ?? '')?.n ?? 0, undefined, minValues);
      case 'Lte':
        return new Requirement(key, true, new Set(), undefined, atoi(values[0] ?? '')?.n ?? 0, minValues);
      default:
        // Exists, and (as upstream's fall-through) any operator it does not define.
        return new Requirement(key, true, new Set(), undefined, undefined, minValues);
    }
  }

  /** requirement.go, Intersection: the label states both allow (the larger minValues kept). */
  intersection(other: Requirement): Requirement {
    const complement = this.complement && other.complement;
    let gte = maxOf(this.gte, other.gte);
    let lte = minOf(this.lte, other.lte);
    const minValues = maxOf(this.minValues, other.minValues);
    if (gte !== undefined && lte !== undefined && gte > lte) {
      return new Requirement(this.key, false, new Set(), undefined, undefined, minValues);
    }
    let values: Set<string>;
    if (this.complement && other.complement) values = new Set([...this.values, ...other.values]);
    else if (this.complement) values = new Set([...other.values].filter((v) => !this.values.has(v)));
    else if (other.complement) values = new Set([...this.values].filter((v) => !other.values.has(v)));
    else values = new Set([...this.values].filter((v) => other.values.has(v)));
    for (const v of [...values]) if (!withinBounds(v, gte, lte)) values.delete(v);
    // "Remove boundaries for concrete sets"
    if (!complement) {
      gte = undefined;
      lte = undefined;
    }
    return new Requirement(this.key, complement, values, gte, lte, minValues);
  }

  /** requirement.go, HasIntersection: is some value allowed by both (absence never counts)? */
  hasIntersection(other: Requirement): boolean {
    const gte = maxOf(this.gte, other.gte);
    const lte = minOf(this.lte, other.lte);
    if (gte !== undefined && lte !== undefined && gte > lte) return false;
    if (this.complement && other.complement) return true;
    if (this.complement) {
      for (const v of other.values) if (!this.values.has(v) && withinBounds(v, gte, lte)) return true;
      return false;
    }
    if (other.complement) {
      for (const v of this.values) if (!other.values.has(v) && withinBounds(v, gte, lte)) return true;
      return false;
    }
    for (const v of this.values) if (other.values.has(v) && withinBounds(v, gte, lte)) return true;
    return false;
  }

  /** requirement.go, Has: does the requirement allow the label value `value`? */
  has(value: string): boolean {
    if (this.complement) return !this.values.has(value) && withinBounds(value, this.gte, this.lte);
    return this.values.has(value) && withinBounds(value, this.gte, this.lte);
  }

  /** requirement.go, Operator: In, NotIn, Exists or DoesNotExist, from the requirement's shape. */
  operator(): RequirementShape {
    if (this.complement) return this.values.size > 0 ? 'NotIn' : 'Exists';
    return this.values.size > 0 ? 'In' : 'DoesNotExist';
  }

  /**
   * May a node lack the label? Under Compatible and Intersects an absent label (or an instance type
   * that sets none) passes exactly the NotIn and DoesNotExist shapes.
   */
  allowsAbsent(): boolean {
    const op = this.operator();
    return op === 'NotIn' || op === 'DoesNotExist';
  }

  /** The values of an In/NotIn shape, sorted (requirement.go, Values; sets.List order). */
  sortedValues(): string[] {
    return sortedList(this.values);
  }

  /** requirement.go, String: `key In [a b] >=2 <=8 minValues 3` (at most five values, then "and N others"). */
  toString(): string {
    const op = this.operator();
    let s: string;
    if (op === 'Exists' || op === 'DoesNotExist') s = `${this.key} ${op}`;
    else {
      const values = this.sortedValues();
      const shown = values.length > 5 ? [...values.slice(0, 5), `and ${values.length - 5} others`] : values;
      s = `${this.key} ${op} [${shown.join(' ')}]`;
    }
    if (this.gte !== undefined) s += ` >=${this.gte}`;
    if (this.lte !== undefined) s += ` <=${this.lte}`;
    if (this.minValues !== undefined) s += ` minValues ${this.minValues}`;
    return s;
  }

  /**
   * The requirement as a user would write it, without the key: `In [t4, a10g]`, `NotIn [8], Gt 1`,
   * `Gte 2, Lte 7`, `DoesNotExist` (bounds given back in Gt/Lt form, minValues omitted).
   */
  describe(): string {
    const op = this.operator();
    const parts: string[] = [];
    if (op === 'In' || op === 'NotIn') parts.push(`${op} [${this.sortedValues().join(', ')}]`);
    else if (op === 'DoesNotExist' || (this.gte === undefined && this.lte === undefined)) parts.push(op);
    if (this.gte !== undefined) parts.push(`Gt ${this.gte - 1}`);
    if (this.lte !== undefined) parts.push(`Lt ${this.lte + 1}`);
    return parts.join(', ');
  }

  /**
   * The label states the requirement allows, in words: "one of [a, b]", "any value except [8] from 2",
   * "no value (the label must be absent)", "any value, or none".
   */
  describeAllowed(): string {
    const op = this.operator();
    if (op === 'DoesNotExist') return 'no value (the label must be absent)';
    if (op === 'In') return `one of [${this.sortedValues().join(', ')}]`;
    const range =
      this.gte !== undefined && this.lte !== undefined
        ? `an integer from ${this.gte} to ${this.lte}`
        : this.gte !== undefined
          ? `an integer ≥ ${this.gte}`
          : this.lte !== undefined
            ? `an integer ≤ ${this.lte}`
            : 'any value';
    if (op === 'NotIn') return `${range} except [${this.sortedValues().join(', ')}], or none`;
    return range;
  }
}

/** A conflict Intersects or Compatible reports (requirements.go, badKeyError / "does not have known values"). */
export interface RequirementConflict {
  readonly key: string;
  /** The receiver's requirement on the key; undefined when it does not define the key. */
  readonly existing?: Requirement;
  readonly incoming: Requirement;
}

export interface CompatibilityOptions {
  /** Keys the receiver may leave undefined whatever the operator (AllowUndefinedWellKnownLabels). */
  readonly allowUndefined?: Pick<ReadonlySet<string>, 'has'>;
}

/** requirements.go, `Requirements`: one intersected Requirement per key. */
export class Requirements {
  private readonly byKey = new Map<string, Requirement>();

  /** NewNodeSelectorRequirementsWithMinValues: each input added (intersected) in order. */
  static from(inputs: readonly RequirementInput[]): Requirements {
    const r = new Requirements();
    for (const input of inputs) r.add(Requirement.of(input));
    return r;
  }

  /** NewLabelRequirements: `key In [value]` per label. */
  static fromLabels(labels: Readonly<Record<string, string>>): Requirements {
    const r = new Requirements();
    for (const [key, value] of Object.entries(labels))
      r.add(Requirement.of({ key, operator: 'In', values: [value] }));
    return r;
  }

  /** Add: a requirement on a key already present is intersected with it. Returns this. */
  add(...requirements: readonly Requirement[]): this {
    for (const requirement of requirements) {
      const existing = this.byKey.get(requirement.key);
      this.byKey.set(requirement.key, existing ? requirement.intersection(existing) : requirement);
    }
    return this;
  }

  has(key: string): boolean {
    return this.byKey.has(normalizedKey(key));
  }

  /** Get: the requirement on `key`, or Exists when none is defined. */
  get(key: string): Requirement {
    const k = normalizedKey(key);
    return this.byKey.get(k) ?? Requirement.of({ key: k, operator: 'Exists' });
  }

  /** The defined keys, sorted. */
  keys(): string[] {
    return [...this.byKey.keys()].sort();
  }

  values(): Requirement[] {
    return this.keys().map((k) => this.get(k));
  }

  get size(): number {
    return this.byKey.size;
  }

  hasMinValues(): boolean {
    return [...this.byKey.values()].some((r) => r.minValues !== undefined);
  }

  /**
   * Intersects: every key both define must overlap, unless both shapes are NotIn/DoesNotExist. Returns
   * the conflicts sorted by key (Karpenter joins them into one error; none = compatible).
   */
  intersects(incoming: Requirements): RequirementConflict[] {
    const out: RequirementConflict[] = [];
    for (const key of this.keys()) {
      if (!incoming.byKey.has(key)) continue;
      const existing = this.get(key);
      const theirs = incoming.get(key);
      if (!keyIntersects(existing, theirs)) out.push({ key, existing, incoming: theirs });
    }
    return out;
  }

  /**
   * Compatible: the first incoming key (sorted here; Go's map order is random) this set does not define
   * and whose shape is not NotIn/DoesNotExist, else the Intersects conflicts.
   */
  compatible(incoming: Requirements, options: CompatibilityOptions = {}): RequirementConflict[] {
    for (const key of incoming.keys()) {
      if (options.allowUndefined?.has(key)) continue;
      const theirs = incoming.get(key);
      if (this.byKey.has(key) || theirs.allowsAbsent()) continue;
      return [{ key, incoming: theirs }];
    }
    return this.intersects(incoming);
  }

  /**
   * Would a node carrying exactly `labels` be Compatible with these requirements (drift's
   * `NewLabelRequirements(labels).Compatible(requirements)`)? The first failing key, or undefined.
   */
  failingLabel(labels: Readonly<Record<string, string>>): RequirementConflict | undefined {
    return Requirements.fromLabels(labels).compatible(this)[0];
  }
}

/** The per-key test Intersects applies (existing = the receiver's side). */
export function keyIntersects(existing: Requirement, incoming: Requirement): boolean {
  if (existing.hasIntersection(incoming)) return true;
  return incoming.allowsAbsent() && existing.allowsAbsent();
}

/**
 * Fast path of Intersects for one key when the existing side is `In [values]` (an instance type's
 * label; an empty list is DoesNotExist, the type does not set the label): HasIntersection reduces to
 * `incoming.has(v)` for some v, and an empty list passes exactly NotIn/DoesNotExist.
 */
export function admitsLabelValues(incoming: Requirement, values: readonly string[]): boolean {
  if (values.length === 0) return incoming.allowsAbsent();
  for (const v of values) if (incoming.has(v)) return true;
  return false;
}

/**
 * The label states `before` allows and `after` does not (a missing label being one state), each in
 * words ("without the label", "with value 8", "with a value outside [a, b]", "with a non-integer
 * value"); empty when `after` allows every one. For drift: a narrowed requirement replaces the
 * nodes whose labels fall in the lost states.
 */
export function lostLabelStates(before: Requirement, after: Requirement): readonly string[] {
  const lost: string[] = [];
  if (before.allowsAbsent() && !after.allowsAbsent()) lost.push('without the label');
  if (!before.complement) {
    const dropped = before.sortedValues().filter((v) => !after.has(v));
    if (dropped.length > 0) lost.push(`with value ${dropped.join(', ')}`);
  } else if (!after.complement) {
    lost.push(
      after.values.size === 0
        ? 'with any value'
        : `with a value outside [${after.sortedValues().join(', ')}]`,
    );
  } else {
    // Both complements: before allows (integers in its bounds, or any value without bounds) minus its
    // excluded values; after must allow all of them.
    const bOpen = before.gte === undefined && before.lte === undefined;
    const aOpen = after.gte === undefined && after.lte === undefined;
    if (bOpen && !aOpen) lost.push('with a non-integer value');
    const lo = (x: number | undefined) => x ?? -Infinity;
    const hi = (x: number | undefined) => x ?? Infinity;
    const excludedInBefore = (from: number, to: number): boolean => {
      if (!Number.isFinite(from) || !Number.isFinite(to) || to - from > 10000) return false;
      for (let n = from; n <= to; n++) if (!before.values.has(String(n))) return false;
      return true;
    };
    // Integers before allows that after's bounds exclude; a gap fully covered by before's own
    // exclusions loses nothing.
    const below = lo(before.gte) < lo(after.gte) && !excludedInBefore(lo(before.gte), lo(after.gte) - 1);
    const above = hi(before.lte) > hi(after.lte) && !excludedInBefore(hi(after.lte) + 1, hi(before.lte));
    const outside = [
      ...(below ? [`below ${after.gte ?? ''}`] : []),
      ...(above ? [`above ${after.lte ?? ''}`] : []),
    ];
    if (outside.length > 0) lost.push(`with a value ${outside.join(' or ')}`);
    const newly = after
      .sortedValues()
      .filter((v) => !before.values.has(v) && withinBounds(v, before.gte, before.lte));
    if (newly.length > 0) lost.push(`with value ${newly.join(', ')}`);
  }
  return lost;
}
