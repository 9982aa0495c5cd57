/**
 * Has Karpenter on one workload cluster finished rolling out what its Applications applied?
 * Read from the Karpenter v1 objects (CRDs of Karpenter 1.0–1.14):
 * - every generated NodePool and EC2NodeClass exists and has `Ready=True`, for its current
 *   generation (a condition's `observedGeneration` older than `metadata.generation` is stale);
 * - no NodeClaim of those pools (label `karpenter.sh/nodepool`) is `Drifted=True` or still
 *   launching (`Initialized` not yet True: launched, registered and initialized is the last step);
 * - each pool's nodes and resources (`status.resources`) are within its `spec.limits`.
 */
import { parseQuantity, plural, TAGS, compareCodeUnits } from '../model';
import { KubeObject } from './kube-reader';

/** The label Karpenter puts on a NodeClaim naming its NodePool. */
export const NODE_POOL_LABEL = TAGS.nodePool;

interface Condition {
  readonly type?: string;
  readonly status?: string;
  readonly reason?: string;
  readonly message?: string;
  readonly observedGeneration?: number;
}

function condition(o: KubeObject, type: string): Condition | undefined {
  const conditions = (o.status?.conditions ?? []) as readonly Condition[];
  return conditions.find((c) => c.type === type);
}

/** Why the object is not Ready for its current spec, or undefined if it is. */
export function notReady(o: KubeObject): string | undefined {
  const ready = condition(o, 'Ready');
  if (ready === undefined) return 'no Ready condition yet';
  const generation = o.metadata?.generation;
  if (
    generation !== undefined &&
    ready.observedGeneration !== undefined &&
    ready.observedGeneration < generation
  ) {
    return `Ready is for generation ${ready.observedGeneration}, not yet for the current spec (generation ${generation})`;
  }
  if (ready.status !== 'True') {
    const why = [ready.reason, ready.message].filter((s) => s !== undefined && s !== '').join(': ');
    return `not Ready (${ready.status ?? 'Unknown'}${why ? `, ${why}` : ''})`;
  }
  return undefined;
}

/** What a pool's nodes are doing: the counts a progress line shows. */
export interface PoolNodes {
  readonly total: number;
  readonly drifted: number;
  readonly launching: number;
}

export function poolNodes(claims: readonly KubeObject[]): PoolNodes {
  return {
    total: claims.length,
    drifted: claims.filter((c) => condition(c, 'Drifted')?.status === 'True').length,
    launching: claims.filter(
      (c) => c.metadata?.deletionTimestamp === undefined && condition(c, 'Initialized')?.status !== 'True',
    ).length,
  };
}

/** The pool's problems with its nodes: drift, launches in progress, limits exceeded. */
export function poolNodeProblems(pool: KubeObject, nodes: PoolNodes): string[] {
  const problems: string[] = [];
  const of = `of ${plural(nodes.total, 'node')}`;
  if (nodes.drifted > 0) problems.push(`${nodes.drifted} ${of} still drifted`);
  if (nodes.launching > 0) problems.push(`${nodes.launching} ${of} still launching (not Initialized)`);
  const limits = (pool.spec?.limits ?? {}) as Readonly<Record<string, string>>;
  const used = (pool.status?.resources ?? {}) as Readonly<Record<string, string>>;
  for (const [resource, limit] of Object.entries(limits).sort(([a], [b]) => compareCodeUnits(a, b))) {
    const max = parseQuantity(String(limit));
    const value = resource === 'nodes' ? String(nodes.total) : used[resource];
    const current = value === undefined ? undefined : parseQuantity(String(value));
    if (max === undefined || current === undefined) continue;
    if (current > max) problems.push(`${resource} ${value} is over its limit ${limit}`);
  }
  return problems;
}

/** NodeClaims grouped by the pool that owns them. */
export function claimsByPool(claims: readonly KubeObject[]): Map<string, KubeObject[]> {
  const byPool = new Map<string, KubeObject[]>();
  for (const claim of claims) {
    const pool = claim.metadata?.labels?.[NODE_POOL_LABEL];
    if (pool === undefined) continue;
    byPool.set(pool, [...(byPool.get(pool) ?? []), claim]);
  }
  return byPool;
}
