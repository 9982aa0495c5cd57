/**
 * The fully resolved fleet model: the one typed value every later stage reads.
 *
 *   clusters/*.yaml → model/load-fleet (parse, schema-check, errors with file:line)
 *                   → model/resolve/resolve-fleet (defaults applied here and only here)
 *                   → FleetModel (this file) → charts/, policies/, validation/
 *
 * Everything here is readonly and already defaulted: consumers never apply a default
 * of their own and never read files or the environment. Lists are in a deliberate,
 * deterministic order (clusters, classes and pools sorted by name; requirements in
 * the order the user wrote them, shorthands first).
 */
import {
  AmiFamily,
  AutoModeNetworkPolicy,
  AutoModeNetworkPolicyEventLogs,
  AutoModeSnatPolicy,
  KarpenterMode,
  ConsolidationPolicy,
  DisruptionReason,
  InstanceMatchCriteria,
  LogLevel,
  NestedVirtualization,
  NetworkInterfaceType,
  AckDeletionPolicy,
  AwsManagedBy,
  Partition,
  RequirementOperator,
  TaintEffect,
  VolumeType,
  FleetEntryKind,
} from '../facts/constants';
import { CapacityBufferModel, NodeOverlayModel, PodTemplateModel } from './overlay-buffer-model';
import { SourceLocation } from './source-location';
import { KarpenterVersion } from '../facts/versions';
import type { ImportedKarpenterVersion } from './imported-versions';

export type { SourceLocation } from './source-location';

export interface FleetModel {
  /** Sorted by name. */
  readonly clusters: readonly ClusterModel[];
}

export interface ClusterModel {
  /** EKS cluster name; DNS-1123 label, also the name of everything the tool creates for it. */
  readonly name: string;
  /** Where the cluster is described (`clusters/<name>.yaml`). */
  readonly source: SourceLocation;
  /**
   * Where the fields AWS names are made of were written, by dotted path (`name`,
   * `iam.nodeRoleName`, `iam.controllerRoleName`, `iam.path`, `karpenter.interruptionQueue.name`,
   * `tags`, `tags.<key>`); only fields the user wrote (in the cluster file or `_defaults.yaml`).
   * Checks after the loader (policies/names.ts) point their errors here.
   * @default {} (errors point at `source`)
   */
  readonly fieldSources?: Readonly<Record<string, SourceLocation>>;
  readonly aws: AwsModel;
  /** Kubernetes minor version, e.g. `1.33`. */
  readonly kubernetesVersion: string;
  readonly karpenter: KarpenterModel;
  readonly iam: IamModel;
  /** Tags on every AWS resource the tool creates for this cluster and on every node (merged under node-class tags). */
  readonly tags: Readonly<Record<string, string>>;
  readonly gitops: GitOpsModel;
  /** Sorted by name. */
  readonly nodeClasses: readonly NodeClassModel[];
  /** Sorted by name. */
  readonly nodePools: readonly NodePoolModel[];
  /** NodeOverlays (model/shared/overlay-buffer-model.ts), sorted by name; empty when none. */
  readonly nodeOverlays: readonly NodeOverlayModel[];
  /** CapacityBuffers, sorted by namespace then name; empty when none. */
  readonly capacityBuffers: readonly CapacityBufferModel[];
  /** PodTemplates generated for buffers, sorted by namespace then name; empty when none. */
  readonly podTemplates: readonly PodTemplateModel[];
}

/** Where the AWS side lives: what ARNs are built from. */
export interface AwsLocation {
  /** 12-digit account ID. */
  readonly accountId: string;
  readonly region: string;
  readonly partition: Partition;
}

export interface AwsModel extends AwsLocation {
  /** Who manages the AWS side: the tool's CloudFormation or Terraform, or `external` (it exists already). */
  readonly managedBy: AwsManagedBy;
  /**
   * `aws.managedBy: ack` only: the Argo CD cluster (registered name) the ACK objects are applied to,
   * where the ACK controllers run (`aws.ack.destination`).
   * @default the workload cluster's `gitops.destination`
   */
  readonly ack?: {
    readonly destination: { readonly name: string } | { readonly server: string };
    /**
     * The ACK deletion policy of the roles and the queue (`aws.ack.deletionPolicy`).
     * @default 'retain'
     */
    readonly deletionPolicy: AckDeletionPolicy;
  };
}

export interface KarpenterModel {
  /**
   * Who runs Karpenter: the tool installs it, or EKS Auto Mode runs it (then the controller,
   * Helm and queue fields below are unused: no controller, CRD or Helm values are generated).
   * @default 'self-managed'
   */
  readonly mode: KarpenterMode;
  /** The release the cluster runs: a shipped KarpenterVersion, or a version the repository imported. */
  readonly version: string;
  /** The shipped version whose facts apply: `version` itself, or an imported version's nearest shipped one. */
  readonly semantics: KarpenterVersion;
  /** The imported version `version` names. @default none (a shipped version) */
  readonly imported?: ImportedKarpenterVersion;
  /** Namespace of the controller. */
  readonly namespace: string;
  /** Service account of the controller (the chart's default is `karpenter`). */
  readonly serviceAccount: string;
  /** `settings.clusterEndpoint`; omitted lets Karpenter discover it. */
  readonly clusterEndpoint?: string;
  /** SQS interruption queue. `name` is what `settings.interruptionQueue` and CloudFormation both use. */
  readonly interruptionQueue: InterruptionQueueModel;
  /** `settings.featureGates`, only the gates the user set, sorted by key. */
  readonly featureGates: Readonly<Record<string, boolean>>;
  readonly controller: ControllerModel;
  /**
   * Extra values for the controller chart, already checked against the chart's keys
   * (removed keys such as `webhook.*` and `settings.aws.*` are refused at load time).
   * Deep-merged over the generated values, so the user has the last word.
   */
  readonly helmValues: Readonly<Record<string, unknown>>;
}

export interface InterruptionQueueModel {
  readonly name: string;
  /** Customer KMS key for SSE; absent means SSE-SQS. */
  readonly kmsKeyArn?: string;
}

export interface ControllerModel {
  readonly replicas: number;
  readonly logLevel: LogLevel;
  readonly resources: {
    readonly requests: Readonly<Record<string, string>>;
    readonly limits: Readonly<Record<string, string>>;
  };
  readonly priorityClassName: string;
  /** PodDisruptionBudget maxUnavailable. */
  readonly pdbMaxUnavailable: number;
  readonly tolerations: readonly TolerationModel[];
  /** Spread replicas over zones (maxSkew 1). */
  readonly topologySpread: boolean;
  /** Extra node selector for the controller pods. */
  readonly nodeSelector: Readonly<Record<string, string>>;
}

export interface TolerationModel {
  readonly key?: string;
  readonly operator: 'Exists' | 'Equal';
  readonly value?: string;
  readonly effect?: TaintEffect;
}

/** How the controller gets AWS credentials. */
export type ControllerIdentityModel =
  | { readonly type: 'pod-identity' }
  | {
      readonly type: 'irsa';
      /** ARN of the cluster's IAM OIDC provider. */
      readonly oidcProviderArn: string;
      /** Issuer host and path, e.g. `oidc.eks.eu-west-1.amazonaws.com/id/ABC`, derived from the ARN. */
      readonly oidcIssuer: string;
    };

export interface IamModel {
  readonly identity: ControllerIdentityModel;
  /** Name of the controller role (CloudFormation creates it; IRSA annotation uses its ARN). */
  readonly controllerRoleName: string;
  /** Name of the node role; every EC2NodeClass without an explicit instanceProfile uses it. */
  readonly nodeRoleName: string;
  /** Managed policy ARNs attached to the node role besides the four required ones, sorted. */
  readonly nodeRoleExtraPolicyArns: readonly string[];
  /** Create an instance profile for the node role (for classes that name `instanceProfile`). */
  readonly createInstanceProfile: boolean;
  /** Create the EC2 Spot service-linked role. */
  readonly createSpotServiceLinkedRole: boolean;
  /** Grant the controller AWS zonal-shift permissions (Karpenter's zonal shift feature). */
  readonly zonalShift: boolean;
  /** Permission boundary ARN for created roles, if any. */
  readonly permissionsBoundaryArn?: string;
  /** IAM path for created roles and policies. */
  readonly path: string;
}

export interface GitOpsModel {
  /** Git repository Argo CD syncs `dist/` from. */
  readonly repoURL: string;
  /** Branch, tag or commit Argo CD tracks. */
  readonly targetRevision: string;
  /** Path of `dist/` inside that repository, no trailing slash (e.g. `dist`). */
  readonly distPath: string;
  /** Where Argo CD deploys: a cluster registered by name, or an API server URL. */
  readonly destination: { readonly name: string } | { readonly server: string };
  /** Namespace Argo CD runs in (Applications and AppProjects live there). */
  readonly argocdNamespace: string;
  /** AppProject name for this cluster. */
  readonly project: string;
  readonly syncPolicy: {
    readonly automated: boolean;
    readonly prune: boolean;
    readonly selfHeal: boolean;
  };
  /**
   * Labels put on every Argo CD object of this cluster (its Applications, its AppProject and its
   * root Application in dist/fleet/), beside `app.kubernetes.io/managed-by` (which wins on a
   * clash), so `argocd app list -l env=prod` selects a cluster's apps. Sorted by key.
   * @default {} (`gitops.clusterLabels` not set)
   */
  readonly clusterLabels: Readonly<Record<string, string>>;
  /**
   * The cluster's rollout ring; `targetRevision` is then the ring's revision.
   * @default undefined (`gitops.ring` not set: the cluster tracks `gitops.targetRevision`)
   */
  readonly ring?: string;
  /**
   * Rollout rings in promotion order, each with the revision its clusters track.
   * @default [] (`gitops.rings` not set)
   */
  readonly rings: readonly RingModel[];
  /**
   * How Argo CD finds the cluster: a root Application in dist/fleet/, or an ApplicationSet.
   * @default 'roots'
   */
  readonly fleetEntry: FleetEntryKind;
}

export interface RingModel {
  readonly name: string;
  /** Branch or tag the ring's clusters track. */
  readonly targetRevision: string;
}

// ---------------------------------------------------------------------------------
// EC2NodeClass

export interface NodeClassModel {
  /** DNS-1123 subdomain; the EC2NodeClass name. */
  readonly name: string;
  /**
   * Spec fields written under Karpenter's own name for an imported version, passed to the
   * EC2NodeClass as written (model/schema/pass-through.ts): place below `spec` (`hibernation`) → value,
   * sorted. @default none
   */
  readonly passThrough?: Readonly<Record<string, unknown>>;
  readonly source: SourceLocation;
  /**
   * Where each AMI alias of amiSelectorTerms was written (its value), by alias, for checks
   * after the loader (preflight).
   * @default {} (they point at `source`)
   */
  readonly aliasSources?: Readonly<Record<string, SourceLocation>>;
  /**
   * Annotations on the EC2NodeClass object itself (`metadata.annotations`), sorted by key.
   * @default {} (only the tool's own Argo CD annotations)
   */
  readonly objectAnnotations: Readonly<Record<string, string>>;
  /**
   * Labels on the EC2NodeClass object itself (`metadata.labels`), sorted by key.
   * @default {} (only the tool's managed-by label)
   */
  readonly objectLabels?: Readonly<Record<string, string>>;
  /** Set only when the user set it or it cannot be inferred from the alias. */
  readonly amiFamily?: AmiFamily;
  /** At least one term. An alias term is pinned (`family@version`) unless `allowLatest`. */
  readonly amiSelectorTerms: readonly AmiSelectorTermModel[];
  /** Exactly one of role / instanceProfile is set. */
  readonly role?: string;
  readonly instanceProfile?: string;
  readonly subnetSelectorTerms: readonly SelectorTermModel[];
  readonly securityGroupSelectorTerms: readonly SelectorTermModel[];
  /** Final userData text (Bottlerocket settings already rendered to TOML). */
  readonly userData?: string;
  readonly blockDeviceMappings: readonly BlockDeviceMappingModel[];
  readonly metadataOptions: MetadataOptionsModel;
  readonly kubelet?: KubeletModel;
  /** Tags on instances, volumes and launch templates (cluster tags merged under class tags), sorted by key. */
  readonly tags: Readonly<Record<string, string>>;
  readonly detailedMonitoring?: boolean;
  readonly associatePublicIPAddress?: boolean;
  readonly instanceStorePolicy?: 'RAID0';
  /**
   * On-demand capacity reservations and capacity blocks the class may launch into (`reserved`
   * capacity type; gate `reservedCapacity`).
   * @default [] (none)
   */
  readonly capacityReservationSelectorTerms: readonly CapacityReservationTermModel[];
  /**
   * Network interfaces of each instance (EFA); empty means EC2's single primary interface.
   * @default []
   */
  readonly networkInterfaces: readonly NetworkInterfaceModel[];
  /** @default absent (EC2's CPU options) */
  readonly cpuOptions?: { readonly nestedVirtualization?: NestedVirtualization };
  /** By id or by name, exactly one. @default absent (no placement group) */
  readonly placementGroupSelector?: { readonly id?: string; readonly name?: string };
  /** IPv4 prefixes on the primary interface. @default absent (none) */
  readonly ipPrefixCount?: number;
  /** Idle connection-tracking timeouts in seconds. @default absent (EC2's defaults) */
  readonly connectionTracking?: {
    readonly tcpEstablishedTimeout?: number;
    readonly udpStreamTimeout?: number;
    readonly udpTimeout?: number;
  };
  /** EC2 Fleet `Context` (reserved field). @default absent */
  readonly context?: string;
  /**
   * The EKS Auto Mode NodeClass fields, present exactly when the cluster's `karpenter.mode` is
   * `eks-auto-mode` (then the class is an `eks.amazonaws.com/v1` NodeClass and the EC2NodeClass
   * fields above are unused).
   * @default absent (a self-managed cluster's EC2NodeClass)
   */
  readonly autoMode?: AutoModeNodeClassModel;
}

/** What only an EKS Auto Mode NodeClass has (docs/eks-auto-mode.md cites each field's page). */
export interface AutoModeNodeClassModel {
  /** @default absent (EKS: 80Gi, 3000 IOPS, 125 MiB/s, AWS-managed key) */
  readonly ephemeralStorage?: {
    readonly size?: string;
    readonly iops?: number;
    readonly throughput?: number;
    readonly kmsKeyID?: string;
  };
  /** @default absent (EKS: Random) */
  readonly snatPolicy?: AutoModeSnatPolicy;
  /** @default absent (EKS: DefaultAllow) */
  readonly networkPolicy?: AutoModeNetworkPolicy;
  /** @default absent (EKS: Disabled) */
  readonly networkPolicyEventLogs?: AutoModeNetworkPolicyEventLogs;
  /** @default [] (pods share the node subnets) */
  readonly podSubnetSelectorTerms: readonly SelectorTermModel[];
  /** @default [] */
  readonly podSecurityGroupSelectorTerms: readonly SelectorTermModel[];
  /** @default absent (no proxy, EKS's public IP choice) */
  readonly advancedNetworking?: {
    readonly httpsProxy?: string;
    readonly noProxy?: readonly string[];
    readonly associatePublicIPAddress?: boolean;
  };
  /** @default absent */
  readonly advancedSecurity?: { readonly fips?: boolean };
  /** @default [] */
  readonly certificateBundles: readonly { readonly name: string; readonly data: string }[];
}

/** A capacity reservation selector term: by id alone, or by tags (and owner, match criteria). */
export interface CapacityReservationTermModel {
  readonly id?: string;
  readonly ownerID?: string;
  readonly tags?: Readonly<Record<string, string>>;
  readonly instanceMatchCriteria?: InstanceMatchCriteria;
}

export interface NetworkInterfaceModel {
  readonly networkCardIndex: number;
  readonly deviceIndex: number;
  readonly interfaceType: NetworkInterfaceType;
}

export interface AmiSelectorTermModel {
  /** `family@version`, e.g. `al2023@v20260714`. */
  readonly alias?: string;
  readonly id?: string;
  readonly name?: string;
  readonly owner?: string;
  readonly ssmParameter?: string;
  readonly tags?: Readonly<Record<string, string>>;
}

/** Subnet or security-group selector term: by tags, or by ID (security groups also by name). */
export interface SelectorTermModel {
  readonly tags?: Readonly<Record<string, string>>;
  readonly id?: string;
  readonly name?: string;
}

export interface BlockDeviceMappingModel {
  readonly deviceName: string;
  readonly rootVolume?: boolean;
  readonly ebs: {
    /** Kubernetes quantity, e.g. `20Gi`. */
    readonly volumeSize: string;
    readonly volumeType: VolumeType;
    readonly iops?: number;
    readonly throughput?: number;
    /** Always true unless the user explicitly opted out. */
    readonly encrypted: boolean;
    readonly kmsKeyID?: string;
    readonly deleteOnTermination: boolean;
    readonly snapshotID?: string;
    /** MiB/s at which a volume created from `snapshotID` is initialized. @default absent */
    readonly volumeInitializationRate?: number;
  };
}

export interface MetadataOptionsModel {
  readonly httpEndpoint: 'enabled' | 'disabled';
  readonly httpProtocolIPv6: 'enabled' | 'disabled';
  readonly httpPutResponseHopLimit: number;
  readonly httpTokens: 'required' | 'optional';
}

export interface KubeletModel {
  readonly maxPods?: number;
  readonly podsPerCore?: number;
  readonly systemReserved?: Readonly<Record<string, string>>;
  readonly kubeReserved?: Readonly<Record<string, string>>;
  readonly evictionHard?: Readonly<Record<string, string>>;
  readonly evictionSoft?: Readonly<Record<string, string>>;
  readonly evictionSoftGracePeriod?: Readonly<Record<string, string>>;
  readonly evictionMaxPodGracePeriod?: number;
  readonly imageGCHighThresholdPercent?: number;
  readonly imageGCLowThresholdPercent?: number;
  readonly cpuCFSQuota?: boolean;
  readonly clusterDNS?: readonly string[];
}

// ---------------------------------------------------------------------------------
// NodePool

export interface NodePoolModel {
  /** DNS-1123 subdomain; the NodePool name. */
  readonly name: string;
  /**
   * Spec fields written under Karpenter's own name for an imported version, passed to the
   * NodePool as written (model/schema/pass-through.ts): place below `spec` (`template.spec.x`) → value,
   * sorted. @default none
   */
  readonly passThrough?: Readonly<Record<string, unknown>>;
  readonly source: SourceLocation;
  /**
   * Annotations on the NodePool object itself (`metadata.annotations`), sorted by key;
   * `annotations` below go to the nodes (the template).
   * @default {}
   */
  readonly objectAnnotations: Readonly<Record<string, string>>;
  /**
   * Labels on the NodePool object itself (`metadata.labels`), sorted by key; `labels` below go
   * to the nodes.
   * @default {} (only the tool's managed-by label)
   */
  readonly objectLabels?: Readonly<Record<string, string>>;
  /** Name of an EC2NodeClass of the same cluster (checked at load time). */
  readonly nodeClass: string;
  /**
   * Static pool: keep exactly this many nodes (gate `staticCapacity`).
   * @default absent (a dynamic pool that follows pod demand)
   */
  readonly replicas?: number;
  /** Shorthands already expanded; shorthands first in a fixed order, then raw ones as written. */
  readonly requirements: readonly RequirementModel[];
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  readonly taints: readonly TaintModel[];
  readonly startupTaints: readonly TaintModel[];
  /** Resource limits, e.g. `{ cpu: '100', memory: '400Gi', 'nvidia.com/gpu': '8' }`. Empty means unlimited. */
  readonly limits: Readonly<Record<string, string>>;
  readonly disruption: DisruptionModel;
  /** Duration (`720h`) or `Never`. */
  readonly expireAfter: string;
  /** Duration; absent means nodes wait for pods indefinitely. */
  readonly terminationGracePeriod?: string;
  readonly weight?: number;
  /** Emit the opt-in smoke-test Deployment for this pool. */
  readonly smokeTest: boolean;
}

export interface RequirementModel {
  readonly key: string;
  readonly operator: RequirementOperator;
  readonly values?: readonly string[];
  readonly minValues?: number;
}

export interface TaintModel {
  readonly key: string;
  readonly value?: string;
  readonly effect: TaintEffect;
}

export interface DisruptionModel {
  readonly consolidationPolicy: ConsolidationPolicy;
  /** Duration or `Never`. */
  readonly consolidateAfter: string;
  readonly budgets: readonly DisruptionBudgetModel[];
}

export interface DisruptionBudgetModel {
  /** Count or percentage, e.g. `10%` or `0`. */
  readonly nodes: string;
  /** Cron schedule; requires `duration`. */
  readonly schedule?: string;
  readonly duration?: string;
  readonly reasons?: readonly DisruptionReason[];
}
