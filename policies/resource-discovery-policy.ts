/**
 * Controller read permissions: instance types, offerings, prices, images, subnets and
 * security groups of the cluster's region, the public SSM parameters AMI aliases resolve
 * through, and instance-profile lookups.
 */
import { ClusterModel } from '../model';
import { arnBuilder } from './partition';
import { PolicyDocument, policyDocument, statement } from './policy-document';

/** EC2 describe calls Karpenter makes; none supports resource-level permissions. */
export const EC2_READ_ACTIONS = [
  'ec2:DescribeCapacityReservations',
  'ec2:DescribeImages',
  'ec2:DescribeInstances',
  'ec2:DescribeInstanceStatus',
  'ec2:DescribeInstanceTypeOfferings',
  'ec2:DescribeInstanceTypes',
  'ec2:DescribeLaunchTemplates',
  'ec2:DescribePlacementGroups',
  'ec2:DescribeSecurityGroups',
  'ec2:DescribeSpotPriceHistory',
  'ec2:DescribeSubnets',
] as const;

export function resourceDiscoveryPolicy(cluster: ClusterModel): PolicyDocument {
  const arn = arnBuilder(cluster.aws);
  return policyDocument([
    statement({
      Sid: 'AllowRegionalReadActions',
      Effect: 'Allow',
      Action: EC2_READ_ACTIONS,
      Resource: '*',
      Condition: { StringEquals: { 'aws:RequestedRegion': cluster.aws.region } },
    }),
    statement({
      Sid: 'AllowSSMReadActions',
      Effect: 'Allow',
      Action: 'ssm:GetParameter',
      Resource: arn.ssmServiceParameters(),
    }),
    statement({
      // The Price List API is served from a few regions only, so no region condition.
      Sid: 'AllowPricingReadActions',
      Effect: 'Allow',
      Action: 'pricing:GetProducts',
      Resource: '*',
    }),
    statement({
      Sid: 'AllowUnscopedInstanceProfileListAction',
      Effect: 'Allow',
      Action: 'iam:ListInstanceProfiles',
      Resource: '*',
    }),
    statement({
      Sid: 'AllowInstanceProfileReadActions',
      Effect: 'Allow',
      Action: 'iam:GetInstanceProfile',
      Resource: arn.instanceProfiles(),
    }),
  ]);
}
