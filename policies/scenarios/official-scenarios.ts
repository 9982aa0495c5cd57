/**
 * Scenarios from the official controller policy of the cluster's Karpenter version
 * (policies/official-policy-versions.ts): every action it allows and ours lacks, unless the tool
 * documents why it leaves it out (policies/official-policy-compare.ts DELIBERATE_OMISSIONS), is a
 * request the controller of that release makes and our policies must allow. Ours lacks it, so the
 * simulator denies it and the proof fails, naming the action in the scenario's ID. Where ours has
 * every official action there is no such scenario, and the table (and its proof record) is unchanged.
 */
import { ClusterModel } from '../../model';
import { controllerPolicies } from '../controller-policies';
import { OfficialControllerPolicy } from '../official-policy';
import { compareWithOfficial } from '../official-policy-compare';
import { officialPolicyFor } from '../official-policy-versions';
import { Scenario, baseContext, scenarioBuilders } from './scenario-types';

/** The scenario ID of an official action, e.g. `official-action-ec2-describeimages`. */
export function officialActionScenarioId(action: string): string {
  return `official-action-${action
    .toLowerCase()
    .replace(/[^a-z0-9*]+/g, '-')
    .replace(/\*/g, 'any')}`;
}

export function officialScenarios(
  cluster: ClusterModel,
  official: OfficialControllerPolicy | undefined = officialPolicyFor(
    cluster.karpenter.version,
    cluster.karpenter.imported,
  ),
): Scenario[] {
  if (official === undefined) return [];
  const ours = controllerPolicies(cluster).map((p) => p.document);
  const { allow } = scenarioBuilders(() => baseContext(cluster.aws.region));
  return compareWithOfficial(official, ours, cluster).missing.map((site) =>
    allow(
      officialActionScenarioId(site.action),
      `${site.action}, which the official policy of Karpenter ${cluster.karpenter.version} grants (${site.policy}${site.sid !== undefined ? `/${site.sid}` : ''}) and ours lacks`,
      site.action,
      '*',
    ),
  );
}
