/**
 * Can two NodePools serve the same pod? Karpenter considers every pool whose requirements
 * the pod's scheduling constraints intersect and whose taints the pod tolerates, and picks
 * by weight; equal weights are ordered by name, last name first (cross-checks.ts: equalWeightOrder).
 *
 * Two pools "can match the same pod" when
 *  - their requirements intersect as Karpenter's do (model/facts/karpenter-requirements.ts,
 *    Requirements.intersects): each pool's requirements, plus its template labels as `In [value]`,
 *    intersected per key (Requirements.Add); then on every key both define, some value both allow,
 *    or both admit a node without the label (NotIn/DoesNotExist shapes), and
 *  - neither pool has a hard taint (NoSchedule/NoExecute) the other lacks: then any pod
 *    tolerating one pool's taints tolerates the other's. A pool with an extra taint is a
 *    deliberate opt-in pool, not an overlap.
 * Static pools (`replicas`) do not take part in provisioning decisions and are skipped.
 */
import { Requirements } from '../model';

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

/**
 * A pool's requirements as Karpenter builds them for scheduling (pkg/scheduling/requirements.go,
 * NewNodeSelectorRequirementsWithMinValues plus NewLabelRequirements of the template labels): one
 * intersected requirement per normalized key.
 */
function poolRequirements(pool: PoolShape): Requirements {
  return Requirements.from(pool.requirements).add(...Requirements.fromLabels(pool.labels).values());
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
  // requirements.go, Intersects: every key both pools define must overlap, or both admit absence.
  return poolRequirements(a).intersects(poolRequirements(b)).length === 0;
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
