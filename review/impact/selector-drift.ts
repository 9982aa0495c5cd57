/**
 * Dynamic drift from an EC2NodeClass's subnet, security-group and capacity-reservation selector
 * terms. None of them is hashed (`hash:"ignore"` in EC2NodeClassSpec); each is compared with what
 * the terms resolve to in AWS, and the three checks differ (aws/karpenter-provider-aws v1.14.1,
 * pkg/cloudprovider/drift.go):
 *
 * - isSubnetDrifted: a node drifts when its subnet is missing from the class's resolved subnets.
 *   Terms that can only add subnets never drift a node.
 * - areSecurityGroupsDrifted: a node drifts when its security groups are not EQUAL to the resolved
 *   set, so a term that adds a group drifts every node as surely as one that removes a group.
 * - isCapacityReservationDrifted: only a node launched into a reservation can drift, when that
 *   reservation is missing from the resolved ones. Terms that can only add reservations never
 *   drift a node.
 *
 * Terms are ORed and the fields inside one term ANDed, a tag value `*` matching any value
 * (SubnetSelectorTerm, SecurityGroupSelectorTerm, CapacityReservationSelectorTerm in
 * pkg/apis/v1/ec2nodeclass.go; the providers under pkg/providers/ filter the same way). So the new
 * terms select at least what the old ones did when every old term is covered by a new term that
 * asks for no more than it. What AWS resolves the terms to is not visible to a PR job: when the
 * terms may select less (or, for security groups, anything else), the answer is "maybe".
 */
import { compactValue } from './compact-value';
import { isPlainObject } from './field-diff';
import { NodeImpact } from './node-impact';

export const SELECTOR_KINDS = ['subnet', 'security-group', 'capacity-reservation'] as const;
export type SelectorKind = (typeof SELECTOR_KINDS)[number];

/** Term fields compared for equality (id, name, ownerID, instanceMatchCriteria); `tags` is a map. */
const SCALAR_FIELDS = ['id', 'name', 'ownerID', 'instanceMatchCriteria'] as const;

/**
 * Does term `wide` select every resource term `narrow` selects? Sufficient, not necessary: a term
 * by id and a term by tags are never compared (which ids carry which tags is AWS state).
 */
export function termCovers(wide: unknown, narrow: unknown): boolean {
  if (!isPlainObject(wide) || !isPlainObject(narrow)) return false;
  for (const f of SCALAR_FIELDS) {
    if (wide[f] !== undefined && wide[f] !== narrow[f]) return false;
  }
  if (wide.tags !== undefined) {
    if (!isPlainObject(wide.tags) || !isPlainObject(narrow.tags)) return false;
    const narrowTags = narrow.tags;
    for (const [k, v] of Object.entries(wide.tags)) {
      if (!(k in narrowTags)) return false;
      if (v !== '*' && narrowTags[k] !== v) return false;
    }
  }
  // A term with no selecting field is refused by the CRD; never treat it as covering anything.
  return SCALAR_FIELDS.some((f) => wide[f] !== undefined) || wide.tags !== undefined;
}

/** Old terms some new term does not cover: what the new terms may no longer select. */
function uncovered(before: readonly unknown[], after: readonly unknown[]): unknown[] {
  return before.filter((old) => !after.some((t) => termCovers(t, old)));
}

function terms(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function listTerms(list: readonly unknown[]): string {
  return list.map((t) => compactValue(t, 60)).join(', ');
}

/** The verdict for one changed selector-term list. */
export function selectorDrift(
  kind: SelectorKind,
  rawBefore: unknown,
  rawAfter: unknown,
): { impact: NodeImpact; reason: string } {
  const before = terms(rawBefore);
  const after = terms(rawAfter);
  const lost = uncovered(before, after);
  const gained = uncovered(after, before);
  switch (kind) {
    case 'subnet':
      return lost.length === 0
        ? {
            impact: 'none',
            reason:
              'subnet terms only add subnets (every old term is covered by a new one); a node drifts only when its subnet is no longer selected (SubnetDrift, isSubnetDrifted), so none does',
          }
        : {
            impact: 'may-replace',
            reason: `subnet selection is not hashed; nodes in a subnet the new terms no longer select drift (SubnetDrift); not covered any more: ${listTerms(lost)}`,
          };
    case 'security-group':
      if (lost.length === 0 && gained.length === 0) {
        return {
          impact: 'none',
          reason:
            'security group terms select the same groups (each old term is covered by a new one and each new by an old one); SecurityGroupDrift compares the set, so no node drifts',
        };
      }
      return {
        impact: 'may-replace',
        reason: `security group selection is not hashed; if the new terms resolve to a different set of groups (an added group counts too), every node of the class drifts (SecurityGroupDrift, areSecurityGroupsDrifted compares the sets for equality)${lost.length > 0 ? `; not covered any more: ${listTerms(lost)}` : ''}${gained.length > 0 ? `; new: ${listTerms(gained)}` : ''}`,
      };
    case 'capacity-reservation':
      return lost.length === 0
        ? {
            impact: 'none',
            reason:
              'capacity reservation terms only add reservations (every old term is covered by a new one); a node drifts only when the reservation it runs in is no longer selected (CapacityReservationDrift, isCapacityReservationDrifted), so none does',
          }
        : {
            impact: 'may-replace',
            reason: `nodes launched into a capacity reservation the new terms no longer select drift (CapacityReservationDrift); not covered any more: ${listTerms(lost)}`,
          };
  }
}
