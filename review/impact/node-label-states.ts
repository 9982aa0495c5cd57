/**
 * What a NodePool guarantees about the labels of the nodes it already launched, one key at a time:
 * may a node lack the label, and which values may it carry? Requirement drift
 * (requirement-drift.ts) checks the new requirements against these states, so a change is "yes"
 * when every possible state fails, "no" when none can.
 *
 * Where the labels come from (kubernetes-sigs/karpenter v1.14.1, aws/karpenter-provider-aws v1.14.1):
 * - NewNodeClaimTemplate (core pkg/controllers/provisioning/scheduling/nodeclaimtemplate.go): the
 *   template's labels, plus `karpenter.sh/nodepool` and the node-class label
 *   (`karpenter.k8s.aws/ec2nodeclass`), are on every NodeClaim; the pool's requirements and those
 *   labels are intersected into the template's requirements.
 * - resolveCustomLabelsFromRequirements (same file): every requirement on a key that is neither
 *   well-known nor restricted gets a value on the NodeClaim (`Requirement.Any()`: one of the In values,
 *   or for NotIn/Exists an integer inside the bounds); DoesNotExist gets none. So a custom key the
 *   pool mentions is on every node, one it never mentions on none.
 * - computeRequirements (provider pkg/providers/instancetype/types.go): every instance type has one
 *   value for instance-type, arch, os, region, capacity type (per offering), instance-cpu,
 *   instance-memory, instance-hypervisor, instance-encryption-in-transit-supported,
 *   instance-capability-flex, instance-family and instance-size, and the launch picks one zone; those single-valued labels are copied
 *   onto the NodeClaim at launch. Other well-known keys (GPU, local NVMe, bandwidth ...) exist only on
 *   some instance types.
 * - A node's labels satisfied the pool's requirements when it launched (the launch filters instance
 *   types and offerings with Intersects), and a node that no longer does is already drifted.
 */
import { LABELS, normalizedKey, Requirement, Requirements, wellKnownLabels } from '../../model';

/** Label keys every node Karpenter launches on AWS carries, with one value (see the header). */
export const LABELS_ON_EVERY_NODE: readonly string[] = [
  LABELS.instanceType,
  LABELS.arch,
  LABELS.os,
  LABELS.zone,
  LABELS.region,
  LABELS.capacityType,
  LABELS.nodePool,
  'karpenter.k8s.aws/ec2nodeclass',
  LABELS.instanceCpu,
  LABELS.instanceMemory,
  LABELS.instanceHypervisor,
  'karpenter.k8s.aws/instance-encryption-in-transit-supported',
  'karpenter.k8s.aws/instance-capability-flex',
  // Family and size come from splitting the type name at its one dot, which every EC2 type has.
  LABELS.instanceFamily,
  LABELS.instanceSize,
];

/** The states one label key may be in on an existing node of the old pool. */
export interface NodeLabelStates {
  readonly key: string;
  /** Some node may lack the label. */
  readonly mayBeAbsent: boolean;
  /** The values a node carrying the label may have; undefined when no node carries it. */
  readonly present?: Requirement;
  /** Why, in words: "carries workload=loadtest (template label)". */
  readonly because: string;
}

/** What the old pool (its template labels and requirements) guarantees about `key` on its nodes. */
export function nodeLabelStates(
  key: string,
  templateLabels: Readonly<Record<string, string>>,
  oldRequirements: Requirements,
): NodeLabelStates {
  const k = normalizedKey(key);
  const labelled = Object.entries(templateLabels).find(([l]) => normalizedKey(l) === k);
  if (labelled) {
    return {
      key: k,
      mayBeAbsent: false,
      present: Requirement.of({ key: k, operator: 'In', values: [labelled[1]] }),
      because: `every node carries ${k}=${labelled[1]} (a template label)`,
    };
  }
  const everyNode = LABELS_ON_EVERY_NODE.includes(k);
  // resolveCustomLabelsFromRequirements skips WellKnownLabels: the instance type sets those, or not.
  const wellKnown = wellKnownLabels().includes(k);
  if (oldRequirements.has(k)) {
    const r = oldRequirements.get(k);
    const shape = r.operator();
    if (shape === 'DoesNotExist') {
      return {
        key: k,
        mayBeAbsent: true,
        because: `no node carries ${k} (the old requirement DoesNotExist)`,
      };
    }
    // NotIn on a well-known key some instance types do not set: a node may lack it.
    const mayBeAbsent = shape === 'NotIn' && wellKnown && !everyNode;
    const allowed = r.describeAllowed();
    return {
      key: k,
      mayBeAbsent,
      present: r,
      because: mayBeAbsent
        ? `nodes carry ${k} with ${allowed} (the old requirement)`
        : `every node carries ${k} with ${allowed.replace(/, or none$/, '')} (the old requirement)`,
    };
  }
  if (everyNode) {
    return {
      key: k,
      mayBeAbsent: false,
      present: Requirement.of({ key: k, operator: 'Exists' }),
      because: `every AWS node carries ${k}`,
    };
  }
  if (wellKnown) {
    return {
      key: k,
      mayBeAbsent: true,
      present: Requirement.of({ key: k, operator: 'Exists' }),
      because: `${k} is set on some instance types only, and the old pool did not constrain it`,
    };
  }
  return {
    key: k,
    mayBeAbsent: true,
    because: `no node carries ${k}: neither the old template labels nor the old requirements set it`,
  };
}
