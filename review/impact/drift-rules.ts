/**
 * The drift classification table: for a field change in a NodePool or EC2NodeClass, does Karpenter
 * replace existing nodes? First matching rule wins. Facts from Karpenter v1.14.1 (core
 * kubernetes-sigs/karpenter at tag v1.14.1, provider aws/karpenter-provider-aws at tag v1.14.1):
 *
 * NodePool (core):
 * - pkg/apis/v1/nodepool.go, NodePool.Hash: hashes `spec.template` (NodeClaimTemplate: metadata
 *   labels/annotations, taints, startupTaints, nodeClassRef, terminationGracePeriod, expireAfter)
 *   with hashstructure options SlicesAsSets, IgnoreZeroValue, ZeroNil. The hash is stored on the
 *   NodePool and on each NodeClaim (annotation karpenter.sh/nodepool-hash); a mismatch is static
 *   drift, reason `NodePoolDrifted` (pkg/controllers/nodeclaim/disruption/drift.go,
 *   areStaticFieldsDrifted). A hash-version bump (NodePoolHashVersion) never drifts by itself.
 * - The hash sees parsed values, not text: durations as durations, volumeSize as its canonical
 *   quantity (hashed-value.ts); a change the hash cannot see drifts nothing.
 * - NodeClaimTemplateSpec.Requirements is `hash:"ignore"`; requirement drift is dynamic
 *   (areRequirementsDrifted), see requirement-drift.ts.
 * - Disruption.Budgets and Budget.Nodes/Schedule/Duration are `hash:"ignore"` and live outside the
 *   template anyway; spec.limits, spec.weight and spec.disruption.* are "Behavioral Fields ... not
 *   considered for Drift" (provider website/content/en/docs/concepts/disruption.md).
 *
 * EC2NodeClass (provider):
 * - pkg/apis/v1/ec2nodeclass.go, EC2NodeClass.Hash: hashes the whole `spec`, the resolved
 *   AMIFamily() and the cluster CA bundle, same hashstructure options; a mismatch with the
 *   NodeClaim's karpenter.k8s.aws/ec2nodeclass-hash annotation is `NodeClassDrift`
 *   (pkg/cloudprovider/drift.go, areStaticFieldsDrifted).
 * - Fields tagged `hash:"ignore"` in EC2NodeClassSpec: subnetSelectorTerms,
 *   securityGroupSelectorTerms, capacityReservationSelectorTerms, ipPrefixCount, amiSelectorTerms,
 *   amiFamily (hashed by its resolved value instead). The selector terms drift dynamically against
 *   what they resolve to (pkg/cloudprovider/drift.go: isAMIDrifted, isSubnetDrifted,
 *   areSecurityGroupsDrifted, isCapacityReservationDrifted; decided per check in
 *   selector-drift.ts); ipPrefixCount not at all.
 * - Karpenter 1.14 fields: networkInterfaces, cpuOptions, connectionTracking, context,
 *   placementGroupSelector and blockDeviceMappings[].ebs.volumeInitializationRate carry no
 *   `hash:"ignore"`, so they are in the class hash (placement groups also drift dynamically,
 *   isPlacementGroupDrifted); capacityReservationSelectorTerms and ipPrefixCount are ignored
 *   by the hash (see above). NodePool `replicas` is outside the template (not hashed); a static
 *   pool's nodes drift like any other (pkg/controllers/disruption/staticdrift.go in core).
 * - Karpenter v1.0.14 tags `kubelet` `hash:"ignore"` too but drifts it through a separate
 *   kubelet compatibility hash (annotation compatibility.karpenter.k8s.aws/kubelet-drift-hash,
 *   pkg/cloudprovider/drift.go there): the outcome for the user, node replacement, is the same.
 */
import { FieldChange } from './field-diff';
import { startsWith } from './field-path';
import { NodeImpact } from './node-impact';

export interface DriftRule {
  /** Path prefix as map keys (`#` = any list element); [] matches everything. */
  readonly prefix: readonly string[];
  /** A fixed impact, or a special analysis done over the whole resource (see classify-resource.ts). */
  readonly impact:
    | NodeImpact
    | 'requirements'
    | 'ami-selection'
    | 'ami-family'
    | 'subnet-selection'
    | 'security-group-selection'
    | 'capacity-reservation-selection';
  /** Why, in words a reviewer understands; names Karpenter's drift reason where there is one. */
  readonly reason: string;
}

const TEMPLATE_HASH = 'in the NodePool template hash: every node of the pool drifts (NodePoolDrifted)';
const CLASS_HASH =
  'in the EC2NodeClass hash: every node of every pool using this class drifts (NodeClassDrift)';
const BEHAVIOURAL = 'behavioural setting, not considered for drift';

export const NODE_POOL_RULES: readonly DriftRule[] = [
  {
    prefix: ['metadata'],
    impact: 'none',
    reason: 'NodePool object metadata is not part of the node template',
  },
  {
    prefix: ['spec', 'template', 'spec', 'requirements'],
    impact: 'requirements',
    reason:
      'requirements are not hashed; nodes drift only if their labels no longer match (RequirementsDrifted)',
  },
  {
    prefix: ['spec', 'template', 'metadata'],
    impact: 'replaces',
    reason: `node labels/annotations are ${TEMPLATE_HASH}`,
  },
  {
    prefix: ['spec', 'template', 'spec', 'nodeClassRef'],
    impact: 'replaces',
    reason: `nodeClassRef is ${TEMPLATE_HASH}`,
  },
  {
    prefix: ['spec', 'template', 'spec', 'expireAfter'],
    impact: 'replaces',
    reason: `expireAfter is ${TEMPLATE_HASH}`,
  },
  {
    prefix: ['spec', 'template', 'spec', 'terminationGracePeriod'],
    impact: 'replaces',
    reason: `terminationGracePeriod is ${TEMPLATE_HASH}`,
  },
  { prefix: ['spec', 'template'], impact: 'replaces', reason: TEMPLATE_HASH },
  { prefix: ['spec', 'limits'], impact: 'none', reason: `limits: ${BEHAVIOURAL}` },
  { prefix: ['spec', 'weight'], impact: 'none', reason: `weight: ${BEHAVIOURAL}` },
  {
    prefix: ['spec', 'disruption', 'budgets'],
    impact: 'none',
    reason: `disruption budgets: ${BEHAVIOURAL} (hash:"ignore"); they pace replacements`,
  },
  { prefix: ['spec', 'disruption'], impact: 'none', reason: `disruption settings: ${BEHAVIOURAL}` },
  {
    prefix: ['spec', 'replicas'],
    impact: 'none',
    reason:
      'replicas of a static NodePool scale the node count (nodes are added or removed, none replaced); not in the template hash',
  },
  { prefix: [], impact: 'may-replace', reason: 'field not in the drift table; review by hand' },
];

export const NODE_CLASS_RULES: readonly DriftRule[] = [
  { prefix: ['metadata'], impact: 'none', reason: 'EC2NodeClass object metadata is not hashed' },
  {
    prefix: ['spec', 'amiSelectorTerms'],
    impact: 'ami-selection',
    reason:
      'AMI selection is not hashed; nodes drift when their AMI is not among the newly resolved AMIs (AMIDrift)',
  },
  {
    prefix: ['spec', 'amiFamily'],
    impact: 'ami-family',
    reason: 'amiFamily is hashed by its resolved value (the explicit field, else the alias family)',
  },
  {
    prefix: ['spec', 'subnetSelectorTerms'],
    impact: 'subnet-selection',
    reason:
      'subnet selection is not hashed; nodes drift when their subnet is no longer selected (SubnetDrift)',
  },
  {
    prefix: ['spec', 'securityGroupSelectorTerms'],
    impact: 'security-group-selection',
    reason:
      'security group selection is not hashed; if the terms resolve to a different set of groups, every node of the class drifts (SecurityGroupDrift)',
  },
  {
    prefix: ['spec', 'capacityReservationSelectorTerms'],
    impact: 'capacity-reservation-selection',
    reason:
      'nodes launched into a capacity reservation that is no longer selected drift (CapacityReservationDrift)',
  },
  {
    prefix: ['spec', 'ipPrefixCount'],
    impact: 'none',
    reason: 'ipPrefixCount is hash:"ignore"; it applies to new launches only',
  },
  {
    prefix: ['spec', 'role'],
    impact: 'replaces',
    reason: `the node role is ${CLASS_HASH}; Karpenter creates a new instance profile for the new role`,
  },
  { prefix: ['spec', 'instanceProfile'], impact: 'replaces', reason: `instanceProfile is ${CLASS_HASH}` },
  { prefix: ['spec', 'userData'], impact: 'replaces', reason: `userData is ${CLASS_HASH}` },
  { prefix: ['spec', 'blockDeviceMappings'], impact: 'replaces', reason: `block devices are ${CLASS_HASH}` },
  {
    prefix: ['spec', 'instanceStorePolicy'],
    impact: 'replaces',
    reason: `instanceStorePolicy (where pods' ephemeral storage lives) is ${CLASS_HASH}`,
  },
  { prefix: ['spec', 'kubelet'], impact: 'replaces', reason: `kubelet settings are ${CLASS_HASH}` },
  { prefix: ['spec', 'tags'], impact: 'replaces', reason: `tags are ${CLASS_HASH}` },
  { prefix: ['spec', 'metadataOptions'], impact: 'replaces', reason: `metadataOptions are ${CLASS_HASH}` },
  {
    prefix: ['spec', 'placementGroupSelector'],
    impact: 'replaces',
    reason: `the placement group is ${CLASS_HASH} (PlacementGroupDrift too)`,
  },
  {
    prefix: ['spec', 'networkInterfaces'],
    impact: 'replaces',
    reason: `network interfaces (EFA) are ${CLASS_HASH}`,
  },
  { prefix: ['spec', 'cpuOptions'], impact: 'replaces', reason: `cpuOptions are ${CLASS_HASH}` },
  {
    prefix: ['spec', 'connectionTracking'],
    impact: 'replaces',
    reason: `connection tracking timeouts are ${CLASS_HASH}`,
  },
  { prefix: ['spec', 'context'], impact: 'replaces', reason: `the EC2 Fleet context is ${CLASS_HASH}` },
  { prefix: ['spec'], impact: 'replaces', reason: CLASS_HASH },
  { prefix: [], impact: 'may-replace', reason: 'field not in the drift table; review by hand' },
];

/** The first rule whose prefix matches the change's path. */
export function findRule(rules: readonly DriftRule[], change: FieldChange): DriftRule {
  const rule = rules.find((r) => startsWith(change.path, r.prefix));
  // Unreachable: both tables end with a catch-all rule.
  if (!rule) throw new Error('drift table has no catch-all rule');
  return rule;
}

/**
 * Karpenter hashes lists as sets (SlicesAsSets) and requirement compatibility is set-based, so a
 * pure reordering never drifts a node, whatever the field.
 */
export const REORDER_REASON = 'order only; Karpenter compares these lists as sets';
