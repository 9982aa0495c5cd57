/**
 * The node role every EC2NodeClass without an explicit instance profile uses: its trust and the
 * managed policies attached to it (the role, its access entry and the optional instance profile
 * are parts of the neutral model, policies/aws-side.ts).
 */
import { ClusterModel, EKS_AUTO_MODE } from '../model';
import { arnBuilder, servicePrincipal } from './partition';
import { PolicyDocument, policyDocument, statement } from './policy-document';

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

/**
 * AWS managed policies of an EKS Auto Mode node role: AmazonEKSWorkerNodeMinimalPolicy and
 * AmazonEC2ContainerRegistryPullOnly (EKS User Guide, "Learn about identity and access in EKS
 * Auto Mode", https://docs.aws.amazon.com/eks/latest/userguide/auto-learn-iam.html). No CNI or
 * SSM policy: EKS runs the networking capability and nodes allow no SSM access.
 */
export const AUTO_MODE_NODE_POLICIES = EKS_AUTO_MODE.nodeRoleManagedPolicies;

/** The AWS managed policies every node of the cluster's mode needs. */
export function requiredNodePolicies(cluster: ClusterModel): readonly string[] {
  return cluster.karpenter.mode === 'eks-auto-mode' ? AUTO_MODE_NODE_POLICIES : REQUIRED_NODE_POLICIES;
}

/** Required AWS managed policies, then the fleet description's extra ones (sorted, deduplicated). */
export function nodeRolePolicyArns(cluster: ClusterModel): string[] {
  const arn = arnBuilder(cluster.aws);
  const required = requiredNodePolicies(cluster).map((p) => arn.awsManagedPolicy(p));
  const extra = [...new Set(cluster.iam.nodeRoleExtraPolicyArns)].filter((p) => !required.includes(p)).sort();
  return [...required, ...extra];
}
