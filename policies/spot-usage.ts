/**
 * Whether a node pool may launch Spot capacity: its `karpenter.sh/capacity-type`
 * requirements admit `spot`. A pool without such a requirement counts as Spot-capable,
 * the safe side for the things Spot needs (the service-linked role, key-policy grants).
 */
import { CapacityType, LABELS, ClusterModel, NodePoolModel, Requirements } from '../model';

const SPOT: CapacityType = 'spot';

export function poolMayUseSpot(pool: NodePoolModel): boolean {
  // A spot offering carries `capacity-type In [spot]`; Karpenter keeps it when the pool's intersected
  // capacity-type requirement has `spot` (requirements.go, Intersects; requirement.go, Has). No
  // requirement reads as Exists, which has every value.
  return Requirements.from(pool.requirements).get(LABELS.capacityType).has(SPOT);
}

/** Names of the cluster's pools that may use Spot, in pool order. */
export function spotPools(cluster: ClusterModel): string[] {
  return cluster.nodePools.filter(poolMayUseSpot).map((p) => p.name);
}
