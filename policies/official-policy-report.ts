/**
 * What `karpenter-gitops policies` says about each cluster's controller policy against the official
 * one of its Karpenter version (policies/official-policy-compare.ts): one line per cluster, naming
 * the actions ours lacks (each fails the scenario proof), adds, and leaves out on purpose.
 */
import { ClusterModel, FleetModel } from '../model';
import { controllerPolicies } from './controller-policies';
import { OfficialControllerPolicy } from './official-policy';
import { compareWithOfficial } from './official-policy-compare';
import { officialPolicyFor } from './official-policy-versions';

/** The official policy of a cluster's version, if the tool knows one. */
export type OfficialPolicyLookup = (cluster: ClusterModel) => OfficialControllerPolicy | undefined;

/** The policy the tool ships for the version, or the one `import` stored for an imported version. */
export const clusterLookup: OfficialPolicyLookup = (cluster) =>
  officialPolicyFor(cluster.karpenter.version, cluster.karpenter.imported);

const names = (list: readonly string[]): string => (list.length === 0 ? 'none' : list.join(', '));

/** One line per cluster (without the `policies: ` prefix). */
export function officialPolicyLines(
  fleet: Pick<FleetModel, 'clusters'>,
  lookup: OfficialPolicyLookup = clusterLookup,
): string[] {
  return fleet.clusters.map((cluster) => {
    const version = cluster.karpenter.version;
    const official = lookup(cluster);
    if (official === undefined)
      return `${cluster.name}: no official policy of Karpenter ${version} is known, so none is compared${cluster.karpenter.imported ? ` (import the chart again with the release's cloudformation.yaml beside it)` : ''}`;
    const ours = controllerPolicies(cluster).map((p) => p.document);
    const { missing, omitted, added } = compareWithOfficial(official, ours, cluster);
    const parts = [
      `ours lacks ${names(missing.map((m) => m.action))}${missing.length > 0 ? ' (the scenario proof fails until it is granted)' : ''}`,
      `ours adds ${names(added)}`,
      ...(omitted.length > 0
        ? [`left out on purpose: ${omitted.map((o) => `${o.action} (${o.reason})`).join(', ')}`]
        : []),
    ];
    return `${cluster.name}: against the official policy of Karpenter ${version}: ${parts.join('; ')}`;
  });
}
