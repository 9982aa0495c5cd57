/** Kinds the impact report treats specially. */
import { compareCodeUnits } from '../model';

export const KARPENTER_KINDS = {
  nodePool: 'NodePool',
  nodeClass: 'EC2NodeClass',
} as const;
export type KarpenterKind = (typeof KARPENTER_KINDS)[keyof typeof KARPENTER_KINDS];

/**
 * Pseudo-kinds for files that are not Kubernetes objects. The main file of an AWS-side target
 * (policies/targets/targets.ts) takes the target's title as its kind (`CloudFormation`, `Terraform`).
 */
export const FILE_KINDS = {
  helmValues: 'HelmValues',
  otherFile: 'File',
} as const;

/** Report order: the node-affecting kinds first, then everything else alphabetically. */
const KIND_ORDER: readonly string[] = [KARPENTER_KINDS.nodeClass, KARPENTER_KINDS.nodePool];

export function compareKinds(a: string, b: string): number {
  const ia = KIND_ORDER.indexOf(a);
  const ib = KIND_ORDER.indexOf(b);
  if (ia !== ib) return (ia < 0 ? KIND_ORDER.length : ia) - (ib < 0 ? KIND_ORDER.length : ib);
  return compareCodeUnits(a, b);
}

export function isKarpenterKind(kind: string): kind is KarpenterKind {
  return kind === KARPENTER_KINDS.nodePool || kind === KARPENTER_KINDS.nodeClass;
}
