/**
 * Can two NodePools serve the same pod? Karpenter considers every pool whose requirements
 * the pod's scheduling constraints intersect and whose taints the pod tolerates, and picks
 * by weight; equal weights are ordered by name, last name first (cross-checks.ts: equalWeightOrder).
 *
 * Two pools "can match the same pod" when
 *  - for every label key both pools constrain (requirements, plus template labels, which act
 *    as `In [value]`), some value satisfies both pools' constraints together, and
 *  - neither pool has a hard taint (NoSchedule/NoExecute) the other lacks: then any pod
 *    tolerating one pool's taints tolerates the other's. A pool with an extra taint is a
 *    deliberate opt-in pool, not an overlap.
 * Static pools (`replicas`) do not take part in provisioning decisions and are skipped.
 */
import { isSatisfiable, labelConstraint } from '../model';

export interface Requirement {
  readonly key: string;
  readonly operator: string;
  readonly values?: readonly string[];
}

export interface PoolShape {
  readonly name: string;
  readonly weight: number;
  readonly requirements: readonly Requirement[];
  readonly labels: Readonly<Record<string, string>>;
  readonly taints: readonly { key: string; value?: string; effect: string }[];
}

function constraintsByKey(pool: PoolShape): Map<string, Requirement[]> {
  const m = new Map<string, Requirement[]>();
  const add = (r: Requirement) => {
    const list = m.get(r.key);
    if (list) list.push(r);
    else m.set(r.key, [r]);
  };
  for (const r of pool.requirements) add(r);
  for (const [k, v] of Object.entries(pool.labels)) add({ key: k, operator: 'In', values: [v] });
  return m;
}

/**
 * Is there a value (or absence) of one label satisfying all `reqs`? An operator Karpenter
 * does not define is assumed to match (the schema check reports it).
 */
export function satisfiable(reqs: readonly Requirement[]): boolean {
  const c = labelConstraint(reqs);
  return c.unknownOperator || isSatisfiable(c);
}

function hardTaints(pool: PoolShape): Set<string> {
  return new Set(
    pool.taints
      .filter((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute')
      .map((t) => `${t.key}=${t.value ?? ''}:${t.effect}`),
  );
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  if (a.size !== b.size) return false;
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

/** True when some pod could be scheduled by either pool. */
export function canMatchSamePod(a: PoolShape, b: PoolShape): boolean {
  if (!sameSet(hardTaints(a), hardTaints(b))) return false;
  const ca = constraintsByKey(a);
  const cb = constraintsByKey(b);
  for (const [key, ra] of ca) {
    const rb = cb.get(key);
    if (rb && !satisfiable([...ra, ...rb])) return false;
  }
  return true;
}

/** Pairs of pools with equal weight that can match the same pod (pools of ONE cluster). */
export function overlappingPools(pools: readonly PoolShape[]): [PoolShape, PoolShape][] {
  const out: [PoolShape, PoolShape][] = [];
  const byWeight = new Map<number, PoolShape[]>();
  for (const p of pools) {
    const list = byWeight.get(p.weight);
    if (list) list.push(p);
    else byWeight.set(p.weight, [p]);
  }
  for (const group of byWeight.values()) {
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++)
        if (canMatchSamePod(group[i], group[j])) out.push([group[i], group[j]]);
    }
  }
  return out;
}
