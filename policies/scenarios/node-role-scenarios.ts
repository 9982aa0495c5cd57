/**
 * Scenarios of an EKS Auto Mode cluster, whose AWS side is the node role alone (no controller
 * role, no queue): what the node role needs is that EC2 can assume it for the nodes and nothing
 * else can, and (with a customer key on the NodeClass's ephemeral storage) that EC2 can use the
 * key for the account's volumes in the cluster's region and in no other. The node role's
 * permissions are the two AWS managed policies the EKS User Guide names
 * (policies/node-role.ts); their documents are AWS's, not ours, so they are attached, not proved.
 */
import { ClusterModel } from '../../model';
import { nodeTrustPolicy } from '../node-role';
import { arnBuilder, servicePrincipal, viaService } from '../partition';
import { PolicyDocument, policyDocument } from '../policy-document';
import { volumeKeyPolicyStatements } from '../volume-key-policy';
import { volumeKmsKeys } from '../kms-keys';
import { otherAccount, otherRegion, Scenario } from './scenario-types';

/** The resource policies the Auto Mode scenarios are decided by. */
export interface NodeRolePolicies {
  readonly nodeTrustPolicy: PolicyDocument;
  /** The key-policy statements of the customer volume keys; @default absent (no customer key) */
  readonly volumeKeyPolicy?: PolicyDocument;
}

export function nodeRolePolicies(cluster: ClusterModel): NodeRolePolicies {
  const statements = volumeKeyPolicyStatements(cluster);
  return {
    nodeTrustPolicy: nodeTrustPolicy(cluster),
    ...(statements ? { volumeKeyPolicy: policyDocument(statements) } : {}),
  };
}

export function nodeRoleScenarios(cluster: ClusterModel): Scenario[] {
  const arn = arnBuilder(cluster.aws);
  const role = arn.role(cluster.iam.nodeRoleName, cluster.iam.path);
  const assume = (
    id: string,
    description: string,
    service: string,
    expect: Scenario['expect'],
  ): Scenario => ({
    id,
    description,
    subject: 'node-role-trust',
    principal: servicePrincipal(service, cluster.aws.partition),
    action: 'sts:AssumeRole',
    resource: role,
    context: {},
    expect,
  });
  const out: Scenario[] = [
    assume('ec2-assumes-node-role', 'EC2 assumes the node role for Auto Mode nodes', 'ec2', 'allowed'),
    assume('lambda-assumes-node-role', "Lambda can't assume the node role", 'lambda', 'denied'),
    assume('ecs-tasks-assume-node-role', "ECS tasks can't assume the node role", 'ecs-tasks', 'denied'),
  ];
  const keys = volumeKmsKeys(cluster).keyArns;
  if (keys.length === 0) return out;
  const key = keys[0];
  const user = `${arn.accountRoot().replace(/:root$/, ':role/')}eks-auto-mode-volume-user`;
  const use = (
    id: string,
    description: string,
    context: Record<string, string>,
    principal: string,
    expect: Scenario['expect'],
  ): Scenario => ({
    id,
    description,
    subject: 'volume-key',
    principal,
    action: 'kms:CreateGrant',
    resource: key,
    context,
    expect,
  });
  const via = (region: string) => ({
    'kms:ViaService': viaService('ec2', { ...cluster.aws, region }),
    'kms:CallerAccount': cluster.aws.accountId,
  });
  const other = otherAccount(cluster.aws.accountId);
  out.push(
    use(
      'ec2-uses-volume-key',
      'EC2 creates the node volume with the customer key',
      via(cluster.aws.region),
      user,
      'allowed',
    ),
    use(
      'volume-key-other-region',
      "the key can't be used through EC2 in another region",
      via(otherRegion(cluster.aws.region)),
      user,
      'denied',
    ),
    use(
      'volume-key-direct-use',
      "the key can't be used outside EC2",
      { 'kms:CallerAccount': cluster.aws.accountId },
      user,
      'denied',
    ),
    use(
      'volume-key-other-account',
      "another account can't use the key",
      { 'kms:ViaService': viaService('ec2', cluster.aws), 'kms:CallerAccount': other },
      `arn:${cluster.aws.partition}:iam::${other}:role/eks-auto-mode-volume-user`,
      'denied',
    ),
  );
  return out;
}
