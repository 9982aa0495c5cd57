/**
 * Everything the policy scenarios of one cluster are evaluated on: the scenario table and the
 * documents that decide it (the controller role's managed policies, the role's ARN, the
 * interruption queue's resource policy, the account). Its hash goes into the proof record
 * (policies/scenarios/proof-record.ts): equal hashes mean the simulator is asked exactly the same questions.
 */
import { createHash } from 'crypto';
import { ClusterModel } from '../../model';
import { AwsSideModel, awsSideModel, controllerRoleArn } from '../aws-side';
import { PolicyDocument } from '../policy-document';
import { NodeRolePolicies, nodeRolePolicies } from './node-role-scenarios';
import { Scenario, scenarios } from './scenarios';

export interface NamedPolicy {
  readonly name: string;
  readonly document: PolicyDocument;
}

export interface ScenarioInputs {
  readonly cluster: string;
  readonly accountId: string;
  readonly controllerRoleArn: string;
  readonly controllerPolicies: readonly NamedPolicy[];
  readonly queuePolicy: PolicyDocument;
  /** EKS Auto Mode only: the node role's trust and the volume keys' statements. @default absent */
  readonly nodeRolePolicies?: NodeRolePolicies;
  readonly scenarios: readonly Scenario[];
}

/**
 * The inputs of a cluster, taken from its neutral AWS side (policies/aws-side.ts): the documents
 * every target renders are the ones proved.
 */
export function scenarioInputs(
  cluster: ClusterModel,
  side: AwsSideModel = awsSideModel(cluster),
): ScenarioInputs {
  return {
    cluster: cluster.name,
    accountId: cluster.aws.accountId,
    controllerRoleArn: controllerRoleArn(cluster),
    controllerPolicies: side.controllerPolicies.map((p) => ({ name: p.name, document: p.document })),
    // EKS Auto Mode has no queue: its scenarios are the node role's (node-role-scenarios.ts).
    queuePolicy: side.queue?.policy ?? { Version: '2012-10-17', Statement: [] },
    ...(cluster.karpenter.mode === 'eks-auto-mode' ? { nodeRolePolicies: nodeRolePolicies(cluster) } : {}),
    scenarios: scenarios(cluster),
  };
}

/** sha256 (hex) of the inputs' JSON form: what the simulator is asked, and against which documents. */
export function scenarioInputsHash(inputs: ScenarioInputs): string {
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex');
}
