/** The account state the preflight expects for a cluster, as the fake AWS serves it. */
import { ClusterModel } from '../../model/shared/fleet-model';
import { INTERRUPTION_EVENTS } from '../../policies/interruption-events';
import { queueArn, queueKeyPolicyStatement } from '../../policies/interruption-queue';
import { ruleName } from '../../policies/names';
import { arnBuilder, SPOT_SERVICE_LINKED_ROLE_NAME } from '../../policies/partition';
import { PolicyStatement } from '../../policies/policy-document';
import { volumeKeyArns, volumeKeyPolicyStatements } from '../../policies/volume-key-policy';
import { fullCluster, nodePool } from '../policies/fixtures';
import { FakeAwsState } from './fake-aws-server';

export const VPC = 'vpc-0cluster';
export const ZONES = ['eu-west-1a', 'eu-west-1b', 'eu-west-1c'];
export const AL2023_PARAMETER =
  '/aws/service/eks/optimized-ami/1.33/amazon-linux-2023/x86_64/standard/amazon-eks-node-al2023-x86_64-standard-1.33-v20260714/image_id';
/** The parameter Karpenter resolves for al2023@latest: the newest release (the ready account: the pinned one). */
export const AL2023_LATEST_PARAMETER =
  '/aws/service/eks/optimized-ami/1.33/amazon-linux-2023/x86_64/standard/recommended/image_id';

/** fullCluster (IRSA, zonal shift, queue key, three volume keys) with a Spot-capable and an on-demand arm64 pool. */
export function preflightCluster(overrides: Partial<ClusterModel> = {}): ClusterModel {
  const base = fullCluster();
  return {
    ...base,
    nodePools: [
      nodePool('arm', [
        { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] },
        { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] },
      ]),
      nodePool('general'),
    ],
    ...overrides,
  };
}

function keyAdmin(account: string): PolicyStatement {
  return {
    Sid: 'KeyAdministration',
    Effect: 'Allow',
    Principal: { AWS: `arn:aws:iam::${account}:role/KeyAdmins` },
    Action: ['kms:Create*', 'kms:Describe*', 'kms:Enable*', 'kms:Put*', 'kms:Update*'],
    Resource: '*',
  };
}

function policy(statements: readonly PolicyStatement[]): string {
  return JSON.stringify({ Version: '2012-10-17', Id: 'key-policy', Statement: statements });
}

/** What the account holds when everything the preflight checks is in place for `cluster`. */
export function readyAccount(cluster: ClusterModel): FakeAwsState {
  const arn = arnBuilder(cluster.aws);
  const account = cluster.aws.accountId;
  const identity = cluster.iam.identity;
  const discovery = { 'karpenter.sh/discovery': cluster.name };
  const keys: FakeAwsState['keys'] = [];
  const queueKey = cluster.karpenter.interruptionQueue.kmsKeyArn;
  const queueStatement = queueKeyPolicyStatement(cluster);
  if (queueKey !== undefined && queueStatement !== undefined)
    keys.push({
      arn: queueKey,
      aliases: [],
      manager: 'CUSTOMER',
      state: 'Enabled',
      policy: policy([keyAdmin(account), queueStatement]),
    });
  const volumeStatements = volumeKeyPolicyStatements(cluster) ?? [];
  for (const ref of volumeKeyArns(cluster)) {
    const isAlias = ref.includes(':alias/');
    keys.push({
      arn: isAlias ? arn.kmsKey('aaaaaaaa-0000-0000-0000-00000000alias') : ref,
      aliases: isAlias ? [ref] : [],
      manager: 'CUSTOMER',
      state: 'Enabled',
      policy: policy([keyAdmin(account), ...volumeStatements]),
    });
  }
  return {
    cluster: {
      name: cluster.name,
      vpcId: VPC,
      version: cluster.kubernetesVersion,
      zonalShift: cluster.iam.zonalShift,
      authenticationMode: 'API_AND_CONFIG_MAP',
      oidcIssuer:
        identity.type === 'irsa'
          ? identity.oidcIssuer
          : `oidc.eks.${cluster.aws.region}.amazonaws.com/id/POD`,
    },
    addons: new Map(identity.type === 'pod-identity' ? [['eks-pod-identity-agent', 'ACTIVE']] : []),
    accessEntries: new Map([[arn.role(cluster.iam.nodeRoleName, cluster.iam.path), 'EC2_LINUX']]),
    roles: new Set([SPOT_SERVICE_LINKED_ROLE_NAME]),
    oidcProviders: new Map(
      identity.type === 'irsa' ? [[identity.oidcProviderArn, ['sts.amazonaws.com']]] : [],
    ),
    subnets: [
      ...ZONES.map((zone, i) => ({ id: `subnet-0${i + 1}`, vpcId: VPC, zone, tags: discovery })),
      { id: 'subnet-other', vpcId: 'vpc-0other', zone: 'eu-west-1a', tags: { team: 'other' } },
    ],
    securityGroups: [
      { id: 'sg-0nodes', name: 'nodes', vpcId: VPC, tags: discovery },
      { id: 'sg-0other', name: 'other', vpcId: 'vpc-0other', tags: {} },
    ],
    instanceTypes: [
      {
        type: 'm5.large',
        vcpus: 2,
        memoryMiB: 8192,
        arch: 'x86_64',
        usage: ['on-demand', 'spot'],
        zones: ZONES,
      },
      {
        type: 'm5.xlarge',
        vcpus: 4,
        memoryMiB: 16384,
        arch: 'x86_64',
        usage: ['on-demand', 'spot'],
        zones: ZONES,
      },
      {
        type: 'c6g.large',
        vcpus: 2,
        memoryMiB: 4096,
        arch: 'arm64',
        usage: ['on-demand', 'spot'],
        zones: ZONES,
      },
      {
        type: 'm6g.large',
        vcpus: 2,
        memoryMiB: 8192,
        arch: 'arm64',
        usage: ['on-demand'],
        zones: ['eu-west-1a'],
      },
      {
        type: 'x2gd.large',
        vcpus: 2,
        memoryMiB: 32768,
        arch: 'arm64',
        usage: ['on-demand'],
        zones: ['eu-west-1z'],
      },
    ],
    ssmParameters: new Map([
      [AL2023_PARAMETER, 'ami-0123456789abcdef0'],
      [AL2023_LATEST_PARAMETER, 'ami-0123456789abcdef0'],
    ]),
    images: [
      {
        id: 'ami-0123456789abcdef0',
        name: 'amazon-eks-node-al2023-x86_64-standard-1.33-v20260714',
        devices: [{ name: '/dev/xvda', sizeGiB: 20 }],
      },
    ],
    queues: new Set([cluster.karpenter.interruptionQueue.name]),
    rules: new Map(
      INTERRUPTION_EVENTS.map((e) => [
        ruleName(e.kind, cluster.name),
        { state: 'ENABLED', targets: [queueArn(cluster)] },
      ]),
    ),
    keys,
    failures: new Map(),
  };
}
