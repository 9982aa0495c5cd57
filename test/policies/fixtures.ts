/** Cluster models for the policies tests, built with the shared fixture builders (no loader involved). */
import { ClusterModel, IamModel, NodeClassModel, NodePoolModel } from '../../model/shared/fleet-model';
import {
  buildCluster,
  buildNodeClass,
  buildNodePool,
  FIXTURE_ACCOUNT,
  fixtureSource,
  rootVolume,
} from '../support/fleet-fixtures';

export const ACCOUNT = FIXTURE_ACCOUNT;
export const REGION = 'eu-west-1';

export interface ClusterOverrides {
  readonly name?: string;
  readonly aws?: Partial<ClusterModel['aws']>;
  readonly iam?: Partial<IamModel>;
  readonly queueKmsKeyArn?: string;
  readonly queueName?: string;
  readonly tags?: Record<string, string>;
  readonly volumeKmsKeyIds?: readonly string[];
  readonly namespace?: string;
  readonly serviceAccount?: string;
}

function nodeClass(name: string, kmsKeyID?: string): NodeClassModel {
  return buildNodeClass({
    name,
    source: fixtureSource(30),
    role: 'KarpenterNodeRole-ticketing',
    blockDeviceMappings: [rootVolume('20Gi', kmsKeyID)],
  });
}

export function clusterModel(o: ClusterOverrides = {}): ClusterModel {
  const name = o.name ?? 'ticketing';
  const kms = o.volumeKmsKeyIds ?? [];
  return buildCluster({
    name,
    aws: { region: REGION, ...o.aws },
    karpenter: {
      ...(o.namespace !== undefined ? { namespace: o.namespace } : {}),
      ...(o.serviceAccount !== undefined ? { serviceAccount: o.serviceAccount } : {}),
      interruptionQueue: {
        name: o.queueName ?? name,
        ...(o.queueKmsKeyArn !== undefined ? { kmsKeyArn: o.queueKmsKeyArn } : {}),
      },
    },
    iam: o.iam,
    tags: o.tags ?? { team: 'platform', 'cost-center': '42' },
    gitops: { repoURL: 'https://git.example.com/platform/fleet.git' },
    nodeClasses: kms.length > 0 ? kms.map((k, i) => nodeClass(`encrypted-${i}`, k)) : [nodeClass('default')],
  });
}

/** A cluster with every optional feature switched on. */
export function fullCluster(): ClusterModel {
  return clusterModel({
    iam: {
      identity: {
        type: 'irsa',
        oidcProviderArn: `arn:aws:iam::${ACCOUNT}:oidc-provider/oidc.eks.${REGION}.amazonaws.com/id/ABCDEF0123456789`,
        oidcIssuer: `oidc.eks.${REGION}.amazonaws.com/id/ABCDEF0123456789`,
      },
      createInstanceProfile: true,
      createSpotServiceLinkedRole: true,
      zonalShift: true,
      permissionsBoundaryArn: `arn:aws:iam::${ACCOUNT}:policy/PlatformBoundary`,
      path: '/karpenter/',
      nodeRoleExtraPolicyArns: [`arn:aws:iam::${ACCOUNT}:policy/NodeExtras`],
    },
    queueKmsKeyArn: `arn:aws:kms:${REGION}:${ACCOUNT}:key/0b5e9a4c-1111-2222-3333-444455556666`,
    volumeKmsKeyIds: [
      `arn:aws:kms:${REGION}:${ACCOUNT}:key/9f9f9f9f-aaaa-bbbb-cccc-dddddddddddd`,
      '12345678-90ab-cdef-1234-567890abcdef',
      'alias/ebs-nodes',
    ],
  });
}

/** A node pool of the first node class with the given requirements. */
export function nodePool(
  name: string,
  requirements: NodePoolModel['requirements'] = [],
  nodeClass = 'encrypted-0',
): NodePoolModel {
  return buildNodePool({
    name,
    source: fixtureSource(60),
    nodeClass,
    requirements,
    disruption: { consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: '1m', budgets: [] },
    expireAfter: '720h',
  });
}
