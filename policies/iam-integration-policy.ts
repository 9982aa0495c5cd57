/**
 * Controller permissions to pass the node role to EC2 and to manage the instance
 * profiles Karpenter creates for EC2NodeClasses that name a role.
 */
import { TAGS, ClusterModel } from '../model';
import { arnBuilder } from './partition';
import { PolicyDocument, policyDocument, statement } from './policy-document';
import { OWNED, REGION_TAG, clusterOwnedTagKey, requestTag, resourceTag } from './tag-keys';

/**
 * Services the node role may be passed to. Both spellings of EC2's principal are listed
 * whatever the partition, as upstream does: the role is still only usable by EC2.
 */
export const PASSED_TO_SERVICES = ['ec2.amazonaws.com', 'ec2.amazonaws.com.cn'] as const;

export function iamIntegrationPolicy(cluster: ClusterModel): PolicyDocument {
  const arn = arnBuilder(cluster.aws);
  const owned = clusterOwnedTagKey(cluster.name);
  const profiles = arn.instanceProfiles();
  const region = cluster.aws.region;
  const requestTags = {
    [requestTag(owned)]: OWNED,
    [requestTag(TAGS.eksCluster)]: cluster.name,
    [requestTag(REGION_TAG)]: region,
  };
  const resourceTags = { [resourceTag(owned)]: OWNED, [resourceTag(REGION_TAG)]: region };
  return policyDocument([
    statement({
      Sid: 'AllowPassingInstanceRole',
      Effect: 'Allow',
      Action: 'iam:PassRole',
      Resource: arn.role(cluster.iam.nodeRoleName, cluster.iam.path),
      Condition: { StringEquals: { 'iam:PassedToService': PASSED_TO_SERVICES } },
    }),
    statement({
      Sid: 'AllowScopedInstanceProfileCreationActions',
      Effect: 'Allow',
      Action: 'iam:CreateInstanceProfile',
      Resource: profiles,
      Condition: {
        StringEquals: requestTags,
        StringLike: { [requestTag(TAGS.nodeClass)]: '*' },
      },
    }),
    statement({
      Sid: 'AllowScopedInstanceProfileTagActions',
      Effect: 'Allow',
      Action: 'iam:TagInstanceProfile',
      Resource: profiles,
      Condition: {
        StringEquals: { ...resourceTags, ...requestTags },
        StringLike: { [resourceTag(TAGS.nodeClass)]: '*', [requestTag(TAGS.nodeClass)]: '*' },
      },
    }),
    statement({
      Sid: 'AllowScopedInstanceProfileActions',
      Effect: 'Allow',
      Action: [
        'iam:AddRoleToInstanceProfile',
        'iam:RemoveRoleFromInstanceProfile',
        'iam:DeleteInstanceProfile',
      ],
      Resource: profiles,
      Condition: {
        StringEquals: resourceTags,
        StringLike: { [resourceTag(TAGS.nodeClass)]: '*' },
      },
    }),
  ]);
}
