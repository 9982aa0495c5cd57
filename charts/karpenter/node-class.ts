/**
 * NodeClassModel → Karpenter v1 EC2NodeClass, through the typed class imported from the
 * v1.14.1 CRD (its `toJson` maps the camelCased props to the real JSON names, e.g.
 * `kmsKeyId` → `kmsKeyID`, `associatePublicIpAddress` → `associatePublicIPAddress`).
 * Pure: reads only the model.
 */
import { Construct } from 'constructs';
import {
  Ec2NodeClass,
  Ec2NodeClassSpec,
  Ec2NodeClassSpecAmiFamily,
  Ec2NodeClassSpecAmiSelectorTerms,
  Ec2NodeClassSpecBlockDeviceMappings,
  Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType,
  Ec2NodeClassSpecCapacityReservationSelectorTerms,
  Ec2NodeClassSpecCapacityReservationSelectorTermsInstanceMatchCriteria,
  Ec2NodeClassSpecCpuOptionsNestedVirtualization,
  Ec2NodeClassSpecInstanceStorePolicy,
  Ec2NodeClassSpecKubelet,
  Ec2NodeClassSpecMetadataOptions,
  Ec2NodeClassSpecMetadataOptionsHttpEndpoint,
  Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6,
  Ec2NodeClassSpecMetadataOptionsHttpTokens,
  Ec2NodeClassSpecNetworkInterfaces,
  Ec2NodeClassSpecNetworkInterfacesInterfaceType,
  Ec2NodeClassSpecSecurityGroupSelectorTerms,
  Ec2NodeClassSpecSubnetSelectorTerms,
} from '../../imports/karpenter-v1.14.1/karpenter.k8s.aws';
import {
  AmiFamily,
  InstanceMatchCriteria,
  NestedVirtualization,
  NetworkInterfaceType,
  SYNC_WAVES,
  VolumeType,
  AmiSelectorTermModel,
  BlockDeviceMappingModel,
  CapacityReservationTermModel,
  KubeletModel,
  MetadataOptionsModel,
  NetworkInterfaceModel,
  NodeClassModel,
  SelectorTermModel,
  sortedRecord,
  sortedRecordOrUndefined,
} from '../../model';
import { carryingPassThrough } from './pass-through-json';
import { karpenterObjectMetadata } from './object-metadata';

/** API group and kind a NodePool's `nodeClassRef` names. */
export const EC2_NODE_CLASS_REF = { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass' } as const;

export interface NodeClassProps {
  /** The resolved node class; its name becomes the EC2NodeClass name. */
  readonly model: NodeClassModel;
}

/** One EC2NodeClass named exactly like the model (no hash suffix). */
export class NodeClass extends Construct {
  /** The typed API object; `toJson()` gives the manifest. */
  public readonly apiObject: Ec2NodeClass;

  constructor(scope: Construct, id: string, props: NodeClassProps) {
    super(scope, id);
    this.apiObject = carryingPassThrough(
      new Ec2NodeClass(this, 'Resource', {
        metadata: karpenterObjectMetadata(
          props.model.name,
          SYNC_WAVES.nodeClass,
          props.model.objectAnnotations,
          props.model.objectLabels,
        ),
        spec: nodeClassSpec(props.model),
      }),
      props.model.passThrough,
    );
  }
}

/** The EC2NodeClass spec for a node class (every model field mapped; absent stays absent). */
export function nodeClassSpec(model: NodeClassModel): Ec2NodeClassSpec {
  return {
    amiFamily: model.amiFamily === undefined ? undefined : AMI_FAMILY[model.amiFamily],
    amiSelectorTerms: model.amiSelectorTerms.map(amiSelectorTerm),
    role: model.role,
    instanceProfile: model.instanceProfile,
    subnetSelectorTerms: model.subnetSelectorTerms.map(subnetSelectorTerm),
    securityGroupSelectorTerms: model.securityGroupSelectorTerms.map(securityGroupSelectorTerm),
    userData: model.userData,
    blockDeviceMappings:
      model.blockDeviceMappings.length > 0 ? model.blockDeviceMappings.map(blockDeviceMapping) : undefined,
    metadataOptions: metadataOptions(model.metadataOptions),
    kubelet: model.kubelet === undefined ? undefined : kubelet(model.kubelet),
    tags: Object.keys(model.tags).length > 0 ? sortedRecord(model.tags) : undefined,
    detailedMonitoring: model.detailedMonitoring,
    associatePublicIpAddress: model.associatePublicIPAddress,
    instanceStorePolicy:
      model.instanceStorePolicy === undefined ? undefined : INSTANCE_STORE_POLICY[model.instanceStorePolicy],
    capacityReservationSelectorTerms:
      model.capacityReservationSelectorTerms.length > 0
        ? model.capacityReservationSelectorTerms.map(capacityReservationTerm)
        : undefined,
    networkInterfaces:
      model.networkInterfaces.length > 0 ? model.networkInterfaces.map(networkInterface) : undefined,
    cpuOptions:
      model.cpuOptions === undefined
        ? undefined
        : {
            nestedVirtualization:
              model.cpuOptions.nestedVirtualization === undefined
                ? undefined
                : NESTED_VIRTUALIZATION[model.cpuOptions.nestedVirtualization],
          },
    placementGroupSelector:
      model.placementGroupSelector === undefined ? undefined : { ...model.placementGroupSelector },
    ipPrefixCount: model.ipPrefixCount,
    connectionTracking: model.connectionTracking === undefined ? undefined : { ...model.connectionTracking },
    context: model.context,
  };
}

// Exhaustive maps from the model's closed sets to the imported enums: a value added to a
// model set without a CRD counterpart is a compile error here.
const AMI_FAMILY: Readonly<Record<AmiFamily, Ec2NodeClassSpecAmiFamily>> = {
  AL2: Ec2NodeClassSpecAmiFamily.AL2,
  AL2023: Ec2NodeClassSpecAmiFamily.AL2023,
  Bottlerocket: Ec2NodeClassSpecAmiFamily.BOTTLEROCKET,
  Windows2019: Ec2NodeClassSpecAmiFamily.WINDOWS2019,
  Windows2022: Ec2NodeClassSpecAmiFamily.WINDOWS2022,
  Windows2025: Ec2NodeClassSpecAmiFamily.WINDOWS2025,
  Custom: Ec2NodeClassSpecAmiFamily.CUSTOM,
};

const VOLUME_TYPE: Readonly<Record<VolumeType, Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType>> = {
  standard: Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType.STANDARD,
  io1: Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType.IO1,
  io2: Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType.IO2,
  gp2: Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType.GP2,
  sc1: Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType.SC1,
  st1: Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType.ST1,
  gp3: Ec2NodeClassSpecBlockDeviceMappingsEbsVolumeType.GP3,
};

const INSTANCE_STORE_POLICY: Readonly<
  Record<NonNullable<NodeClassModel['instanceStorePolicy']>, Ec2NodeClassSpecInstanceStorePolicy>
> = {
  RAID0: Ec2NodeClassSpecInstanceStorePolicy.RAID0,
};

const INSTANCE_MATCH_CRITERIA: Readonly<
  Record<InstanceMatchCriteria, Ec2NodeClassSpecCapacityReservationSelectorTermsInstanceMatchCriteria>
> = {
  open: Ec2NodeClassSpecCapacityReservationSelectorTermsInstanceMatchCriteria.OPEN,
  targeted: Ec2NodeClassSpecCapacityReservationSelectorTermsInstanceMatchCriteria.TARGETED,
};

const NESTED_VIRTUALIZATION: Readonly<
  Record<NestedVirtualization, Ec2NodeClassSpecCpuOptionsNestedVirtualization>
> = {
  enabled: Ec2NodeClassSpecCpuOptionsNestedVirtualization.ENABLED,
  disabled: Ec2NodeClassSpecCpuOptionsNestedVirtualization.DISABLED,
};

const INTERFACE_TYPE: Readonly<Record<NetworkInterfaceType, Ec2NodeClassSpecNetworkInterfacesInterfaceType>> =
  {
    interface: Ec2NodeClassSpecNetworkInterfacesInterfaceType.INTERFACE,
    'efa-only': Ec2NodeClassSpecNetworkInterfacesInterfaceType.EFA_HYPHEN_ONLY,
  };

const HTTP_ENDPOINT: Readonly<
  Record<MetadataOptionsModel['httpEndpoint'], Ec2NodeClassSpecMetadataOptionsHttpEndpoint>
> = {
  enabled: Ec2NodeClassSpecMetadataOptionsHttpEndpoint.ENABLED,
  disabled: Ec2NodeClassSpecMetadataOptionsHttpEndpoint.DISABLED,
};

const HTTP_PROTOCOL_IPV6: Readonly<
  Record<MetadataOptionsModel['httpProtocolIPv6'], Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6>
> = {
  enabled: Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6.ENABLED,
  disabled: Ec2NodeClassSpecMetadataOptionsHttpProtocolIPv6.DISABLED,
};

const HTTP_TOKENS: Readonly<
  Record<MetadataOptionsModel['httpTokens'], Ec2NodeClassSpecMetadataOptionsHttpTokens>
> = {
  required: Ec2NodeClassSpecMetadataOptionsHttpTokens.REQUIRED,
  optional: Ec2NodeClassSpecMetadataOptionsHttpTokens.OPTIONAL,
};

function amiSelectorTerm(term: AmiSelectorTermModel): Ec2NodeClassSpecAmiSelectorTerms {
  return {
    alias: term.alias,
    id: term.id,
    name: term.name,
    owner: term.owner,
    ssmParameter: term.ssmParameter,
    tags: sortedRecordOrUndefined(term.tags),
  };
}

function subnetSelectorTerm(term: SelectorTermModel): Ec2NodeClassSpecSubnetSelectorTerms {
  if (term.name !== undefined) {
    // The loader only accepts `name` in security-group terms; reaching here is a bug.
    throw new Error(`subnet selector terms have no 'name' field (got '${term.name}')`);
  }
  return { id: term.id, tags: sortedRecordOrUndefined(term.tags) };
}

function securityGroupSelectorTerm(term: SelectorTermModel): Ec2NodeClassSpecSecurityGroupSelectorTerms {
  return { id: term.id, name: term.name, tags: sortedRecordOrUndefined(term.tags) };
}

function blockDeviceMapping(mapping: BlockDeviceMappingModel): Ec2NodeClassSpecBlockDeviceMappings {
  const ebs = mapping.ebs;
  return {
    deviceName: mapping.deviceName,
    rootVolume: mapping.rootVolume,
    ebs: {
      volumeSize: ebs.volumeSize,
      volumeType: VOLUME_TYPE[ebs.volumeType],
      iops: ebs.iops,
      throughput: ebs.throughput,
      encrypted: ebs.encrypted,
      kmsKeyId: ebs.kmsKeyID,
      deleteOnTermination: ebs.deleteOnTermination,
      snapshotId: ebs.snapshotID,
      volumeInitializationRate: ebs.volumeInitializationRate,
    },
  };
}

function capacityReservationTerm(
  term: CapacityReservationTermModel,
): Ec2NodeClassSpecCapacityReservationSelectorTerms {
  return {
    id: term.id,
    ownerId: term.ownerID,
    tags: sortedRecordOrUndefined(term.tags),
    instanceMatchCriteria:
      term.instanceMatchCriteria === undefined
        ? undefined
        : INSTANCE_MATCH_CRITERIA[term.instanceMatchCriteria],
  };
}

function networkInterface(model: NetworkInterfaceModel): Ec2NodeClassSpecNetworkInterfaces {
  return {
    networkCardIndex: model.networkCardIndex,
    deviceIndex: model.deviceIndex,
    interfaceType: INTERFACE_TYPE[model.interfaceType],
  };
}

function metadataOptions(options: MetadataOptionsModel): Ec2NodeClassSpecMetadataOptions {
  return {
    httpEndpoint: HTTP_ENDPOINT[options.httpEndpoint],
    httpProtocolIPv6: HTTP_PROTOCOL_IPV6[options.httpProtocolIPv6],
    httpPutResponseHopLimit: options.httpPutResponseHopLimit,
    httpTokens: HTTP_TOKENS[options.httpTokens],
  };
}

function kubelet(model: KubeletModel): Ec2NodeClassSpecKubelet {
  return {
    maxPods: model.maxPods,
    podsPerCore: model.podsPerCore,
    systemReserved: sortedRecordOrUndefined(model.systemReserved),
    kubeReserved: sortedRecordOrUndefined(model.kubeReserved),
    evictionHard: sortedRecordOrUndefined(model.evictionHard),
    evictionSoft: sortedRecordOrUndefined(model.evictionSoft),
    evictionSoftGracePeriod: sortedRecordOrUndefined(model.evictionSoftGracePeriod),
    evictionMaxPodGracePeriod: model.evictionMaxPodGracePeriod,
    imageGcHighThresholdPercent: model.imageGCHighThresholdPercent,
    imageGcLowThresholdPercent: model.imageGCLowThresholdPercent,
    cpuCfsQuota: model.cpuCFSQuota,
    clusterDns: model.clusterDNS === undefined ? undefined : [...model.clusterDNS],
  };
}
