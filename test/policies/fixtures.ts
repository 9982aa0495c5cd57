/** Hand-built cluster models for the policies tests (no loader involved). */
import {
  BlockDeviceMappingModel,
  ClusterModel,
  IamModel,
  NodeClassModel,
  NodePoolModel,
} from '../../model/fleet-model';

export const ACCOUNT = '111122223333';
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
  const root: BlockDeviceMappingModel = {
    deviceName: '/dev/xvda',
    rootVolume: true,
    ebs: {
      volumeSize: '20Gi',
      volumeType: 'gp3',
      encrypted: true,
      deleteOnTermination: true,
      ...(kmsKeyID !== undefined ? { kmsKeyID } : {}),
    },
  };
  return {
    name,
    source: { file: 'clusters/ticketing.yaml', line: 30, col: 5 },
    amiSelectorTerms: [{ alias: 'al2023@v20250505' }],
    role: 'KarpenterNodeRole-ticketing',
    subnetSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'ticketing' } }],
    securityGroupSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'ticketing' } }],
    blockDeviceMappings: [root],
    metadataOptions: {
      httpEndpoint: 'enabled',
      httpProtocolIPv6: 'disabled',
      httpPutResponseHopLimit: 1,
      httpTokens: 'required',
    },
    tags: {},
    objectAnnotations: {},
    capacityReservationSelectorTerms: [],
    networkInterfaces: [],
  };
}

export function clusterModel(o: ClusterOverrides = {}): ClusterModel {
  const name = o.name ?? 'ticketing';
  const kms = o.volumeKmsKeyIds ?? [];
  return {
    name,
    source: { file: `clusters/${name}.yaml`, line: 1, col: 1 },
    aws: { accountId: ACCOUNT, region: REGION, partition: 'aws', ...o.aws },
    kubernetesVersion: '1.33',
    karpenter: {
      version: '1.14.1',
      namespace: o.namespace ?? 'kube-system',
      serviceAccount: o.serviceAccount ?? 'karpenter',
      interruptionQueue: {
        name: o.queueName ?? name,
        ...(o.queueKmsKeyArn !== undefined ? { kmsKeyArn: o.queueKmsKeyArn } : {}),
      },
      featureGates: {},
      controller: {
        replicas: 2,
        logLevel: 'info',
        resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { memory: '1Gi' } },
        priorityClassName: 'system-cluster-critical',
        pdbMaxUnavailable: 1,
        tolerations: [],
        topologySpread: true,
        nodeSelector: {},
      },
      helmValues: {},
    },
    iam: {
      identity: { type: 'pod-identity' },
      controllerRoleName: `KarpenterControllerRole-${name}`,
      nodeRoleName: `KarpenterNodeRole-${name}`,
      nodeRoleExtraPolicyArns: [],
      createInstanceProfile: false,
      createSpotServiceLinkedRole: false,
      zonalShift: false,
      path: '/',
      ...o.iam,
    },
    tags: o.tags ?? { team: 'platform', 'cost-center': '42' },
    gitops: {
      repoURL: 'https://git.example.com/platform/fleet.git',
      targetRevision: 'main',
      distPath: 'dist',
      destination: { name },
      argocdNamespace: 'argocd',
      project: name,
      syncPolicy: { automated: true, prune: true, selfHeal: true },
      clusterLabels: {},
      rings: [],
      fleetEntry: 'roots',
    },
    nodeClasses: kms.length > 0 ? kms.map((k, i) => nodeClass(`encrypted-${i}`, k)) : [nodeClass('default')],
    nodePools: [],
    nodeOverlays: [],
    capacityBuffers: [],
    podTemplates: [],
  };
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
  return {
    name,
    source: { file: 'clusters/ticketing.yaml', line: 60, col: 5 },
    nodeClass,
    requirements,
    labels: {},
    annotations: {},
    taints: [],
    startupTaints: [],
    limits: {},
    disruption: { consolidationPolicy: 'WhenEmptyOrUnderutilized', consolidateAfter: '1m', budgets: [] },
    expireAfter: '720h',
    smokeTest: false,
    objectAnnotations: {},
  };
}
