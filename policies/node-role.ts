/**
 * The node role every EC2NodeClass without an explicit instance profile uses, its EKS
 * access entry, and the optional instance profile.
 */
import { ClusterModel } from '../model';
import { CfnResource, getAtt, ref } from './cfn';
import { arnBuilder, servicePrincipal } from './partition';
import { PolicyDocument, policyDocument, statement } from './policy-document';
import { resourceTags } from './tags';
import { instanceProfileName } from './names';

export const NODE_ROLE_ID = 'KarpenterNodeRole';
export const NODE_ACCESS_ENTRY_ID = 'KarpenterNodeAccessEntry';
export const NODE_INSTANCE_PROFILE_ID = 'KarpenterNodeInstanceProfile';

/** AWS managed policies every Karpenter node needs. */
export const REQUIRED_NODE_POLICIES = [
  'AmazonEKS_CNI_Policy',
  'AmazonEKSWorkerNodePolicy',
  'AmazonEC2ContainerRegistryPullOnly',
  'AmazonSSMManagedInstanceCore',
] as const;

export function nodeTrustPolicy(cluster: ClusterModel): PolicyDocument {
  return policyDocument([
    statement({
      Sid: 'AllowEC2ToAssumeNodeRole',
      Effect: 'Allow',
      Principal: { Service: servicePrincipal('ec2', cluster.aws.partition) },
      Action: 'sts:AssumeRole',
    }),
  ]);
}

/** Required AWS managed policies, then the fleet description's extra ones (sorted, deduplicated). */
export function nodeRolePolicyArns(cluster: ClusterModel): string[] {
  const arn = arnBuilder(cluster.aws);
  const required = REQUIRED_NODE_POLICIES.map((p) => arn.awsManagedPolicy(p));
  const extra = [...new Set(cluster.iam.nodeRoleExtraPolicyArns)].filter((p) => !required.includes(p)).sort();
  return [...required, ...extra];
}

export function nodeRoleResources(cluster: ClusterModel): Record<string, CfnResource> {
  const out: Record<string, CfnResource> = {
    [NODE_ROLE_ID]: {
      Type: 'AWS::IAM::Role',
      Properties: {
        RoleName: cluster.iam.nodeRoleName,
        Description: `Karpenter nodes of EKS cluster ${cluster.name}`,
        Path: cluster.iam.path,
        AssumeRolePolicyDocument: nodeTrustPolicy(cluster),
        ManagedPolicyArns: nodeRolePolicyArns(cluster),
        ...(cluster.iam.permissionsBoundaryArn !== undefined
          ? { PermissionsBoundary: cluster.iam.permissionsBoundaryArn }
          : {}),
        Tags: resourceTags(cluster),
      },
    },
    [NODE_ACCESS_ENTRY_ID]: {
      Type: 'AWS::EKS::AccessEntry',
      Properties: {
        ClusterName: cluster.name,
        PrincipalArn: getAtt(NODE_ROLE_ID, 'Arn'),
        Type: 'EC2_LINUX',
        Tags: resourceTags(cluster),
      },
    },
  };
  if (cluster.iam.createInstanceProfile)
    out[NODE_INSTANCE_PROFILE_ID] = {
      Type: 'AWS::IAM::InstanceProfile',
      Properties: {
        InstanceProfileName: instanceProfileName(cluster),
        Path: cluster.iam.path,
        Roles: [ref(NODE_ROLE_ID)],
      },
    };
  return out;
}
