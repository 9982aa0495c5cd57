/**
 * What EKS Auto Mode is and does differently from self-managed Karpenter, each fact with the
 * EKS User Guide page it comes from (read from awsdocs/amazon-eks-user-guide; commits below).
 * The NodeClass schema and the supported instance families come through the import pipeline
 * (codegen/sources/eks-auto-mode/ → imports/eks-auto-mode-pinned/), not from here.
 *
 * [create-node-pool] https://docs.aws.amazon.com/eks/latest/userguide/create-node-pool.html
 *   (latest/ug/automode/create-node-pool.adoc at 013856044148d6eeed4723027a45aa2180536bcb)
 * [create-node-class] https://docs.aws.amazon.com/eks/latest/userguide/create-node-class.html
 *   (latest/ug/automode/create-node-class.adoc at 0026c9df3e1fde9368f7832c14bc9b0e6c64285a)
 * [auto-learn-iam] https://docs.aws.amazon.com/eks/latest/userguide/auto-learn-iam.html
 * [auto-security] https://docs.aws.amazon.com/eks/latest/userguide/auto-security.html
 * [access-policies] https://docs.aws.amazon.com/eks/latest/userguide/access-policy-permissions.html
 * [auto-mng] https://docs.aws.amazon.com/eks/latest/userguide/auto-mng.html (pricing row)
 */
import {
  EKS_AUTO_MODE_EXCLUDED_SIZES,
  EKS_AUTO_MODE_INSTANCE_FAMILIES,
  EKS_AUTO_MODE_INSTANCES_SOURCE,
} from '../../imports/eks-auto-mode-pinned/supported-instances';

export const EKS_AUTO_MODE = {
  /** The NodeClass API [create-node-class]. */
  nodeClassApiVersion: 'eks.amazonaws.com/v1',
  nodeClassGroup: 'eks.amazonaws.com',
  nodeClassKind: 'NodeClass',
  /** Nodes live at most 21 days [auto-security]; a NodePool's expireAfter may not exceed it. */
  maxNodeLifetimeHours: 21 * 24,
  /** EKS terminates instances after 336 hours by default [create-node-pool]. */
  defaultExpireAfter: '336h',
  /** Built-in pools, only enabled or disabled on the cluster, never edited [create-node-pool]. */
  builtInNodePools: ['system', 'general-purpose'],
  /**
   * NodeClass names a custom class must not take: the built-in class is `default`
   * ("Do not name your custom node class default" [create-node-class]); the pool names are
   * refused too so a class never shares its name with a built-in pool.
   */
  reservedNodeClassNames: ['default', 'system', 'general-purpose'],
  /** AWS managed policies of the node role [auto-learn-iam]. */
  nodeRoleManagedPolicies: ['AmazonEKSWorkerNodeMinimalPolicy', 'AmazonEC2ContainerRegistryPullOnly'],
  /** Access entry type of the node role [create-node-class]. */
  accessEntryType: 'EC2',
  /** Access policy of the node role's access entry [create-node-class], [access-policies]. */
  accessPolicyName: 'AmazonEKSAutoNodePolicy',
  /** Label every Auto Mode node carries (value `auto`) [create-node-pool]. */
  computeTypeLabel: 'eks.amazonaws.com/compute-type',
} as const;

/** The access policy's ARN in a partition ([access-policies]: `arn:<partition>:eks::aws:cluster-access-policy/...`). */
export function autoNodeAccessPolicyArn(partition: string): string {
  return `arn:${partition}:eks::aws:cluster-access-policy/${EKS_AUTO_MODE.accessPolicyName}`;
}

/**
 * Karpenter's `karpenter.k8s.aws/` requirement labels and the `eks.amazonaws.com/` label EKS
 * Auto Mode uses for the same attribute: the table "EKS Auto Mode Supported Labels" of
 * [create-node-pool]. A Karpenter label that is not a key here has no Auto Mode counterpart.
 */
export const AUTO_MODE_LABEL_MAP = {
  'karpenter.k8s.aws/instance-hypervisor': 'eks.amazonaws.com/instance-hypervisor',
  'karpenter.k8s.aws/instance-encryption-in-transit-supported':
    'eks.amazonaws.com/instance-encryption-in-transit-supported',
  'karpenter.k8s.aws/instance-category': 'eks.amazonaws.com/instance-category',
  'karpenter.k8s.aws/instance-generation': 'eks.amazonaws.com/instance-generation',
  'karpenter.k8s.aws/instance-family': 'eks.amazonaws.com/instance-family',
  'karpenter.k8s.aws/instance-size': 'eks.amazonaws.com/instance-size',
  'karpenter.k8s.aws/instance-cpu': 'eks.amazonaws.com/instance-cpu',
  'karpenter.k8s.aws/instance-cpu-manufacturer': 'eks.amazonaws.com/instance-cpu-manufacturer',
  'karpenter.k8s.aws/instance-memory': 'eks.amazonaws.com/instance-memory',
  'karpenter.k8s.aws/instance-ebs-bandwidth': 'eks.amazonaws.com/instance-ebs-bandwidth',
  'karpenter.k8s.aws/instance-network-bandwidth': 'eks.amazonaws.com/instance-network-bandwidth',
  'karpenter.k8s.aws/instance-gpu-name': 'eks.amazonaws.com/instance-gpu-name',
  'karpenter.k8s.aws/instance-gpu-manufacturer': 'eks.amazonaws.com/instance-gpu-manufacturer',
  'karpenter.k8s.aws/instance-gpu-count': 'eks.amazonaws.com/instance-gpu-count',
  'karpenter.k8s.aws/instance-gpu-memory': 'eks.amazonaws.com/instance-gpu-memory',
  'karpenter.k8s.aws/instance-local-nvme': 'eks.amazonaws.com/instance-local-nvme',
} as const;
export type KarpenterAwsLabel = keyof typeof AUTO_MODE_LABEL_MAP;
export type AutoModeLabel = (typeof AUTO_MODE_LABEL_MAP)[KarpenterAwsLabel];

/** Labels Auto Mode does not support: it runs Linux only [create-node-pool]. */
export const AUTO_MODE_UNSUPPORTED_LABELS = ['kubernetes.io/os', 'node.kubernetes.io/windows-build'] as const;

/** The Auto Mode label for a self-managed one: mapped, unchanged (not Karpenter's domain), or undefined (none). */
export function autoModeLabelFor(key: string): string | undefined {
  if (key in AUTO_MODE_LABEL_MAP) return AUTO_MODE_LABEL_MAP[key as KarpenterAwsLabel];
  return key.startsWith('karpenter.k8s.aws/') ? undefined : key;
}

/**
 * EC2NodeClass fields of the fleet with no Auto Mode NodeClass counterpart, each with what
 * EKS Auto Mode does instead ([create-node-class], [auto-security], automode-learn-instances).
 */
export const AUTO_MODE_ABSENT_CLASS_FIELDS: Readonly<Record<string, string>> = {
  alias: 'EKS Auto Mode chooses and patches the node AMI itself (no AMI selection)',
  amiSelectorTerms: 'EKS Auto Mode chooses and patches the node AMI itself (no AMI selection)',
  amiFamily: 'EKS Auto Mode runs its own Bottlerocket-based image (no AMI family)',
  allowLatestAmi: 'EKS Auto Mode chooses and patches the node AMI itself (no AMI selection)',
  userData: 'EKS Auto Mode owns the node configuration (no user data)',
  bottlerocket: 'EKS Auto Mode owns the node configuration (no Bottlerocket settings)',
  kubelet: 'EKS Auto Mode owns the kubelet configuration (no kubelet block; max pods is capped at 110)',
  blockDeviceMappings:
    'EKS Auto Mode has one node volume: set ephemeralStorage (size, iops, throughput, kmsKeyID) instead',
  metadataOptions: 'EKS Auto Mode enforces IMDSv2 with a hop limit of 1 and cannot change it',
  detailedMonitoring: 'EKS Auto Mode NodeClass has no detailed monitoring setting',
  associatePublicIPAddress: 'use advancedNetworking.associatePublicIPAddress in an Auto Mode NodeClass',
  instanceStorePolicy: 'EKS Auto Mode formats local NVMe storage itself (RAID 0 over several drives)',
  networkInterfaces: 'EKS Auto Mode manages the network interfaces (no networkInterfaces field)',
  cpuOptions: 'EKS Auto Mode NodeClass has no CPU options',
  placementGroupSelector: 'EKS Auto Mode NodeClass has no placement group selector',
  ipPrefixCount: 'EKS Auto Mode manages pod addressing (prefix delegation) itself',
  connectionTracking: 'EKS Auto Mode NodeClass has no connection-tracking settings',
  context: 'EKS Auto Mode NodeClass has no EC2 Fleet context',
};

/** Cluster fields with no Auto Mode meaning, and what EKS does instead. */
export const AUTO_MODE_ABSENT_CLUSTER_FIELDS: readonly (readonly [string[], string])[] = [
  [
    ['karpenter', 'namespace'],
    'EKS runs the Karpenter controller outside the cluster: there is no controller namespace',
  ],
  [
    ['karpenter', 'serviceAccount'],
    'EKS runs the Karpenter controller: there is no controller service account',
  ],
  [['karpenter', 'clusterEndpoint'], 'EKS runs the Karpenter controller and knows the endpoint'],
  [
    ['karpenter', 'interruptionQueue'],
    'EKS handles Spot interruption and rebalance itself: there is no queue',
  ],
  [
    ['karpenter', 'featureGates'],
    'EKS decides the Karpenter features of Auto Mode: there are no feature gates to set',
  ],
  [['karpenter', 'controller'], 'EKS runs the Karpenter controller: there is no Deployment to size'],
  [['karpenter', 'helmValues'], 'EKS installs Karpenter: there is no Helm chart and no values'],
  [['iam', 'identity'], 'EKS runs the controller with the cluster role: there is no controller identity'],
  [['iam', 'oidcProviderArn'], 'EKS runs the controller with the cluster role: there is no IRSA trust'],
  [
    ['iam', 'controllerRoleName'],
    'EKS runs the controller with the cluster role: there is no controller role',
  ],
  [
    ['iam', 'zonalShift'],
    'EKS runs the controller with the cluster role: there is no controller permission to grant',
  ],
  [['nodeOverlays'], 'NodeOverlay needs a controller feature gate, which Auto Mode does not expose'],
  [['capacityBuffers'], 'CapacityBuffer needs a controller feature gate, which Auto Mode does not expose'],
  [['podTemplates'], 'pod templates exist here only for CapacityBuffers, which Auto Mode does not run'],
];

/** Fields of the fleet's node class only an Auto Mode NodeClass has. */
export const AUTO_MODE_ONLY_CLASS_FIELDS = [
  'ephemeralStorage',
  'snatPolicy',
  'networkPolicy',
  'networkPolicyEventLogs',
  'podSubnetSelectorTerms',
  'podSecurityGroupSelectorTerms',
  'advancedNetworking',
  'advancedSecurity',
  'certificateBundles',
] as const;

/** Instance families Auto Mode launches and sizes it never launches (generated from the user guide). */
export const AUTO_MODE_INSTANCES = {
  families: EKS_AUTO_MODE_INSTANCE_FAMILIES,
  excludedSizes: EKS_AUTO_MODE_EXCLUDED_SIZES,
  source: EKS_AUTO_MODE_INSTANCES_SOURCE,
} as const;

/**
 * The Auto Mode management fee: "a separate fee ... varies with the instance type launched and
 * the AWS region" [auto-mng], published only on the Amazon EKS pricing page, which is not
 * pinned here: reports leave it out and say so.
 */
export const AUTO_MODE_FEE_NOTE =
  'EKS Auto Mode management fee excluded: it varies by instance type and region (Amazon EKS pricing page), and no pinned public price list is available to this tool';
