/**
 * Runs every preflight check for one cluster, read-only. Findings (something missing or
 * wrong in the account) are results; anything the preflight cannot read (access denied,
 * throttling, network, credentials) is thrown as AwsCallError by the check that hit it.
 */
import { ClusterModel } from '../model';
import { targetOf } from '../policies/targets/targets';
import { PreflightClients } from './aws-clients';
import { checkAmiAliases } from './ami-checks';
import { checkAmiReleases } from './ami-release-checks';
import { CheckId, CheckResult, skip } from './check-result';
import {
  checkAccessEntry,
  checkControllerIdentity,
  checkSpotServiceLinkedRole,
  checkZonalShift,
  describeCluster,
} from './cluster-checks';
import { checkKeys } from './key-checks';
import { checkNetwork } from './network-checks';
import { checkOfferings } from './offering-checks';
import { checkExternalPermissions, checkExternalRules } from './external-checks';
import { checkQueue, checkRules } from './queue-checks';

/** Checks that read the live cluster, skipped when it does not exist. */
const NEEDS_CLUSTER: readonly CheckId[] = [
  'controller-identity',
  'zonal-shift',
  'access-entry',
  'subnets',
  'security-groups',
  'instance-offerings',
];

export async function runPreflight(clients: PreflightClients, cluster: ClusterModel): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const { live, result } = await describeCluster(clients, cluster);
  results.push(result);
  results.push(await checkSpotServiceLinkedRole(clients, cluster));
  if (live !== undefined) {
    results.push(await checkControllerIdentity(clients, cluster, live));
    results.push(checkZonalShift(cluster, live));
    results.push(await checkAccessEntry(clients, cluster, live));
  }
  const external = !targetOf(cluster).deploy.createsAwsSide;
  if (external) results.push(...(await checkExternalPermissions(clients, cluster)));
  results.push(await checkQueue(clients, cluster));
  results.push(...(await (external ? checkExternalRules(clients, cluster) : checkRules(clients, cluster))));
  results.push(...(await checkKeys(clients, cluster)));
  const k8sVersion = live?.version ?? cluster.kubernetesVersion;
  results.push(...(await checkAmiAliases(clients, cluster, k8sVersion)));
  results.push(...(await checkAmiReleases(clients, cluster, k8sVersion)));
  if (live !== undefined) {
    const zonesByClass = await checkNetwork(clients, cluster, live, results);
    results.push(...(await checkOfferings(clients, cluster, zonesByClass)));
  } else
    results.push(
      ...NEEDS_CLUSTER.map((check) =>
        skip(check, `EKS cluster ${cluster.name}`, 'the cluster was not found'),
      ),
    );
  return results;
}
