/**
 * Whether a node pool may launch Spot capacity: its `karpenter.sh/capacity-type`
 * requirements admit `spot`. A pool without such a requirement counts as Spot-capable,
 * the safe side for the things Spot needs (the service-linked role, key-policy grants).
 */
import { CapacityType, LABELS, ClusterModel, NodePoolModel, labelConstraint } from '../model';

const SPOT: CapacityType = 'spot';

export function poolMayUseSpot(pool: NodePoolModel): boolean {
  const c = labelConstraint(pool.requirements.filter((r) => r.key === LABELS.capacityType));
  if (c.mustNotExist || c.excluded.has(SPOT)) return false;
  return c.allowed === undefined || c.allowed.has(SPOT);
}

/** Names of the cluster's pools that may use Spot, in pool order. */
export function spotPools(cluster: ClusterModel): string[] {
  return cluster.nodePools.filter(poolMayUseSpot).map((p) => p.name);
}
