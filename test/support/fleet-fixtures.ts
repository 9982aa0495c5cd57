/**
 * The one place tests get resolved fleet models from: builders for ClusterModel, NodeClassModel
 * and NodePoolModel with typed overrides (defaults from model/shared/fleet-defaults.ts where the
 * resolver has one), a maximal node class and node pool that set EVERY optional field, minimal
 * ones that set none, and a two-cluster fleet. Fleet-file text lives in ./fleet-files.ts.
 */
import { isKarpenterVersion } from '../../model/facts/versions';
import {
  defaultControllerRoleName,
  defaultDiscoveryTerms,
  defaultNodeRoleName,
  defaultQueueName,
  FLEET_DEFAULTS,
} from '../../model/shared/fleet-defaults';
import {
  AmiSelectorTermModel,
  AwsModel,
  BlockDeviceMappingModel,
  CapacityReservationTermModel,
  ClusterModel,
  ControllerModel,
  DisruptionBudgetModel,
  FleetModel,
  GitOpsModel,
  IamModel,
  InterruptionQueueModel,
  KarpenterModel,
  KubeletModel,
  NodeClassModel,
  AutoModeNodeClassModel,
  NodePoolModel,
  RequirementModel,
  TaintModel,
} from '../../model/shared/fleet-model';

/** The AWS account every fixture cluster lives in. */
export const FIXTURE_ACCOUNT = '111122223333';
/** The region of fixture clusters unless overridden. */
export const FIXTURE_REGION = 'ap-northeast-2';
/** The Git repository fixture clusters sync from unless overridden (the one fleet-files.ts DEFAULTS names). */
export const FIXTURE_REPO_URL = 'https://github.com/example/platform-gitops.git';

/** A position in `clusters/ticketing.yaml`, where the node classes and pools of fixtures are written. */
export const fixtureSource = (line: number) => ({ file: 'clusters/ticketing.yaml', line, col: 5 });

/** Overrides of a built cluster: nested objects are merged one level deep, lists replace. */
export interface ClusterOverrides {
  /** @default 'ticketing' */
  readonly name?: string;
  /** @default FIXTURE_ACCOUNT in FIXTURE_REGION, partition `aws` */
  readonly aws?: Partial<AwsModel>;
  /** @default FLEET_DEFAULTS.kubernetesVersion */
  readonly kubernetesVersion?: string;
  /** @default the resolver's defaults; the queue is named after the cluster */
  readonly karpenter?: Partial<Omit<KarpenterModel, 'interruptionQueue' | 'controller'>> & {
    readonly interruptionQueue?: Partial<InterruptionQueueModel>;
    readonly controller?: Partial<ControllerModel>;
  };
  /** @default pod identity, the default role names of the cluster, nothing optional switched on */
  readonly iam?: Partial<IamModel>;
  /** @default { team: <name> } */
  readonly tags?: Readonly<Record<string, string>>;
  /** @default FIXTURE_REPO_URL, destination named after the cluster, automated sync */
  readonly gitops?: Partial<GitOpsModel>;
  /** @default [] */
  readonly nodeClasses?: readonly NodeClassModel[];
  /** @default [] */
  readonly nodePools?: readonly NodePoolModel[];
  /** @default [] */
  readonly nodeOverlays?: ClusterModel['nodeOverlays'];
  /** @default [] */
  readonly capacityBuffers?: ClusterModel['capacityBuffers'];
  /** @default [] */
  readonly podTemplates?: ClusterModel['podTemplates'];
}

/** A resolved cluster as the loader would produce it for a file that sets only what `o` sets. */
export function buildCluster(o: ClusterOverrides = {}): ClusterModel {
  const name = o.name ?? 'ticketing';
  const d = FLEET_DEFAULTS;
  const { interruptionQueue, controller, ...karpenter } = o.karpenter ?? {};
  return {
    name,
    source: { file: `clusters/${name}.yaml`, line: 1, col: 1 },
    aws: {
      accountId: FIXTURE_ACCOUNT,
      region: FIXTURE_REGION,
      partition: d.partition,
      managedBy: d.awsManagedBy,
      ...o.aws,
    },
    kubernetesVersion: o.kubernetesVersion ?? d.kubernetesVersion,
    karpenter: {
      mode: d.karpenterMode,
      version: d.karpenterVersion,
      semantics:
        karpenter?.version !== undefined && isKarpenterVersion(karpenter.version)
          ? karpenter.version
          : d.karpenterVersion,
      namespace: d.karpenterNamespace,
      serviceAccount: d.serviceAccount,
      featureGates: {},
      helmValues: {},
      ...karpenter,
      interruptionQueue: { name: defaultQueueName(name), ...interruptionQueue },
      controller: {
        replicas: d.controller.replicas,
        logLevel: d.controller.logLevel,
        resources: { requests: { ...d.controller.requests }, limits: { ...d.controller.limits } },
        priorityClassName: d.controller.priorityClassName,
        pdbMaxUnavailable: d.controller.pdbMaxUnavailable,
        tolerations: [],
        topologySpread: d.controller.topologySpread,
        nodeSelector: {},
        ...controller,
      },
    },
    iam: {
      identity: { type: d.identity },
      controllerRoleName: defaultControllerRoleName(name),
      nodeRoleName: defaultNodeRoleName(name),
      nodeRoleExtraPolicyArns: [],
      createInstanceProfile: false,
      createSpotServiceLinkedRole: false,
      zonalShift: false,
      path: d.iamPath,
      ...o.iam,
    },
    tags: o.tags ?? { team: name },
    gitops: {
      repoURL: FIXTURE_REPO_URL,
      targetRevision: d.targetRevision,
      distPath: d.distPath,
      destination: { name },
      argocdNamespace: d.argocdNamespace,
      project: name,
      syncPolicy: { automated: true, prune: true, selfHeal: true },
      clusterLabels: {},
      rings: [],
      fleetEntry: d.fleetEntry,
      ...o.gitops,
    },
    nodeClasses: o.nodeClasses ?? [],
    nodePools: o.nodePools ?? [],
    nodeOverlays: o.nodeOverlays ?? [],
    capacityBuffers: o.capacityBuffers ?? [],
    podTemplates: o.podTemplates ?? [],
  };
}

/** A node class of cluster `ticketing` that sets no optional field; `o` replaces fields whole. */
export function buildNodeClass(o: Partial<NodeClassModel> = {}): NodeClassModel {
  return {
    name: 'default',
    source: fixtureSource(20),
    objectAnnotations: {},
    objectLabels: {},
    amiSelectorTerms: [{ alias: 'al2023@v20260714' }],
    subnetSelectorTerms: defaultDiscoveryTerms('ticketing'),
    securityGroupSelectorTerms: defaultDiscoveryTerms('ticketing'),
    blockDeviceMappings: [],
    metadataOptions: { ...FLEET_DEFAULTS.metadataOptions },
    tags: {},
    capacityReservationSelectorTerms: [],
    networkInterfaces: [],
    ...o,
  };
}

/** A root volume of `size` (gp3, encrypted, deleted with the node), with `kmsKeyID` when given. */
export function rootVolume(size: string, kmsKeyID?: string): BlockDeviceMappingModel {
  return {
    deviceName: '/dev/xvda',
    rootVolume: true,
    ebs: {
      volumeSize: size,
      volumeType: FLEET_DEFAULTS.volumeType,
      encrypted: true,
      deleteOnTermination: true,
      ...(kmsKeyID !== undefined ? { kmsKeyID } : {}),
    },
  };
}

/** A node pool on class `default` that sets no optional field; `o` replaces fields whole. */
export function buildNodePool(o: Partial<NodePoolModel> = {}): NodePoolModel {
  return {
    name: 'general',
    source: fixtureSource(90),
    objectAnnotations: {},
    objectLabels: {},
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
    ...o,
  };
}

// The maximal fixtures are typed with Required<...>: a field added to the model without
// being added here (and asserted in the chart tests) is a compile error.

// passThrough is only for imported versions (test/model/schema/pass-through.test.ts, and the chart
// tests of each kind); autoMode only
// for EKS Auto Mode clusters (MAXIMAL_AUTO_MODE_FIELDS).
export const MAXIMAL_NODE_CLASS: Required<
  Omit<NodeClassModel, 'instanceProfile' | 'passThrough' | 'autoMode'>
> = {
  name: 'bottlerocket-arm',
  source: fixtureSource(40),
  aliasSources: { 'bottlerocket@v1.40.0': fixtureSource(41) },
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

/** Every field but `replicas` (a static pool takes no weight and no limits but nodes: STATIC_NODE_POOL). */
export const MAXIMAL_NODE_POOL: Required<Omit<NodePoolModel, 'replicas' | 'passThrough'>> = {
  name: 'dataops',
  source: fixtureSource(70),
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

export const MINIMAL_NODE_CLASS: NodeClassModel = buildNodeClass({
  instanceProfile: 'KarpenterNodeInstanceProfile-ticketing',
});

export const MINIMAL_NODE_POOL: NodePoolModel = buildNodePool();

/** A static pool: a fixed number of nodes, limits on nodes only, no weight. */
export const STATIC_NODE_POOL: NodePoolModel = buildNodePool({
  name: 'static-gpu',
  replicas: 4,
  limits: { nodes: '8' },
});

/** A cluster in FIXTURE_REGION with the given classes and pools and every other field at its default. */
export function clusterFixture(
  name: string,
  nodeClasses: readonly NodeClassModel[],
  nodePools: readonly NodePoolModel[],
): ClusterModel {
  return buildCluster({ name, nodeClasses, nodePools });
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

/** A fleet without clusters. */
export const EMPTY_FLEET: FleetModel = { clusters: [] };

/** Every Auto Mode-only NodeClass field set (charts/karpenter/auto-mode-node-class tests assert each). */
export const MAXIMAL_AUTO_MODE_FIELDS: Required<AutoModeNodeClassModel> = {
  ephemeralStorage: {
    size: '160Gi',
    iops: 6000,
    throughput: 250,
    kmsKeyID: 'arn:aws:kms:ap-northeast-2:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab',
  },
  snatPolicy: 'Disabled',
  networkPolicy: 'DefaultDeny',
  networkPolicyEventLogs: 'Enabled',
  podSubnetSelectorTerms: [{ tags: { 'example.com/pods': 'true' } }, { id: 'subnet-0pods' }],
  podSecurityGroupSelectorTerms: [{ id: 'sg-0pods' }],
  advancedNetworking: {
    httpsProxy: 'http://192.0.2.4:3128',
    noProxy: ['localhost', '169.254.169.254', '.internal'],
    associatePublicIPAddress: false,
  },
  advancedSecurity: { fips: true },
  certificateBundles: [{ name: 'corporate-ca', data: 'TUlJQg==' }],
};
