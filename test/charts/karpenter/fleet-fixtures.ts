/**
 * Hand-built resolved models for chart and pipeline tests: one maximal node class and one
 * maximal node pool that set EVERY optional field, and minimal ones that set none.
 */
import {
  AmiSelectorTermModel,
  BlockDeviceMappingModel,
  ClusterModel,
  DisruptionBudgetModel,
  FleetModel,
  CapacityReservationTermModel,
  KubeletModel,
  NodeClassModel,
  NodePoolModel,
  RequirementModel,
  TaintModel,
} from '../../../model/fleet-model';

// The maximal fixtures are typed with Required<...>: a field added to the model without
// being added here (and asserted in the chart tests) is a compile error.

const source = (line: number) => ({ file: 'clusters/ticketing.yaml', line, col: 5 });

export const MAXIMAL_NODE_CLASS: Required<Omit<NodeClassModel, 'instanceProfile'>> = {
  name: 'bottlerocket-arm',
  source: source(40),
  objectAnnotations: { 'kubernetes.io/description': 'Bottlerocket on Graviton' },
  objectLabels: { 'example.com/team': 'data', 'app.kubernetes.io/part-of': 'ticketing' },
  amiFamily: 'Bottlerocket',
  amiSelectorTerms: [
    { alias: 'bottlerocket@v1.40.0' },
    {
      id: 'ami-0123456789abcdef0',
      name: 'custom-image-*',
      owner: '111122223333',
      ssmParameter: '/aws/service/custom/image',
      tags: { 'zz-last': 'z', 'aa-first': 'a' },
    } satisfies Required<Omit<AmiSelectorTermModel, 'alias'>>,
  ],
  role: 'KarpenterNodeRole-ticketing',
  subnetSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'ticketing' } }, { id: 'subnet-0abc' }],
  securityGroupSelectorTerms: [
    { tags: { 'karpenter.sh/discovery': 'ticketing' } },
    { id: 'sg-0abc' },
    { name: 'nodes-sg' },
  ],
  userData: '[settings.kernel]\nlockdown = "integrity"\n',
  blockDeviceMappings: [
    {
      deviceName: '/dev/xvda',
      rootVolume: true,
      ebs: {
        volumeSize: '100Gi',
        volumeType: 'gp3',
        iops: 3000,
        throughput: 125,
        encrypted: true,
        kmsKeyID: 'arn:aws:kms:ap-northeast-2:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab',
        deleteOnTermination: false,
        snapshotID: 'snap-0123456789abcdef0',
        volumeInitializationRate: 200,
      },
    } satisfies Required<BlockDeviceMappingModel> & { ebs: Required<BlockDeviceMappingModel['ebs']> },
  ],
  metadataOptions: {
    httpEndpoint: 'enabled',
    httpProtocolIPv6: 'enabled',
    httpPutResponseHopLimit: 2,
    httpTokens: 'required',
  },
  kubelet: {
    maxPods: 110,
    podsPerCore: 4,
    systemReserved: { memory: '100Mi', cpu: '100m' },
    kubeReserved: { cpu: '200m', 'ephemeral-storage': '1Gi' },
    evictionHard: { 'memory.available': '5%' },
    evictionSoft: { 'nodefs.available': '10%' },
    evictionSoftGracePeriod: { 'nodefs.available': '1m30s' },
    evictionMaxPodGracePeriod: 60,
    imageGCHighThresholdPercent: 85,
    imageGCLowThresholdPercent: 80,
    cpuCFSQuota: true,
    clusterDNS: ['10.100.0.10'],
  } satisfies Required<KubeletModel>,
  tags: { team: 'ticketing', 'cost-center': '1234' },
  detailedMonitoring: true,
  associatePublicIPAddress: false,
  instanceStorePolicy: 'RAID0',
  capacityReservationSelectorTerms: [
    { id: 'cr-0123456789abcdef0' },
    {
      tags: { purpose: 'training' },
      ownerID: '111122223333',
      instanceMatchCriteria: 'targeted',
    } satisfies Required<Omit<CapacityReservationTermModel, 'id'>>,
  ],
  networkInterfaces: [
    { networkCardIndex: 0, deviceIndex: 0, interfaceType: 'interface' },
    { networkCardIndex: 1, deviceIndex: 0, interfaceType: 'efa-only' },
  ],
  cpuOptions: { nestedVirtualization: 'disabled' },
  placementGroupSelector: { name: 'training-cluster' },
  ipPrefixCount: 1,
  connectionTracking: { tcpEstablishedTimeout: 600, udpStreamTimeout: 120, udpTimeout: 30 },
  context: 'c-0123456789abcdef0',
};

export const MINIMAL_NODE_CLASS: NodeClassModel = {
  name: 'default',
  source: source(20),
  objectAnnotations: {},
  amiSelectorTerms: [{ alias: 'al2023@v20250505' }],
  instanceProfile: 'KarpenterNodeInstanceProfile-ticketing',
  subnetSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'ticketing' } }],
  securityGroupSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'ticketing' } }],
  blockDeviceMappings: [],
  metadataOptions: {
    httpEndpoint: 'enabled',
    httpProtocolIPv6: 'disabled',
    httpPutResponseHopLimit: 1,
    httpTokens: 'required',
  },
  tags: {},
  capacityReservationSelectorTerms: [],
  networkInterfaces: [],
};

/** Every field but `replicas` (a static pool takes no weight and no limits but nodes: STATIC_NODE_POOL). */
export const MAXIMAL_NODE_POOL: Required<Omit<NodePoolModel, 'replicas'>> = {
  name: 'dataops',
  source: source(70),
  objectAnnotations: { 'kubernetes.io/description': 'Batch jobs of the data team' },
  objectLabels: { 'example.com/team': 'data' },
  nodeClass: 'bottlerocket-arm',
  requirements: [
    { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand'] },
    { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] },
    {
      key: 'karpenter.k8s.aws/instance-category',
      operator: 'In',
      values: ['c', 'm', 'r'],
      minValues: 2,
    } satisfies Required<RequirementModel>,
    { key: 'karpenter.k8s.aws/instance-family', operator: 'NotIn', values: ['t3'] },
    { key: 'karpenter.k8s.aws/instance-generation', operator: 'Gt', values: ['2'] },
    { key: 'example.com/gpu', operator: 'DoesNotExist' },
  ],
  labels: { role: 'dataops', 'node.role': 'batch' },
  annotations: { 'example.com/owner': 'data-team' },
  taints: [{ key: 'dedicated', value: 'dataops', effect: 'NoSchedule' } satisfies Required<TaintModel>],
  startupTaints: [{ key: 'node.cilium.io/agent-not-ready', effect: 'NoExecute' }],
  limits: { 'nvidia.com/gpu': '4', memory: '400Gi', cpu: '100' },
  disruption: {
    consolidationPolicy: 'WhenEmptyOrUnderutilized',
    consolidateAfter: '2m',
    budgets: [
      { nodes: '10%' },
      {
        nodes: '0',
        schedule: '0 9 * * mon-fri',
        duration: '8h',
        reasons: ['Underutilized', 'Drifted'],
      } satisfies Required<DisruptionBudgetModel>,
    ],
  },
  expireAfter: '720h',
  terminationGracePeriod: '48h',
  weight: 10,
  smokeTest: true,
};

export const MINIMAL_NODE_POOL: NodePoolModel = {
  name: 'general',
  source: source(90),
  objectAnnotations: {},
  nodeClass: 'default',
  requirements: [],
  labels: {},
  annotations: {},
  taints: [],
  startupTaints: [],
  limits: {},
  disruption: { consolidationPolicy: 'WhenEmpty', consolidateAfter: '0s', budgets: [{ nodes: '10%' }] },
  expireAfter: 'Never',
  smokeTest: false,
};

/** A static pool: a fixed number of nodes, limits on nodes only, no weight. */
export const STATIC_NODE_POOL: NodePoolModel = {
  ...MINIMAL_NODE_POOL,
  name: 'static-gpu',
  replicas: 4,
  limits: { nodes: '8' },
};

export function clusterFixture(
  name: string,
  nodeClasses: readonly NodeClassModel[],
  nodePools: readonly NodePoolModel[],
): ClusterModel {
  return {
    name,
    source: { file: `clusters/${name}.yaml`, line: 1, col: 1 },
    aws: { accountId: '111122223333', region: 'ap-northeast-2', partition: 'aws' },
    kubernetesVersion: '1.33',
    karpenter: {
      version: '1.14.1',
      namespace: 'kube-system',
      serviceAccount: 'karpenter',
      interruptionQueue: { name },
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
    },
    tags: { team: name },
    gitops: {
      repoURL: 'https://github.com/example/platform-gitops.git',
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
    nodeClasses,
    nodePools,
    nodeOverlays: [],
    capacityBuffers: [],
    podTemplates: [],
  };
}

/** Two clusters: one with the maximal and minimal class/pool, one with only minimal ones. */
export function fleetFixture(): FleetModel {
  return {
    clusters: [
      clusterFixture('batch', [MINIMAL_NODE_CLASS], [MINIMAL_NODE_POOL]),
      clusterFixture(
        'ticketing',
        [MAXIMAL_NODE_CLASS, MINIMAL_NODE_CLASS],
        [MAXIMAL_NODE_POOL, MINIMAL_NODE_POOL],
      ),
    ],
  };
}
