/**
 * A cluster moving between self-managed Karpenter and EKS Auto Mode, read from dist/ alone:
 * self-managed clusters have EC2NodeClasses (karpenter.k8s.aws) and a controller Application;
 * Auto Mode clusters have NodeClasses (eks.amazonaws.com) and none. Every node of the cluster is
 * replaced, pool by pool, and the report lists what the move removes (docs/eks-auto-mode.md).
 */
import { DistResource } from '../dist-resources';
import { get } from './classify-resource';

export type ClusterMode = 'self-managed' | 'eks-auto-mode';

export interface ModeChange {
  readonly from: ClusterMode;
  readonly to: ClusterMode;
  /** What the reviewer must know, one sentence each: replacement, then what is removed. */
  readonly notes: readonly string[];
}

/** The mode a cluster's dist/ shows, or undefined when it has no node class of either kind. */
export function modeOf(resources: ReadonlyMap<string, DistResource>): ClusterMode | undefined {
  for (const r of resources.values()) {
    const api = String(get(r.body, ['apiVersion']) ?? '');
    if (r.kind === 'NodeClass' && api.startsWith('eks.amazonaws.com/')) return 'eks-auto-mode';
    if (r.kind === 'EC2NodeClass' && api.startsWith('karpenter.k8s.aws/')) return 'self-managed';
  }
  return undefined;
}

/** Names of the resources of `before` that `after` no longer has, by kind (sorted). */
function removedOf(
  before: ReadonlyMap<string, DistResource>,
  after: ReadonlyMap<string, DistResource>,
): string[] {
  return [...before.entries()]
    .filter(([id]) => !after.has(id))
    .map(([, r]) => `${r.kind} ${r.name}`)
    .sort();
}

/** The mode change of a cluster between two dist/ trees, if its mode changed. */
export function modeChange(
  before: ReadonlyMap<string, DistResource>,
  after: ReadonlyMap<string, DistResource>,
): ModeChange | undefined {
  const from = modeOf(before);
  const to = modeOf(after);
  if (from === undefined || to === undefined || from === to) return undefined;
  const pools = [...after.values()]
    .filter((r) => r.kind === 'NodePool')
    .map((r) => r.name)
    .sort();
  const removed = removedOf(before, after);
  const notes = [
    to === 'eks-auto-mode'
      ? `The cluster moves from self-managed Karpenter to EKS Auto Mode: every node is replaced, pool by pool (${pools.join(', ') || 'no pools'}), as each pool's nodes drift to the Auto Mode NodeClass under its disruption budgets; Auto Mode must be enabled on the cluster before the sync`
      : `The cluster moves from EKS Auto Mode to self-managed Karpenter: every node is replaced, pool by pool (${pools.join(', ') || 'no pools'}); the controller Application must be healthy before the pools sync`,
    to === 'eks-auto-mode'
      ? 'Removed with self-managed Karpenter: the controller and CRD Applications, the Helm values, and on the AWS side the controller role, its policies and identity, the interruption queue and its rules, and the old node role with its EC2_LINUX access entry (listed below)'
      : 'Removed with EKS Auto Mode: the Auto Mode NodeClasses, the Auto Mode node role and its EC2 access entry (listed below); disable Auto Mode on the cluster once no Auto Mode node is left',
    ...(removed.length > 0 ? [`Removed from dist/: ${removed.join(', ')}`] : []),
  ];
  return { from, to, notes };
}
