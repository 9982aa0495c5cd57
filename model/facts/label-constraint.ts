/**
 * The label states one key may take on a node, given every NodePool requirement on that key
 * intersected (Karpenter treats a pool's requirements as a conjunction). Shared by the
 * validator (can two pools match the same pod?) and the impact report (does a requirement
 * change narrow what existing nodes may carry?).
 *
 * An approximation: it intersects as a plain filter. Karpenter's own semantics (an empty
 * intersection is DoesNotExist, NotIn with a bound stays NotIn, ...) are
 * model/facts/karpenter-requirements.ts, which the instance-type resolver uses; prefer it.
 */
export interface LabelRequirement {
  readonly key: string;
  readonly operator: string;
  readonly values?: readonly string[];
}

export interface LabelConstraint {
  /** Values `In` allows (intersected over every `In`); undefined = any value. */
  readonly allowed?: ReadonlySet<string>;
  /** Values `NotIn` excludes. */
  readonly excluded: ReadonlySet<string>;
  /** Exclusive integer bounds: `Gt n` → gt n, `Gte n` → gt n-1, `Lt n` → lt n, `Lte n` → lt n+1. */
  readonly gt?: number;
  readonly lt?: number;
  /** The label must exist (In, Exists, Gt, Gte, Lt, Lte). */
  readonly mustExist: boolean;
  /** The label must be absent (DoesNotExist). */
  readonly mustNotExist: boolean;
  /** A requirement used an operator Karpenter does not define; callers decide what that means. */
  readonly unknownOperator: boolean;
}

/** Intersects all `requirements` (normally all on one key). */
export function labelConstraint(requirements: readonly LabelRequirement[]): LabelConstraint {
  let allowed: Set<string> | undefined;
  const excluded = new Set<string>();
  let gt: number | undefined;
  let lt: number | undefined;
  let mustExist = false;
  let mustNotExist = false;
  let unknownOperator = false;
  for (const r of requirements) {
    const values = r.values ?? [];
    const n = Number(values[0]);
    switch (r.operator) {
      case 'In':
        allowed = allowed ? new Set(values.filter((v) => allowed?.has(v))) : new Set(values);
        mustExist = true;
        break;
      case 'NotIn':
        for (const v of values) excluded.add(v);
        break;
      case 'Exists':
        mustExist = true;
        break;
      case 'DoesNotExist':
        mustNotExist = true;
        break;
      case 'Gt':
      case 'Gte':
        gt = Math.max(gt ?? -Infinity, r.operator === 'Gt' ? n : n - 1);
        mustExist = true;
        break;
      case 'Lt':
      case 'Lte':
        lt = Math.min(lt ?? Infinity, r.operator === 'Lt' ? n : n + 1);
        mustExist = true;
        break;
      default:
        unknownOperator = true;
    }
  }
  return { allowed, excluded, gt, lt, mustExist, mustNotExist, unknownOperator };
}

/** Does `value` satisfy the constraint's integer bounds (any value does when there are none)? */
export function withinBounds(value: string, c: Pick<LabelConstraint, 'gt' | 'lt'>): boolean {
  if (c.gt === undefined && c.lt === undefined) return true;
  const n = Number(value);
  if (!Number.isInteger(n)) return false;
  return (c.gt === undefined || n > c.gt) && (c.lt === undefined || n < c.lt);
}

/** Is there a label state (a value, or absence) that satisfies the whole constraint? */
export function isSatisfiable(c: LabelConstraint): boolean {
  if (c.mustNotExist) return !c.mustExist;
  if (c.allowed) return [...c.allowed].some((v) => !c.excluded.has(v) && withinBounds(v, c));
  if (c.gt === undefined && c.lt === undefined) return true;
  const lo = (c.gt ?? -Infinity) + 1;
  const hi = (c.lt ?? Infinity) - 1;
  if (lo > hi) return false;
  const size = hi - lo + 1;
  if (!Number.isFinite(size)) return true;
  const excludedInRange = [...c.excluded].filter((v) => withinBounds(v, c)).length;
  return excludedInRange < size;
}
