/**
 * One reason a cluster has not landed a commit: which cluster, which object, what is missing.
 * Printed as `<cluster> <kind> <name>: <message>`, e.g.
 * `staging-eu NodePool general: 4 of 12 nodes still drifted`.
 */
export interface GateProblem {
  readonly cluster: string;
  /** `Application`, `NodePool`, `EC2NodeClass`, or `context` when the cluster cannot be read. */
  readonly kind: string;
  /** The object's name; the kubeconfig context when kind is `cluster`. */
  readonly name: string;
  readonly message: string;
}

export function formatProblem(p: GateProblem): string {
  // A cluster that cannot be read: the message already starts with `context <name>`.
  if (p.kind === 'context') return `${p.cluster}: ${p.message}`;
  return `${p.cluster} ${p.kind} ${p.name}: ${p.message}`;
}

/** How a commit is shown in messages (as `promote` shows commits). */
export function shortSha(sha: string): string {
  return sha.slice(0, 12);
}
