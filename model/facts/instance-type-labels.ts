/**
 * The well-known instance labels Karpenter derives from an instance type's name alone,
 * exactly as Karpenter 1.14.1 computes them (aws/karpenter-provider-aws
 * pkg/providers/instancetype/types.go, computeRequirements):
 *
 *   karpenter.k8s.aws/instance-category, -generation: groups 1 and 3 of the pattern
 *     `(^[a-z]+)(\-[0-9]+tb)?([0-9]+).*\.` (no labels when it does not match);
 *   karpenter.k8s.aws/instance-family, -size: the two halves of the name split at `.`
 *     (no labels unless there are exactly two).
 *
 * Go's regexp and JavaScript's agree on this pattern (leftmost-first, greedy).
 */
const INSTANCE_TYPE_SCHEME = /(^[a-z]+)(-[0-9]+tb)?([0-9]+).*\./;

export interface InstanceTypeLabels {
  readonly category?: string;
  readonly generation?: string;
  readonly family?: string;
  readonly size?: string;
}

export function instanceTypeLabels(instanceType: string): InstanceTypeLabels {
  const m = INSTANCE_TYPE_SCHEME.exec(instanceType);
  const parts = instanceType.split('.');
  return {
    ...(m ? { category: m[1], generation: m[3] } : {}),
    ...(parts.length === 2 ? { family: parts[0], size: parts[1] } : {}),
  };
}
