/**
 * Closed sets shared by the model, charts, policies, validation and tests.
 * A misspelt label, tag or namespace must be a compile error, so refer to these.
 */

/** Well-known Kubernetes and Karpenter label keys used in requirements and selectors. */
export const LABELS = {
  capacityType: 'karpenter.sh/capacity-type',
  nodePool: 'karpenter.sh/nodepool',
  arch: 'kubernetes.io/arch',
  os: 'kubernetes.io/os',
  zone: 'topology.kubernetes.io/zone',
  region: 'topology.kubernetes.io/region',
  zoneId: 'topology.k8s.aws/zone-id',
  instanceType: 'node.kubernetes.io/instance-type',
  instanceCategory: 'karpenter.k8s.aws/instance-category',
  instanceFamily: 'karpenter.k8s.aws/instance-family',
  instanceSize: 'karpenter.k8s.aws/instance-size',
  instanceGeneration: 'karpenter.k8s.aws/instance-generation',
  instanceCpu: 'karpenter.k8s.aws/instance-cpu',
  instanceGpuManufacturer: 'karpenter.k8s.aws/instance-gpu-manufacturer',
  hostname: 'kubernetes.io/hostname',
  instanceMemory: 'karpenter.k8s.aws/instance-memory',
  instanceHypervisor: 'karpenter.k8s.aws/instance-hypervisor',
  instanceGpuCount: 'karpenter.k8s.aws/instance-gpu-count',
  instanceGpuName: 'karpenter.k8s.aws/instance-gpu-name',
  instanceCpuManufacturer: 'karpenter.k8s.aws/instance-cpu-manufacturer',
} as const;
export type LabelKey = (typeof LABELS)[keyof typeof LABELS];

/** Tag keys the tool writes or selects on. */
export const TAGS = {
  /** Discovery tag Karpenter's default subnet/security-group selectors use. */
  discovery: 'karpenter.sh/discovery',
  /** Tag Karpenter puts on every instance it launches (value: cluster name). */
  eksCluster: 'eks:eks-cluster-name',
  /** Tags Karpenter sets on resources it creates. */
  nodePool: 'karpenter.sh/nodepool',
  nodeClaim: 'karpenter.sh/nodeclaim',
  nodeClass: 'karpenter.k8s.aws/ec2nodeclass',
  clusterOwned: 'kubernetes.io/cluster/${ClusterName}',
  /** Tag this tool puts on everything it creates. */
  managedBy: 'app.kubernetes.io/managed-by',
} as const;
export type TagKey = (typeof TAGS)[keyof typeof TAGS];

/** Value of the managed-by label and tag. */
export const MANAGED_BY = 'karpenter-gitops';

/** Namespaces and names the tool uses. */
export const NAMESPACES = {
  /** Default namespace for the Karpenter controller (the getting-started guide's choice). */
  karpenterDefault: 'kube-system',
  argocd: 'argocd',
  /** Where the opt-in smoke-test Deployments of node pools run. */
  smokeTest: 'karpenter-smoke-test',
  /** Default namespace of CapacityBuffers and the PodTemplates the tool generates for them. */
  capacityBuffers: 'capacity-buffers',
  /** Namespaces the controller chart also writes to (a Role in kube-system; 1.0.x: a lease Role). */
  kubeSystem: 'kube-system',
  kubeNodeLease: 'kube-node-lease',
} as const;
export type NamespaceName = (typeof NAMESPACES)[keyof typeof NAMESPACES];

/** Label domains a NodePool may not set (Karpenter's restricted labels). */
export const RESTRICTED_LABEL_DOMAINS = [
  'karpenter.sh',
  'karpenter.k8s.aws',
  'kubernetes.io',
  'k8s.io',
] as const;
/** Exceptions Karpenter allows inside the restricted domains. */
export const ALLOWED_LABEL_DOMAIN_EXCEPTIONS = [
  'kops.k8s.io',
  'node.kubernetes.io',
  'node-restriction.kubernetes.io',
] as const;

/** Karpenter capacity types. */
export const CAPACITY_TYPES = ['on-demand', 'spot', 'reserved'] as const;
export type CapacityType = (typeof CAPACITY_TYPES)[number];

export const ARCHITECTURES = ['amd64', 'arm64'] as const;
export type Architecture = (typeof ARCHITECTURES)[number];

export const OPERATING_SYSTEMS = ['linux', 'windows'] as const;
export type OperatingSystem = (typeof OPERATING_SYSTEMS)[number];

export const AMI_FAMILIES = [
  'AL2',
  'AL2023',
  'Bottlerocket',
  'Windows2019',
  'Windows2022',
  'Windows2025',
  'Custom',
] as const;
export type AmiFamily = (typeof AMI_FAMILIES)[number];

export const CONSOLIDATION_POLICIES = ['WhenEmpty', 'WhenEmptyOrUnderutilized', 'Balanced'] as const;
export type ConsolidationPolicy = (typeof CONSOLIDATION_POLICIES)[number];

export const DISRUPTION_REASONS = ['Underutilized', 'Empty', 'Drifted'] as const;
export type DisruptionReason = (typeof DISRUPTION_REASONS)[number];

export const TAINT_EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'] as const;
export type TaintEffect = (typeof TAINT_EFFECTS)[number];

export const REQUIREMENT_OPERATORS = [
  'In',
  'NotIn',
  'Exists',
  'DoesNotExist',
  'Gt',
  'Lt',
  'Gte',
  'Lte',
] as const;
export type RequirementOperator = (typeof REQUIREMENT_OPERATORS)[number];

export const PARTITIONS = ['aws', 'aws-cn', 'aws-us-gov'] as const;
export type Partition = (typeof PARTITIONS)[number];

/**
 * Who manages a cluster's AWS side (`aws.managedBy`): the tool's CloudFormation template, the
 * tool's Terraform module, AWS Controllers for Kubernetes objects that Argo CD syncs (`ack`), or
 * nobody here (roles and queue exist already; the fleet names them).
 */
export const AWS_MANAGED_BY = ['cloudformation', 'terraform', 'ack', 'external'] as const;
export type AwsManagedBy = (typeof AWS_MANAGED_BY)[number];

/**
 * `aws.ack.deletionPolicy`: what deleting an ACK Role or Queue object does to the AWS resource
 * (the ACK annotation `services.k8s.aws/deletion-policy`); `retain` keeps it.
 */
export const ACK_DELETION_POLICIES = ['retain', 'delete'] as const;
export type AckDeletionPolicy = (typeof ACK_DELETION_POLICIES)[number];

export const VOLUME_TYPES = ['standard', 'io1', 'io2', 'gp2', 'sc1', 'st1', 'gp3'] as const;
export type VolumeType = (typeof VOLUME_TYPES)[number];

/** EC2NodeClass `networkInterfaces[].interfaceType` (EFA-only interfaces carry no IP traffic). */
export const NETWORK_INTERFACE_TYPES = ['interface', 'efa-only'] as const;
export type NetworkInterfaceType = (typeof NETWORK_INTERFACE_TYPES)[number];

/** EC2NodeClass `capacityReservationSelectorTerms[].instanceMatchCriteria`. */
export const INSTANCE_MATCH_CRITERIA = ['open', 'targeted'] as const;
export type InstanceMatchCriteria = (typeof INSTANCE_MATCH_CRITERIA)[number];

/** EC2NodeClass `cpuOptions.nestedVirtualization`. */
export const NESTED_VIRTUALIZATION = ['enabled', 'disabled'] as const;
export type NestedVirtualization = (typeof NESTED_VIRTUALIZATION)[number];

export const LOG_LEVELS = ['debug', 'info', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Karpenter Helm chart OCI repository (controller and CRD charts). */
export const KARPENTER_CHART_REPO = 'public.ecr.aws/karpenter';
export const KARPENTER_CHART = 'karpenter';
export const KARPENTER_CRD_CHART = 'karpenter-crd';

/** How Argo CD finds a cluster (`gitops.fleetEntry`): a root Application per cluster, or an ApplicationSet. */
export const FLEET_ENTRIES = ['roots', 'applicationset'] as const;
export type FleetEntryKind = (typeof FLEET_ENTRIES)[number];

/** Label on every Argo CD object of a cluster in a rollout ring (value: the ring name). */
export const RING_LABEL = 'karpenter-gitops.io/ring';

/**
 * Annotation on a cluster's controller Application naming its AWS region (value: `eu-west-1`), so a
 * reader of dist/ alone (the impact report) prices the cluster in its own region.
 */
export const REGION_ANNOTATION = 'karpenter-gitops.io/aws-region';

/** Argo CD annotation keys and the sync waves the tool assigns. */
export const ARGOCD_ANNOTATIONS = {
  syncWave: 'argocd.argoproj.io/sync-wave',
  syncOptions: 'argocd.argoproj.io/sync-options',
  compareOptions: 'argocd.argoproj.io/compare-options',
} as const;

/**
 * Sync waves. Across Applications (driven by the fleet entry point): CRDs, then the
 * controller, then node pools. Inside the node-pools Application: classes before pools.
 */
export const SYNC_WAVES = {
  /** Inside the root app: the cluster's AppProject before every Application that names it. */
  appProject: '-4',
  /** Namespaces (controller namespace when not kube-system, smoke-test namespace). */
  baseApplication: '-3',
  crdApplication: '-2',
  controllerApplication: '-1',
  nodePoolsApplication: '0',
  /**
   * `aws.managedBy: ack`: the AWS side as ACK objects, with the CRDs and before the controller,
   * so its roles exist before the controller starts.
   */
  awsSideApplication: '-2',
  nodeClass: '0',
  nodePool: '1',
  /** Opt-in smoke-test Deployments and PDBs, after the pools they target. */
  smokeTest: '2',
  /**
   * NodeOverlays before the NodePools (with the node classes): the scheduler sees adjusted
   * prices and extended resources from the first provisioning decision on.
   */
  nodeOverlay: '0',
  /** PodTemplates of capacity buffers, after the pools and before the buffers that name them. */
  podTemplate: '2',
  /** CapacityBuffers last: their headroom is provisioned by pools that already exist. */
  capacityBuffer: '3',
} as const;

/**
 * Annotation on a generated CapacityBuffer whose podTemplateRef names a PodTemplate that already
 * exists in the cluster (`existing: true`), so the validator does not look for it in dist/.
 */
export const EXISTING_POD_TEMPLATE_ANNOTATION = 'karpenter-gitops/existing-pod-template';

/** CapacityBuffer provisioning strategies Karpenter 1.14.1 defines (the CRD's default is the only one). */
export const CAPACITY_BUFFER_STRATEGIES = ['buffer.x-k8s.io/active-capacity'] as const;
export type CapacityBufferStrategy = (typeof CAPACITY_BUFFER_STRATEGIES)[number];

/** Resources a NodeOverlay's capacity may not set (Karpenter's well-known resources). */
export const OVERLAY_RESTRICTED_RESOURCES = ['cpu', 'memory', 'ephemeral-storage', 'pods'] as const;

/** What each smoke-test pod requests (charts/cluster-base/smoke-test.ts; the fit check). */
export const SMOKE_TEST_REQUESTS = { cpuMillis: 100, memoryMebibytes: 64 } as const;
