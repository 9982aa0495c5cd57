/**
 * `aws.ack` (the `ack` target, docs/ack.md): its `destination` names the Argo CD cluster the ACK
 * objects are applied to, so it must be a cluster this fleet's Argo CD knows: the registered
 * `gitops.destination.name` of a cluster of the fleet, or `in-cluster` (the cluster Argo CD runs
 * in, registered under that name by default). And `aws.ack` only means something with
 * `aws.managedBy: ack`.
 */
import { Diagnostic } from '../shared/diagnostics';
import { didYouMean } from '../shared/did-you-mean';
import { show } from '../shared/show-value';
import { compareCodeUnits } from '../shared/sorted';
import { locAt, nodeAt } from '../parse/located';
import { FleetEntry } from './check-fleet';

/** The name Argo CD registers its own cluster under. */
export const ARGOCD_IN_CLUSTER_NAME = 'in-cluster';

export function checkAckDestinations(entries: readonly FleetEntry[]): Diagnostic[] {
  const known = new Set<string>([ARGOCD_IN_CLUSTER_NAME]);
  for (const e of entries) {
    const d = e.model?.gitops.destination;
    if (d && 'name' in d && d.name !== '') known.add(d.name);
  }
  const names = [...known].sort(compareCodeUnits);
  const out: Diagnostic[] = [];
  for (const e of entries) {
    const ackNode = nodeAt(e.root, ['aws', 'ack']);
    if (ackNode === undefined || e.model === undefined) continue;
    if (e.model.aws.managedBy !== 'ack') {
      out.push({
        severity: 'error',
        ...locAt(e.root, ['aws', 'ack']),
        path: 'aws.ack',
        message: `aws.ack is set, but cluster ${e.name} has aws.managedBy: ${e.model.aws.managedBy}, so no ACK objects are written`,
        fix: 'Set aws.managedBy: ack, or remove aws.ack',
      });
      continue;
    }
    const written = nodeAt(e.root, ['aws', 'ack', 'destination']) !== undefined;
    const dest = e.model.aws.ack?.destination;
    const value = dest && 'name' in dest ? dest.name : undefined;
    if (!written || value === undefined || known.has(value)) continue;
    const guess = didYouMean(value, names);
    out.push({
      severity: 'error',
      ...locAt(e.root, ['aws', 'ack', 'destination']),
      path: 'aws.ack.destination',
      message: `aws.ack.destination '${show(value)}' is not a cluster Argo CD knows in this fleet (the gitops.destination names of its clusters, or ${ARGOCD_IN_CLUSTER_NAME}: ${names.join(', ')})`,
      fix: `${guess ? `Did you mean '${guess}'? ` : ''}Name the Argo CD cluster where the ACK controllers run (as registered in Argo CD and named by a cluster of this fleet), or remove aws.ack.destination to apply the objects to the workload cluster`,
    });
  }
  return out;
}
