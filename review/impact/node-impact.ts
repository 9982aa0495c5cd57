/**
 * What a change does to the nodes Karpenter already runs. Ordered by severity.
 *
 * - `deletes`: the NodePool is removed; its NodeClaims are owned by it (owner references) and are
 *   terminated by cascading deletion (aws/karpenter-provider-aws website/content/en/docs/concepts/
 *   disruption.md, "NodePool Deletion").
 * - `replaces`: static drift (a hash changed), or requirement drift that every node the old pool
 *   can have fails (the change then carries `cause: 'requirements'`); every node of the affected
 *   pools is marked Drifted and replaced, paced by the pools' disruption budgets.
 * - `may-replace`: dynamic drift; only nodes whose resolved state no longer matches are replaced
 *   (narrowed requirements, subnet / capacity-reservation terms that may select less, security
 *   group terms that may resolve differently, AMI selection). Which nodes depends on what runs and
 *   what the selectors resolve to in AWS, which a PR job cannot see.
 * - `none`: behavioural settings and additions; existing nodes stay.
 */
export const NODE_IMPACTS = ['none', 'may-replace', 'replaces', 'deletes'] as const;
export type NodeImpact = (typeof NODE_IMPACTS)[number];

export function worstImpact(list: readonly NodeImpact[]): NodeImpact {
  let worst: NodeImpact = 'none';
  for (const i of list) if (NODE_IMPACTS.indexOf(i) > NODE_IMPACTS.indexOf(worst)) worst = i;
  return worst;
}

/** Short labels for tables. */
export const IMPACT_LABELS: Readonly<Record<NodeImpact, string>> = {
  none: 'no',
  'may-replace': 'maybe',
  replaces: 'yes',
  deletes: 'deletes nodes',
};
