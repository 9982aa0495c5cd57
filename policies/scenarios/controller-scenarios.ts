/**
 * Scenarios of what Karpenter's controller does for every cluster: launch, tag, terminate,
 * pass the node role, manage instance profiles, discover, consume the queue; and the same
 * calls for another cluster, region, account or role, or untagged resources.
 */
import { TAGS, ClusterModel } from '../../model';
import { PASSED_TO_SERVICES } from '../iam-integration-policy';
import { queueArn } from '../interruption-queue';
import { arnBuilder } from '../partition';
import {
  ContextValue,
  Scenario,
  baseContext,
  otherAccount,
  otherCluster,
  otherRegion,
  scenarioBuilders,
} from './scenario-types';
import { NAME_TAG, OWNED, REGION_TAG, clusterOwnedTagKey, requestTag, resourceTag } from '../tag-keys';

export function coreControllerScenarios(cluster: ClusterModel): Scenario[] {
  const { aws, name } = cluster;
  const arn = arnBuilder(aws);
  const region2 = otherRegion(aws.region);
  const cluster2 = otherCluster(name);
  const account2 = otherAccount(aws.accountId);
  const arnIn = (region: string, account: string) => arnBuilder({ ...aws, region, accountId: account });
  const ec2 = (type: string, id: string, region = aws.region, account = aws.accountId) =>
    arnIn(region, account).ec2(type, 'own').replace(/\*$/, id);
  const instance = ec2('instance', 'i-0123456789abcdef0');
  const launchTemplate = ec2('launch-template', 'lt-0123456789abcdef0');
  const subnet = ec2('subnet', 'subnet-0123456789abcdef0');
  const profile = arn.instanceProfiles().replace(/\*$/, `${name}_1234567890`);
  const nodeRole = arn.role(cluster.iam.nodeRoleName, cluster.iam.path);
  const clusterArn = arn.eksCluster(name);
  const queue = queueArn(cluster);

  const base = (region = aws.region) => baseContext(region);
  /** Tags Karpenter puts on what it launches, as request tags. */
  const launchTags = (c = name): Record<string, ContextValue> => ({
    [requestTag(clusterOwnedTagKey(c))]: OWNED,
    [requestTag(TAGS.eksCluster)]: c,
    [requestTag(TAGS.nodePool)]: 'default',
    [requestTag(TAGS.nodeClaim)]: 'default-abcde',
    'aws:TagKeys': [clusterOwnedTagKey(c), TAGS.eksCluster, TAGS.nodePool, TAGS.nodeClaim],
  });
  /** Tags on a node Karpenter launched, as resource tags. */
  const nodeTags = (c = name): Record<string, ContextValue> => ({
    [resourceTag(clusterOwnedTagKey(c))]: OWNED,
    [resourceTag(TAGS.nodePool)]: 'default',
  });
  const profileRequestTags = (c = name, region = aws.region): Record<string, ContextValue> => ({
    [requestTag(clusterOwnedTagKey(c))]: OWNED,
    [requestTag(TAGS.eksCluster)]: c,
    [requestTag(REGION_TAG)]: region,
    [requestTag(TAGS.nodeClass)]: 'default',
  });
  const profileResourceTags = (c = name, region = aws.region): Record<string, ContextValue> => ({
    [resourceTag(clusterOwnedTagKey(c))]: OWNED,
    [resourceTag(REGION_TAG)]: region,
    [resourceTag(TAGS.nodeClass)]: 'default',
  });

  const { allow, deny } = scenarioBuilders(base);

  const out: Scenario[] = [
    // Launch.
    allow('run-instances-subnet', 'launch into a subnet', 'ec2:RunInstances', subnet),
    allow(
      'run-instances-shared-subnet',
      'launch into a subnet shared from another account',
      'ec2:RunInstances',
      ec2('subnet', 'subnet-0fedcba9876543210', aws.region, account2),
    ),
    allow(
      'run-instances-image',
      'launch from a public AMI',
      'ec2:RunInstances',
      `arn:${aws.partition}:ec2:${aws.region}::image/ami-0123456789abcdef0`,
    ),
    allow(
      'run-instances-launch-template',
      "launch from the cluster's launch template",
      'ec2:RunInstances',
      launchTemplate,
      { ...base(), ...nodeTags() },
    ),
    allow('run-instances-instance', 'create a tagged instance', 'ec2:RunInstances', instance, {
      ...base(),
      ...launchTags(),
    }),
    allow(
      'run-instances-volume',
      'create a tagged volume',
      'ec2:RunInstances',
      ec2('volume', 'vol-0123456789abcdef0'),
      { ...base(), ...launchTags() },
    ),
    allow(
      'create-fleet',
      'create a tagged fleet',
      'ec2:CreateFleet',
      ec2('fleet', 'fleet-01234567-89ab-cdef-0123-456789abcdef'),
      { ...base(), ...launchTags() },
    ),
    allow(
      'create-launch-template',
      'create a tagged launch template',
      'ec2:CreateLaunchTemplate',
      launchTemplate,
      { ...base(), ...launchTags() },
    ),
    allow('create-tags-on-launch', 'tag an instance while launching it', 'ec2:CreateTags', instance, {
      ...base(),
      ...launchTags(),
      'ec2:CreateAction': 'RunInstances',
    }),
    allow('create-tags-node-claim', 'tag a node with its NodeClaim and Name', 'ec2:CreateTags', instance, {
      ...base(),
      ...nodeTags(),
      [requestTag(TAGS.nodeClaim)]: 'default-abcde',
      [requestTag(NAME_TAG)]: 'ip-10-0-0-1',
      'aws:TagKeys': [TAGS.nodeClaim, NAME_TAG],
    }),
    // Terminate.
    allow('terminate-instance', "terminate the cluster's node", 'ec2:TerminateInstances', instance, {
      ...base(),
      ...nodeTags(),
    }),
    allow(
      'delete-launch-template',
      "delete the cluster's launch template",
      'ec2:DeleteLaunchTemplate',
      launchTemplate,
      { ...base(), ...nodeTags() },
    ),
    // Node role and instance profiles.
    allow('pass-node-role', 'pass the node role to EC2', 'iam:PassRole', nodeRole, {
      ...base(),
      'iam:PassedToService': PASSED_TO_SERVICES[0],
    }),
    allow(
      'create-instance-profile',
      'create a tagged instance profile',
      'iam:CreateInstanceProfile',
      profile,
      { ...base(), ...profileRequestTags() },
    ),
    allow('tag-instance-profile', "tag the cluster's instance profile", 'iam:TagInstanceProfile', profile, {
      ...base(),
      ...profileResourceTags(),
      ...profileRequestTags(),
    }),
    allow(
      'add-role-to-instance-profile',
      'put the node role in its instance profile',
      'iam:AddRoleToInstanceProfile',
      profile,
      { ...base(), ...profileResourceTags() },
    ),
    allow(
      'delete-instance-profile',
      "delete the cluster's instance profile",
      'iam:DeleteInstanceProfile',
      profile,
      { ...base(), ...profileResourceTags() },
    ),
    allow('get-instance-profile', 'read an instance profile', 'iam:GetInstanceProfile', profile),
    allow('list-instance-profiles', 'list instance profiles', 'iam:ListInstanceProfiles', '*'),
    // Discovery.
    allow('describe-instance-types', 'read instance types of the region', 'ec2:DescribeInstanceTypes', '*'),
    allow('describe-subnets', 'read subnets of the region', 'ec2:DescribeSubnets', '*'),
    allow(
      'get-ssm-ami-parameter',
      'resolve an AMI alias',
      'ssm:GetParameter',
      arn
        .ssmServiceParameters()
        .replace(/\*$/, 'eks/optimized-ami/1.33/amazon-linux-2023/x86_64/standard/recommended/image_id'),
    ),
    allow('get-products', 'read on-demand prices', 'pricing:GetProducts', '*', base('us-east-1')),
    allow('describe-cluster', 'discover the API server', 'eks:DescribeCluster', clusterArn),
    // Interruption queue.
    allow('receive-message', 'receive interruption messages', 'sqs:ReceiveMessage', queue),
    allow('delete-message', 'delete handled messages', 'sqs:DeleteMessage', queue),
    allow('get-queue-url', 'resolve the queue URL', 'sqs:GetQueueUrl', queue),

    // Another cluster's tags.
    deny(
      'run-instances-other-cluster',
      'create an instance tagged for another cluster',
      'ec2:RunInstances',
      instance,
      { ...base(), ...launchTags(cluster2) },
    ),
    deny(
      'create-launch-template-other-cluster',
      'create a launch template for another cluster',
      'ec2:CreateLaunchTemplate',
      launchTemplate,
      { ...base(), ...launchTags(cluster2) },
    ),
    deny(
      'run-instances-other-cluster-template',
      "launch from another cluster's launch template",
      'ec2:RunInstances',
      launchTemplate,
      { ...base(), ...nodeTags(cluster2) },
    ),
    deny('terminate-other-cluster', "terminate another cluster's node", 'ec2:TerminateInstances', instance, {
      ...base(),
      ...nodeTags(cluster2),
    }),
    deny(
      'delete-launch-template-other-cluster',
      "delete another cluster's launch template",
      'ec2:DeleteLaunchTemplate',
      launchTemplate,
      { ...base(), ...nodeTags(cluster2) },
    ),
    deny(
      'create-tags-other-cluster-name',
      'relabel a node as belonging to another cluster',
      'ec2:CreateTags',
      instance,
      {
        ...base(),
        ...nodeTags(),
        [requestTag(TAGS.eksCluster)]: cluster2,
        'aws:TagKeys': [TAGS.eksCluster],
      },
    ),
    deny(
      'create-instance-profile-other-cluster',
      'create an instance profile for another cluster',
      'iam:CreateInstanceProfile',
      profile,
      { ...base(), ...profileRequestTags(cluster2) },
    ),
    deny(
      'delete-instance-profile-other-cluster',
      "delete another cluster's instance profile",
      'iam:DeleteInstanceProfile',
      profile,
      { ...base(), ...profileResourceTags(cluster2) },
    ),
    deny(
      'describe-other-cluster',
      'describe another EKS cluster',
      'eks:DescribeCluster',
      arn.eksCluster(cluster2),
    ),
    // Untagged resources and tag changes outside Karpenter's set.
    deny('run-instances-untagged', 'create an untagged instance', 'ec2:RunInstances', instance),
    deny(
      'terminate-untagged',
      'terminate an instance Karpenter did not launch',
      'ec2:TerminateInstances',
      instance,
    ),
    deny('create-tags-untagged', 'tag an instance Karpenter did not launch', 'ec2:CreateTags', instance, {
      ...base(),
      [requestTag(NAME_TAG)]: 'x',
      'aws:TagKeys': [NAME_TAG],
    }),
    deny(
      'create-tags-change-node-pool',
      'move a node to another NodePool by tag',
      'ec2:CreateTags',
      instance,
      {
        ...base(),
        ...nodeTags(),
        [requestTag(TAGS.nodePool)]: 'other',
        'aws:TagKeys': [TAGS.nodePool],
      },
    ),
    deny(
      'delete-instance-profile-untagged',
      'delete an instance profile Karpenter did not create',
      'iam:DeleteInstanceProfile',
      profile,
    ),
    // Another region.
    deny(
      'run-instances-other-region',
      'launch into a subnet of another region',
      'ec2:RunInstances',
      ec2('subnet', 'subnet-0123456789abcdef0', region2),
      base(region2),
    ),
    deny(
      'terminate-other-region',
      'terminate a node in another region',
      'ec2:TerminateInstances',
      ec2('instance', 'i-0123456789abcdef0', region2),
      { ...base(region2), ...nodeTags() },
    ),
    deny(
      'describe-instance-types-other-region',
      'read instance types of another region',
      'ec2:DescribeInstanceTypes',
      '*',
      base(region2),
    ),
    deny(
      'create-instance-profile-other-region',
      'create an instance profile tagged for another region',
      'iam:CreateInstanceProfile',
      profile,
      { ...base(), ...profileRequestTags(name, region2) },
    ),
    deny(
      'receive-message-other-region',
      'receive from a same-named queue in another region',
      'sqs:ReceiveMessage',
      arnIn(region2, aws.accountId).sqsQueue(cluster.karpenter.interruptionQueue.name),
      base(region2),
    ),
    // Another account.
    deny(
      'terminate-other-account',
      'terminate a node in another account',
      'ec2:TerminateInstances',
      ec2('instance', 'i-0123456789abcdef0', aws.region, account2),
      { ...base(), ...nodeTags() },
    ),
    // Another role, another service, other resources.
    deny(
      'pass-controller-role',
      'pass the controller role',
      'iam:PassRole',
      arn.role(cluster.iam.controllerRoleName, cluster.iam.path),
      { ...base(), 'iam:PassedToService': PASSED_TO_SERVICES[0] },
    ),
    deny('pass-other-role', 'pass an unrelated role', 'iam:PassRole', arn.role('Admin', '/'), {
      ...base(),
      'iam:PassedToService': PASSED_TO_SERVICES[0],
    }),
    deny('pass-node-role-to-lambda', 'pass the node role to Lambda', 'iam:PassRole', nodeRole, {
      ...base(),
      'iam:PassedToService': 'lambda.amazonaws.com',
    }),
    deny(
      'receive-message-other-queue',
      'receive from another queue',
      'sqs:ReceiveMessage',
      arn.sqsQueue(`${cluster.karpenter.interruptionQueue.name}-other`),
    ),
    deny(
      'send-message-own-queue',
      'send to its own queue (only EventBridge sends)',
      'sqs:SendMessage',
      queue,
    ),
    deny(
      'get-private-ssm-parameter',
      'read a private SSM parameter',
      'ssm:GetParameter',
      arn
        .ssmServiceParameters()
        .replace('aws/service/*', 'platform/db-password')
        .replace('::', `:${aws.accountId}:`),
    ),
    deny('create-role', 'create an IAM role', 'iam:CreateRole', arn.role('Escalate', '/')),
  ];

  return out;
}
