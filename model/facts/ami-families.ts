/**
 * What Karpenter 1.14.1 does with a node class, per AMI family: the block devices it uses when
 * the class gives none, the device whose size becomes the node's ephemeral-storage capacity,
 * how it builds userData around the user's own, the architectures its AMIs exist for, and what
 * it writes itself (and so overrides). One model for checks, charts, the impact report and docs.
 *
 * Every fact is read from aws/karpenter-provider-aws at tag v1.14.1; `source` names the file.
 */
import { parseAlias } from './ami-alias';
import { AmiFamily, Architecture } from './constants';

/** The families that behave differently (every WindowsNNNN family behaves the same). */
export const FAMILY_KINDS = ['AL2', 'AL2023', 'Bottlerocket', 'Windows', 'Custom'] as const;
export type FamilyKind = (typeof FAMILY_KINDS)[number];

/** The provider repository and tag the facts below come from. */
export const KARPENTER_SOURCE = 'aws/karpenter-provider-aws@v1.14.1';

export interface DefaultDevice {
  readonly deviceName: string;
  /** Size as the EC2NodeClass writes it. */
  readonly volumeSize: string;
  readonly volumeType: 'gp3';
  readonly encrypted: true;
}

/** How Karpenter turns `spec.userData` into the instance's user data. */
export type UserDataFormat = 'bash-mime' | 'nodeadm-mime' | 'bottlerocket-toml' | 'powershell' | 'verbatim';

export interface AmiFamilyBehaviour {
  readonly kind: FamilyKind;
  /**
   * Used when `blockDeviceMappings` is empty; a non-empty list replaces them all
   * (resolver.go: `if len(resolved.BlockDeviceMappings) == 0 { ... DefaultBlockDeviceMappings() }`).
   * Empty for Custom: EC2 uses the AMI's own mappings.
   */
  readonly defaultBlockDevices: readonly DefaultDevice[];
  /**
   * The device holding containers, images and pods' ephemeral storage; its size is the node's
   * ephemeral-storage capacity unless a mapping says `rootVolume: true`
   * (pkg/providers/instancetype/types.go, ephemeralStorage). Undefined for Custom.
   */
  readonly dataDevice?: string;
  /** The operating system's own volume when it is not the data device (Bottlerocket's xvda). */
  readonly osDevice?: string;
  readonly userDataFormat: UserDataFormat;
  /** How the user's userData and Karpenter's part are combined, in words. */
  readonly userDataMerge: string;
  /** Architectures the family's AMIs are published for (DescribeImageQuery / the AMI's arch). */
  readonly architectures: readonly Architecture[];
  /** What Karpenter writes itself, overriding the same setting in the user's userData. */
  readonly karpenterSets: readonly string[];
  /** Files in the provider repository (at KARPENTER_SOURCE) the facts come from. */
  readonly sources: readonly string[];
}

/** A Bottlerocket setting Karpenter writes over the user's (bootstrap/bottlerocket.go, Script). */
export interface KarpenterBottlerocketSetting {
  /** Below `settings`. */
  readonly path: readonly string[];
  /** What Karpenter writes there. */
  readonly writes: string;
  /** Written only when the class's kubelet sets this field, or with instanceStorePolicy RAID0; else always. */
  readonly when?:
    | 'clusterDNS'
    | 'systemReserved'
    | 'kubeReserved'
    | 'evictionHard'
    | 'evictionSoft'
    | 'evictionSoftGracePeriod'
    | 'evictionMaxPodGracePeriod'
    | 'imageGCHighThresholdPercent'
    | 'imageGCLowThresholdPercent'
    | 'cpuCFSQuota'
    | 'RAID0';
}

export const BOTTLEROCKET_KARPENTER_SETTINGS: readonly KarpenterBottlerocketSetting[] = [
  { path: ['kubernetes', 'cluster-name'], writes: 'the cluster name' },
  { path: ['kubernetes', 'api-server'], writes: 'the cluster endpoint' },
  { path: ['kubernetes', 'cluster-certificate'], writes: 'the cluster CA bundle' },
  // mergo.MergeWithOverwrite: the node pool's labels win over the user's.
  {
    path: ['kubernetes', 'node-labels'],
    writes: 'the node pool labels, merged over these (Karpenter wins on a clash)',
  },
  // NodeTaints = {} then the node pool's taints and startup taints: the user's are dropped.
  { path: ['kubernetes', 'node-taints'], writes: 'the node pool taints and startup taints, replacing these' },
  // resolver.go: MaxPods defaults to the instance type's pod limit when kubelet.maxPods is unset.
  { path: ['kubernetes', 'max-pods'], writes: 'kubelet.maxPods, else the instance type’s pod limit' },
  { path: ['kubernetes', 'cluster-dns-ip'], writes: 'kubelet.clusterDNS[0]', when: 'clusterDNS' },
  { path: ['kubernetes', 'system-reserved'], writes: 'kubelet.systemReserved', when: 'systemReserved' },
  { path: ['kubernetes', 'kube-reserved'], writes: 'kubelet.kubeReserved', when: 'kubeReserved' },
  { path: ['kubernetes', 'eviction-hard'], writes: 'kubelet.evictionHard', when: 'evictionHard' },
  { path: ['kubernetes', 'eviction-soft'], writes: 'kubelet.evictionSoft', when: 'evictionSoft' },
  {
    path: ['kubernetes', 'eviction-soft-grace-period'],
    writes: 'kubelet.evictionSoftGracePeriod',
    when: 'evictionSoftGracePeriod',
  },
  {
    path: ['kubernetes', 'eviction-max-pod-grace-period'],
    writes: 'kubelet.evictionMaxPodGracePeriod',
    when: 'evictionMaxPodGracePeriod',
  },
  {
    path: ['kubernetes', 'image-gc-high-threshold-percent'],
    writes: 'kubelet.imageGCHighThresholdPercent',
    when: 'imageGCHighThresholdPercent',
  },
  {
    path: ['kubernetes', 'image-gc-low-threshold-percent'],
    writes: 'kubelet.imageGCLowThresholdPercent',
    when: 'imageGCLowThresholdPercent',
  },
  { path: ['kubernetes', 'cpu-cfs-quota-enforced'], writes: 'kubelet.cpuCFSQuota', when: 'cpuCFSQuota' },
  {
    path: ['bootstrap-commands', '000-mount-instance-storage'],
    writes: 'the instance-store RAID0 mount commands',
    when: 'RAID0',
  },
];

/** DefaultEBS in pkg/providers/amifamily/resolver.go: 20Gi gp3, encrypted. */
const DEFAULT_EBS = { volumeSize: '20Gi', volumeType: 'gp3', encrypted: true } as const;
const BLOCK_DEVICE_SOURCES = ['pkg/providers/amifamily/resolver.go', 'pkg/providers/instancetype/types.go'];

export const AMI_FAMILY_BEHAVIOUR: Readonly<Record<FamilyKind, AmiFamilyBehaviour>> = {
  AL2: {
    kind: 'AL2',
    // al2.go: DefaultBlockDeviceMappings → [{ EphemeralBlockDevice(): DefaultEBS }], EphemeralBlockDevice → /dev/xvda.
    defaultBlockDevices: [{ deviceName: '/dev/xvda', ...DEFAULT_EBS }],
    dataDevice: '/dev/xvda',
    userDataFormat: 'bash-mime',
    // bootstrap/eksbootstrap.go: mergeCustomUserData(custom, eksBootstrapScript()).
    userDataMerge:
      'a MIME multi-part archive: your userData (a shell script, or your own MIME parts) first, then Karpenter’s /etc/eks/bootstrap.sh call',
    // al2.go: SSM paths amazon-linux-2 (x86_64), amazon-linux-2-arm64, amazon-linux-2-gpu.
    architectures: ['amd64', 'arm64'],
    karpenterSets: [
      '/etc/eks/bootstrap.sh arguments: cluster name, --apiserver-endpoint, --b64-cluster-ca',
      '--dns-cluster-ip (kubelet.clusterDNS), --use-max-pods false (kubelet.maxPods)',
      '--kubelet-extra-args: node labels, taints and the kubelet settings',
      '--local-disks raid0 (instanceStorePolicy: RAID0)',
    ],
    sources: [
      'pkg/providers/amifamily/al2.go',
      'pkg/providers/amifamily/bootstrap/eksbootstrap.go',
      ...BLOCK_DEVICE_SOURCES,
    ],
  },
  AL2023: {
    kind: 'AL2023',
    // al2023.go: DefaultBlockDeviceMappings → [{ /dev/xvda: DefaultEBS }].
    defaultBlockDevices: [{ deviceName: '/dev/xvda', ...DEFAULT_EBS }],
    dataDevice: '/dev/xvda',
    userDataFormat: 'nodeadm-mime',
    // bootstrap/nodeadm.go: parseUserData, then Karpenter's NodeConfig appended last.
    userDataMerge:
      'a MIME multi-part archive: your parts (MIME kept as is; otherwise YAML → a NodeConfig part, anything else → a shell-script part), then Karpenter’s NodeConfig last, which nodeadm merges over yours',
    // al2023.go: DescribeImageQuery over x86_64 and arm64.
    architectures: ['amd64', 'arm64'],
    karpenterSets: [
      'spec.cluster.name',
      'spec.cluster.apiServerEndpoint',
      'spec.cluster.certificateAuthority',
      'spec.cluster.cidr',
      'spec.kubelet.config (the class’s kubelet settings, registerWithTaints)',
      'spec.kubelet.flags (--node-labels)',
      'spec.instance.localStorage.strategy (RAID0 with instanceStorePolicy: RAID0)',
    ],
    sources: [
      'pkg/providers/amifamily/al2023.go',
      'pkg/providers/amifamily/bootstrap/nodeadm.go',
      ...BLOCK_DEVICE_SOURCES,
    ],
  },
  Bottlerocket: {
    kind: 'Bottlerocket',
    // bottlerocket.go: DefaultBlockDeviceMappings → xvda 4Gi (OS), xvdb DefaultEBS (data).
    defaultBlockDevices: [
      { deviceName: '/dev/xvda', ...DEFAULT_EBS, volumeSize: '4Gi' },
      { deviceName: '/dev/xvdb', ...DEFAULT_EBS },
    ],
    dataDevice: '/dev/xvdb',
    osDevice: '/dev/xvda',
    userDataFormat: 'bottlerocket-toml',
    // bootstrap/bottlerocket.go: Script parses the TOML and sets settings.kubernetes.* over it.
    userDataMerge:
      'one TOML document: Karpenter parses your settings and writes its own settings.kubernetes values over them',
    // bottlerocket.go: SSM paths aws-k8s-<v>/x86_64 and aws-k8s-<v>/arm64 (and -nvidia).
    architectures: ['amd64', 'arm64'],
    karpenterSets: BOTTLEROCKET_KARPENTER_SETTINGS.map((s) => `settings.${s.path.join('.')}`),
    sources: [
      'pkg/providers/amifamily/bottlerocket.go',
      'pkg/providers/amifamily/bootstrap/bottlerocket.go',
      'pkg/providers/amifamily/bootstrap/bottlerocketsettings.go',
      ...BLOCK_DEVICE_SOURCES,
    ],
  },
  Windows: {
    kind: 'Windows',
    // windows.go: DefaultBlockDeviceMappings → [{ /dev/sda1: DefaultEBS with 50Gi }].
    defaultBlockDevices: [{ deviceName: '/dev/sda1', ...DEFAULT_EBS, volumeSize: '50Gi' }],
    dataDevice: '/dev/sda1',
    userDataFormat: 'powershell',
    // bootstrap/windows.go: "<powershell>\n" + custom + Start-EKSBootstrap.ps1 call + "</powershell>".
    userDataMerge:
      'one PowerShell script: Karpenter wraps your userData in <powershell> tags and appends its Start-EKSBootstrap.ps1 call',
    // windows.go: only the Windows_Server-<v>-English-Core-EKS_Optimized AMIs, published for x86_64.
    architectures: ['amd64'],
    karpenterSets: [
      'Start-EKSBootstrap.ps1 -EKSClusterName, -APIServerEndpoint, -Base64ClusterCA',
      '-KubeletExtraArgs (labels, taints, kubelet settings), -DNSClusterIP (kubelet.clusterDNS)',
    ],
    sources: [
      'pkg/providers/amifamily/windows.go',
      'pkg/providers/amifamily/bootstrap/windows.go',
      ...BLOCK_DEVICE_SOURCES,
    ],
  },
  Custom: {
    kind: 'Custom',
    // custom.go: DefaultBlockDeviceMappings → nil (the AMI's own), EphemeralBlockDevice → nil.
    defaultBlockDevices: [],
    userDataFormat: 'verbatim',
    // bootstrap/custom.go: Script returns the custom userData unchanged.
    userDataMerge: 'used verbatim: Karpenter adds nothing, so your userData must join the node itself',
    architectures: ['amd64', 'arm64'],
    karpenterSets: [],
    sources: [
      'pkg/providers/amifamily/custom.go',
      'pkg/providers/amifamily/bootstrap/custom.go',
      ...BLOCK_DEVICE_SOURCES,
    ],
  },
};

/** The behaviour group of an amiFamily (`Windows2019`, `Windows2022`, … behave alike). */
export function familyKind(family: AmiFamily): FamilyKind {
  if (family.startsWith('Windows')) return 'Windows';
  return family as Exclude<FamilyKind, 'Windows'>;
}

export function behaviourOf(family: AmiFamily): AmiFamilyBehaviour {
  return AMI_FAMILY_BEHAVIOUR[familyKind(family)];
}

/** Human name of a userData format, for messages and docs. */
export const USER_DATA_FORMAT_NAMES: Readonly<Record<UserDataFormat, string>> = {
  'bash-mime': 'shell script or MIME multi-part',
  'nodeadm-mime': 'nodeadm NodeConfig, shell script or MIME multi-part',
  'bottlerocket-toml': 'Bottlerocket settings TOML',
  powershell: 'PowerShell (without <powershell> tags)',
  verbatim: 'anything: passed to EC2 unchanged',
};

/**
 * The family Karpenter resolves for a node class as written: `amiFamily` when set, else the
 * family of its alias (EC2NodeClass.AMIFamily() in pkg/apis/v1/ec2nodeclass.go); undefined
 * when neither says (the class already has an error then).
 */
export function writtenFamily(nc: {
  readonly amiFamily?: AmiFamily;
  readonly alias?: string;
  readonly amiSelectorTerms?: readonly { readonly alias?: string }[];
}): AmiFamily | undefined {
  if (nc.amiFamily !== undefined) return nc.amiFamily;
  const alias = nc.alias ?? nc.amiSelectorTerms?.find((t) => t.alias !== undefined)?.alias;
  return alias === undefined ? undefined : parseAlias(alias)?.amiFamily;
}
