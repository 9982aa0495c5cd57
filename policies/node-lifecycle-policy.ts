/**
 * Controller permissions to launch, tag and terminate the cluster's nodes and manage
 * their launch templates. Same statements and conditions as upstream's node-lifecycle
 * policy; resources Karpenter creates are additionally pinned to the cluster's account.
 */
import { TAGS, ClusterModel } from '../model';
import { arnBuilder } from './partition';
import { PolicyDocument, policyDocument, statement } from './policy-document';
import { NAME_TAG, OWNED, clusterOwnedTagKey, requestTag, resourceTag } from './tag-keys';

/** EC2 resource types Karpenter creates, tags and deletes. */
const CREATED_TYPES = [
  'fleet',
  'instance',
  'volume',
  'network-interface',
  'launch-template',
  'spot-instances-request',
];

export function nodeLifecyclePolicy(cluster: ClusterModel): PolicyDocument {
  const arn = arnBuilder(cluster.aws);
  const owned = clusterOwnedTagKey(cluster.name);
  const created = CREATED_TYPES.map((t) => arn.ec2(t, 'own'));
  const ownedResource = { [resourceTag(owned)]: OWNED };
  const poolResource = { [resourceTag(TAGS.nodePool)]: '*' };
  const ownedRequest = { [requestTag(owned)]: OWNED, [requestTag(TAGS.eksCluster)]: cluster.name };
  const poolRequest = { [requestTag(TAGS.nodePool)]: '*' };
  return policyDocument([
    statement({
      Sid: 'AllowScopedEC2InstanceAccessActions',
      Effect: 'Allow',
      Action: ['ec2:RunInstances', 'ec2:CreateFleet'],
      // AMIs and snapshots belong to their publisher; subnets, security groups, capacity
      // reservations and placement groups may be shared from another account (RAM).
      Resource: [
        arn.ec2('image', 'none'),
        arn.ec2('snapshot', 'none'),
        arn.ec2('security-group', 'any'),
        arn.ec2('subnet', 'any'),
        arn.ec2('capacity-reservation', 'any'),
        arn.ec2('placement-group', 'any'),
      ],
    }),
    statement({
      Sid: 'AllowScopedEC2LaunchTemplateAccessActions',
      Effect: 'Allow',
      Action: ['ec2:RunInstances', 'ec2:CreateFleet'],
      Resource: arn.ec2('launch-template', 'own'),
      Condition: { StringEquals: ownedResource, StringLike: poolResource },
    }),
    statement({
      Sid: 'AllowScopedEC2InstanceActionsWithTags',
      Effect: 'Allow',
      Action: ['ec2:RunInstances', 'ec2:CreateFleet', 'ec2:CreateLaunchTemplate'],
      Resource: created,
      Condition: { StringEquals: ownedRequest, StringLike: poolRequest },
    }),
    statement({
      Sid: 'AllowScopedResourceCreationTagging',
      Effect: 'Allow',
      Action: 'ec2:CreateTags',
      Resource: created,
      Condition: {
        StringEquals: {
          ...ownedRequest,
          'ec2:CreateAction': ['RunInstances', 'CreateFleet', 'CreateLaunchTemplate'],
        },
        StringLike: poolRequest,
      },
    }),
    statement({
      Sid: 'AllowScopedResourceTagging',
      Effect: 'Allow',
      Action: 'ec2:CreateTags',
      Resource: arn.ec2('instance', 'own'),
      Condition: {
        StringEquals: ownedResource,
        StringLike: poolResource,
        StringEqualsIfExists: { [requestTag(TAGS.eksCluster)]: cluster.name },
        'ForAllValues:StringEquals': { 'aws:TagKeys': [TAGS.eksCluster, TAGS.nodeClaim, NAME_TAG] },
      },
    }),
    statement({
      Sid: 'AllowScopedDeletion',
      Effect: 'Allow',
      Action: ['ec2:TerminateInstances', 'ec2:DeleteLaunchTemplate'],
      Resource: [arn.ec2('instance', 'own'), arn.ec2('launch-template', 'own')],
      Condition: { StringEquals: ownedResource, StringLike: poolResource },
    }),
  ]);
}
