/**
 * The fleet description as written (after `_defaults.yaml` is merged in and the schema
 * passed): every field optional where the format allows it, nothing defaulted yet.
 * Only model/ reads this; everything else reads the resolved FleetModel.
 */
import {
  AmiFamily,
  Architecture,
  AutoModeNetworkPolicy,
  AutoModeNetworkPolicyEventLogs,
  AutoModeSnatPolicy,
  KarpenterMode,
  CapacityType,
  ConsolidationPolicy,
  DisruptionReason,
  FleetEntryKind,
  InstanceMatchCriteria,
  LogLevel,
  NestedVirtualization,
  NetworkInterfaceType,
  OperatingSystem,
  AckDeletionPolicy,
  AwsManagedBy,
  Partition,
  RequirementOperator,
  TaintEffect,
  VolumeType,
} from '../facts/constants';
import { RawCapacityBuffer, RawNodeOverlay, RawPodTemplate } from './raw-overlay-buffer';
import { KubernetesVersion } from '../facts/versions';
import type { AutoModeNodeClassModel } from '../shared/fleet-model';

type Dict<T> = Readonly<Record<string, T>>;

export interface RawCluster {
  readonly name?: string;
  /** A team's own secret patterns (RE2), scanned besides the built-in rules. */
  readonly secretPatterns?: readonly {
    readonly id: string;
    readonly regex: string;
    readonly entropy?: number;
  }[];
  readonly aws: {
    readonly accountId: string;
    readonly region: string;
    readonly partition?: Partition;
    readonly managedBy?: AwsManagedBy;
    readonly ack?: { readonly destination?: string; readonly deletionPolicy?: AckDeletionPolicy };
  };
  readonly kubernetesVersion?: KubernetesVersion;
  readonly karpenter?: {
    readonly mode?: KarpenterMode;
    /** A shipped version (KarpenterVersion) or one the repository imported. */
    readonly version?: string;
    readonly namespace?: string;
    readonly serviceAccount?: string;
    readonly clusterEndpoint?: string;
    readonly interruptionQueue?: { readonly name?: string; readonly kmsKeyArn?: string };
    readonly featureGates?: Dict<boolean>;
    readonly controller?: {
      readonly replicas?: number;
      readonly logLevel?: LogLevel;
      readonly resources?: {
        readonly requests?: Dict<string | number>;
        readonly limits?: Dict<string | number>;
      };
      readonly priorityClassName?: string;
      readonly pdbMaxUnavailable?: number;
      readonly tolerations?: readonly {
        readonly key?: string;
        readonly operator?: 'Exists' | 'Equal';
        readonly value?: string;
        readonly effect?: TaintEffect;
      }[];
      readonly topologySpread?: boolean;
      readonly nodeSelector?: Dict<string>;
    };
    readonly helmValues?: Dict<unknown>;
  };
  readonly iam?: {
    readonly identity?: 'pod-identity' | 'irsa';
    readonly oidcProviderArn?: string;
    readonly controllerRoleName?: string;
    readonly nodeRoleName?: string;
    readonly nodeRoleExtraPolicyArns?: readonly string[];
    readonly createInstanceProfile?: boolean;
    readonly createSpotServiceLinkedRole?: boolean;
    readonly zonalShift?: boolean;
    readonly permissionsBoundaryArn?: string;
    readonly path?: string;
  };
  readonly tags?: Dict<string>;
  readonly gitops: {
    readonly repoURL: string;
    readonly targetRevision?: string;
    readonly distPath?: string;
    readonly destination: { readonly name?: string; readonly server?: string };
    readonly argocdNamespace?: string;
    readonly project?: string;
    readonly syncPolicy?: {
      readonly automated?: boolean;
      readonly prune?: boolean;
      readonly selfHeal?: boolean;
    };
    readonly clusterLabels?: Dict<string>;
    readonly ring?: string;
    readonly rings?: readonly { readonly name: string; readonly targetRevision?: string }[];
    readonly fleetEntry?: FleetEntryKind;
  };
  /** Names of this file that deliberately reuse a node class / node pool name of `_defaults.yaml`. */
  readonly overridesDefaults?: {
    readonly nodeClasses?: readonly string[];
    readonly nodePools?: readonly string[];
  };
  readonly nodeClasses?: Dict<RawNodeClass>;
  readonly nodePools?: Dict<RawNodePool>;
  readonly nodeOverlays?: Dict<RawNodeOverlay>;
  readonly capacityBuffers?: Dict<RawCapacityBuffer>;
  readonly podTemplates?: Dict<RawPodTemplate>;
}

export interface RawSelectorTerm {
  readonly tags?: Dict<string>;
  readonly id?: string;
  readonly name?: string;
}

/** Object metadata the user may add to a generated Karpenter object. */
export interface RawObjectMetadata {
  readonly labels?: Dict<string>;
  readonly annotations?: Dict<string>;
}

export interface RawCapacityReservationTerm {
  readonly id?: string;
  readonly ownerID?: string;
  readonly tags?: Dict<string>;
  readonly instanceMatchCriteria?: InstanceMatchCriteria;
}

export interface RawNetworkInterface {
  readonly networkCardIndex: number;
  readonly deviceIndex: number;
  readonly interfaceType: NetworkInterfaceType;
}

export interface RawNodeClass {
  readonly metadata?: RawObjectMetadata;
  readonly alias?: string;
  readonly allowLatestAmi?: boolean;
  readonly amiFamily?: AmiFamily;
  readonly amiSelectorTerms?: readonly {
    readonly alias?: string;
    readonly id?: string;
    readonly name?: string;
    readonly owner?: string;
    readonly ssmParameter?: string;
    readonly tags?: Dict<string>;
  }[];
  readonly role?: string;
  readonly instanceProfile?: string;
  /** Subnets are selected by tags or id only (EC2NodeClass has no subnet `name` term). */
  readonly subnetSelectorTerms?: readonly Omit<RawSelectorTerm, 'name'>[];
  readonly securityGroupSelectorTerms?: readonly RawSelectorTerm[];
  readonly userData?: string;
  readonly bottlerocket?: { readonly settings: Dict<unknown> };
  readonly blockDeviceMappings?: readonly {
    readonly deviceName: string;
    readonly rootVolume?: boolean;
    readonly ebs: {
      readonly volumeSize: string;
      readonly volumeType?: VolumeType;
      readonly iops?: number;
      readonly throughput?: number;
      readonly encrypted?: boolean;
      readonly kmsKeyID?: string;
      readonly deleteOnTermination?: boolean;
      readonly snapshotID?: string;
      readonly volumeInitializationRate?: number;
    };
  }[];
  readonly metadataOptions?: {
    readonly httpEndpoint?: 'enabled' | 'disabled';
    readonly httpProtocolIPv6?: 'enabled' | 'disabled';
    readonly httpPutResponseHopLimit?: number;
    readonly httpTokens?: 'required' | 'optional';
  };
  readonly kubelet?: {
    readonly maxPods?: number;
    readonly podsPerCore?: number;
    readonly systemReserved?: Dict<string>;
    readonly kubeReserved?: Dict<string>;
    readonly evictionHard?: Dict<string>;
    readonly evictionSoft?: Dict<string>;
    readonly evictionSoftGracePeriod?: Dict<string>;
    readonly evictionMaxPodGracePeriod?: number;
    readonly imageGCHighThresholdPercent?: number;
    readonly imageGCLowThresholdPercent?: number;
    readonly cpuCFSQuota?: boolean;
    readonly clusterDNS?: readonly string[];
  };
  readonly tags?: Dict<string>;
  readonly detailedMonitoring?: boolean;
  readonly associatePublicIPAddress?: boolean;
  readonly instanceStorePolicy?: 'RAID0';
  readonly capacityReservationSelectorTerms?: readonly RawCapacityReservationTerm[];
  readonly networkInterfaces?: readonly RawNetworkInterface[];
  readonly cpuOptions?: { readonly nestedVirtualization?: NestedVirtualization };
  readonly placementGroupSelector?: { readonly id?: string; readonly name?: string };
  readonly ipPrefixCount?: number;
  readonly connectionTracking?: {
    readonly tcpEstablishedTimeout?: number;
    readonly udpStreamTimeout?: number;
    readonly udpTimeout?: number;
  };
  readonly context?: string;
  // EKS Auto Mode only (karpenter.mode: eks-auto-mode)
  // As written: the resolved model (AutoModeNodeClassModel) has the same shapes.
  readonly ephemeralStorage?: AutoModeNodeClassModel['ephemeralStorage'];
  readonly snatPolicy?: AutoModeSnatPolicy;
  readonly networkPolicy?: AutoModeNetworkPolicy;
  readonly networkPolicyEventLogs?: AutoModeNetworkPolicyEventLogs;
  readonly podSubnetSelectorTerms?: readonly Omit<RawSelectorTerm, 'name'>[];
  readonly podSecurityGroupSelectorTerms?: readonly Omit<RawSelectorTerm, 'name'>[];
  readonly advancedNetworking?: AutoModeNodeClassModel['advancedNetworking'];
  readonly advancedSecurity?: AutoModeNodeClassModel['advancedSecurity'];
  readonly certificateBundles?: AutoModeNodeClassModel['certificateBundles'];
}

/** A requirement shorthand: a list (In) or `{ in | notIn, minValues }`. */
export type RawShorthand<T extends string = string> =
  readonly T[] | { readonly in?: readonly T[]; readonly notIn?: readonly T[]; readonly minValues?: number };

export interface RawTaint {
  readonly key: string;
  readonly value?: string;
  readonly effect: TaintEffect;
}

export interface RawNodePool {
  readonly metadata?: RawObjectMetadata;
  readonly nodeClass: string;
  readonly replicas?: number;
  readonly capacityTypes?: RawShorthand<CapacityType>;
  readonly architectures?: RawShorthand<Architecture>;
  readonly operatingSystems?: RawShorthand<OperatingSystem>;
  readonly zones?: RawShorthand;
  readonly instanceCategories?: RawShorthand;
  readonly instanceFamilies?: RawShorthand;
  readonly instanceSizes?: RawShorthand;
  readonly instanceTypes?: RawShorthand;
  readonly instanceGenerationGreaterThan?: number;
  readonly requirements?: readonly {
    readonly key: string;
    readonly operator: RequirementOperator;
    readonly values?: readonly string[];
    readonly minValues?: number;
  }[];
  readonly labels?: Dict<string>;
  readonly annotations?: Dict<string>;
  readonly taints?: readonly RawTaint[];
  readonly startupTaints?: readonly RawTaint[];
  readonly limits?: Dict<string | number>;
  readonly disruption?: {
    readonly consolidationPolicy?: ConsolidationPolicy;
    readonly consolidateAfter?: string;
    readonly budgets?: readonly {
      readonly nodes: string | number;
      readonly schedule?: string;
      readonly duration?: string;
      readonly reasons?: readonly DisruptionReason[];
    }[];
  };
  readonly expireAfter?: string;
  readonly terminationGracePeriod?: string;
  readonly weight?: number;
  readonly smokeTest?: boolean;
}
