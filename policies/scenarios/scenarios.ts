/**
 * The scenario table: requests Karpenter's controller makes (and the interruption queue
 * receives) with the decision the generated policies must give. Pure data derived from
 * the cluster model, evaluated by the tests with a local IAM simulator and by
 * `policies verify` with IAM's SimulateCustomPolicy against a live account.
 *
 * Allowed: what the controller needs for THIS cluster. Denied: the same calls for another
 * cluster's tags, another region, another account, another role, or untagged resources.
 */
import { ClusterModel } from '../../model';
import { coreControllerScenarios } from './controller-scenarios';
import { featureScenarios } from './feature-scenarios';
import { nodeRoleScenarios } from './node-role-scenarios';
import { officialScenarios } from './official-scenarios';
import { queueScenarios } from './queue-scenarios';
import { Scenario } from './scenario-types';

export * from './scenario-types';
export { queueScenarios } from './queue-scenarios';
export { nodeRolePolicies, nodeRoleScenarios } from './node-role-scenarios';

/** The whole table: controller scenarios, then the queue's (EKS Auto Mode: the node role's). */
export function scenarios(cluster: ClusterModel): Scenario[] {
  if (cluster.karpenter.mode === 'eks-auto-mode') return nodeRoleScenarios(cluster);
  return [...controllerScenarios(cluster), ...queueScenarios(cluster)];
}

/** Requests decided by the controller role's identity policies (what `policies verify` simulates). */
export function controllerScenarios(cluster: ClusterModel): Scenario[] {
  return [...coreControllerScenarios(cluster), ...featureScenarios(cluster), ...officialScenarios(cluster)];
}
