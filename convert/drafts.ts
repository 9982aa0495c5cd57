/**
 * The converter's intermediate form: node pools and node classes already in Karpenter v1
 * terms and in the fleet description's vocabulary, whatever API generation they came
 * from. Built by the from-* converters, adjusted by the kubelet placement, written out
 * by fleet-description.ts.
 */
import {
  AmiFamily,
  ConsolidationPolicy,
  DisruptionReason,
  RequirementOperator,
  TaintEffect,
  VolumeType,
} from '../model';
import { DocumentContext } from './document-context';
import { FieldPath } from './manifest-documents';

export interface RequirementDraft {
  key: string;
  operator: RequirementOperator;
  values?: string[];
  minValues?: number;
}

export interface TaintDraft {
  key: string;
  value?: string;
  effect: TaintEffect;
}

export interface BudgetDraft {
  nodes: string;
  schedule?: string;
  duration?: string;
  reasons?: DisruptionReason[];
}

export interface KubeletDraft {
  maxPods?: number;
  podsPerCore?: number;
  systemReserved?: Record<string, string>;
  kubeReserved?: Record<string, string>;
  evictionHard?: Record<string, string>;
  evictionSoft?: Record<string, string>;
  evictionSoftGracePeriod?: Record<string, string>;
  evictionMaxPodGracePeriod?: number;
  imageGCHighThresholdPercent?: number;
  imageGCLowThresholdPercent?: number;
  cpuCFSQuota?: boolean;
  clusterDNS?: string[];
}

/** Kubelet keys Karpenter v1 (and the fleet format) accept, in the order they are written out. */
export const KUBELET_KEYS = [
  'maxPods',
  'podsPerCore',
  'systemReserved',
  'kubeReserved',
  'evictionHard',
  'evictionSoft',
  'evictionSoftGracePeriod',
  'evictionMaxPodGracePeriod',
  'imageGCHighThresholdPercent',
  'imageGCLowThresholdPercent',
  'cpuCFSQuota',
  'clusterDNS',
] as const satisfies readonly (keyof KubeletDraft)[];

export interface SelectorTermDraft {
  tags?: Record<string, string>;
  id?: string;
  name?: string;
}

export interface AmiTermDraft {
  alias?: string;
  id?: string;
  name?: string;
  owner?: string;
  ssmParameter?: string;
  tags?: Record<string, string>;
}

export interface BlockDeviceMappingDraft {
  deviceName: string;
  rootVolume?: boolean;
  ebs: {
    volumeSize?: string;
    volumeType?: VolumeType;
    iops?: number;
    throughput?: number;
    encrypted?: boolean;
    kmsKeyID?: string;
    deleteOnTermination?: boolean;
    snapshotID?: string;
    volumeInitializationRate?: number;
  };
}

/** Values as written (the fleet loader checks them). */
export interface CapacityReservationTermDraft {
  id?: string;
  ownerID?: string;
  tags?: Record<string, string>;
  instanceMatchCriteria?: string;
}

export interface NetworkInterfaceDraft {
  networkCardIndex?: number;
  deviceIndex?: number;
  interfaceType?: string;
}

export interface MetadataOptionsDraft {
  httpEndpoint?: 'enabled' | 'disabled';
  httpProtocolIPv6?: 'enabled' | 'disabled';
  httpPutResponseHopLimit?: number;
  httpTokens?: 'required' | 'optional';
}

export interface NodeClassDraft {
  name: string;
  /** The document it came from (a Provisioner for an inline `spec.provider`). */
  ctx: DocumentContext;
  alias?: string;
  /** True when the converter chose the alias version (the input followed the latest AMI). */
  aliasPinnedByConverter?: boolean;
  allowLatestAmi?: boolean;
  amiFamily?: AmiFamily;
  amiSelectorTerms?: AmiTermDraft[];
  role?: string;
  instanceProfile?: string;
  subnetSelectorTerms?: SelectorTermDraft[];
  securityGroupSelectorTerms?: SelectorTermDraft[];
  userData?: string;
  blockDeviceMappings?: BlockDeviceMappingDraft[];
  metadataOptions?: MetadataOptionsDraft;
  kubelet?: KubeletDraft;
  tags?: Record<string, string>;
  detailedMonitoring?: boolean;
  associatePublicIPAddress?: boolean;
  instanceStorePolicy?: 'RAID0';
  capacityReservationSelectorTerms?: CapacityReservationTermDraft[];
  networkInterfaces?: NetworkInterfaceDraft[];
  cpuOptions?: { nestedVirtualization?: string };
  placementGroupSelector?: { id?: string; name?: string };
  ipPrefixCount?: number;
  connectionTracking?: { tcpEstablishedTimeout?: number; udpStreamTimeout?: number; udpTimeout?: number };
  context?: string;
  /** Annotations on the object itself (`metadata.annotations`). */
  objectAnnotations?: Record<string, string>;
  /** Labels on the object itself (`metadata.labels`). */
  objectLabels?: Record<string, string>;
}

export interface NodePoolDraft {
  name: string;
  ctx: DocumentContext;
  nodeClass: string;
  /** Where the node class reference was written (for errors about it). */
  nodeClassPath: FieldPath;
  requirements: RequirementDraft[];
  labels: Record<string, string>;
  annotations: Record<string, string>;
  taints: TaintDraft[];
  startupTaints: TaintDraft[];
  limits: Record<string, string>;
  disruption: {
    consolidationPolicy?: ConsolidationPolicy;
    consolidateAfter?: string;
    budgets?: BudgetDraft[];
  };
  expireAfter?: string;
  terminationGracePeriod?: string;
  weight?: number;
  /** Static pool: spec.replicas. */
  replicas?: number;
  /** Annotations on the object itself (`metadata.annotations`). */
  objectAnnotations?: Record<string, string>;
  /** Labels on the object itself (`metadata.labels`). */
  objectLabels?: Record<string, string>;
  /**
   * Kubelet settings written on the pool (v1alpha5 `kubeletConfiguration`, v1beta1
   * `template.spec.kubelet`, or v1's compatibility annotation). Karpenter v1 keeps them on
   * the node class; kubelet-placement.ts moves them. Undefined for v1 pools without one.
   */
  poolKubelet?: { value?: KubeletDraft; path: FieldPath };
}
