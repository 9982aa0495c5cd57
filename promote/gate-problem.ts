/**
 * One reason a cluster has not landed a commit: which cluster, which object, what is missing.
 * Printed as `<cluster> <kind> <name>: <message>`, e.g.
 * `staging-eu NodePool general: 4 of 12 nodes still drifted`.
 */
export interface GateProblem {
  readonly cluster: string;
  /** `Application`, `NodePool`, `EC2NodeClass`, or `cluster` for the cluster as a whole. */
  readonly kind: string;
  /** The object's name; the kubeconfig context when kind is `cluster`. */
  readonly name: string;
  readonly message: string;
}

export function formatProblem(p: GateProblem): string {
  return `${p.cluster} ${p.kind} ${p.name}: ${p.message}`;
}

/** How a commit is shown in messages (as `promote` shows commits). */
export function shortSha(sha: string): string {
  return sha.slice(0, 12);
}
