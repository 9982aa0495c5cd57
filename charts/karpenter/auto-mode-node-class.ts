/**
 * NodeClassModel of an EKS Auto Mode cluster → `eks.amazonaws.com/v1` NodeClass, through the
 * typed class generated from the pinned schema (imports/eks-auto-mode-pinned/, assembled from
 * public sources and NOT published by AWS: codegen/sources/eks-auto-mode/). The fleet's class
 * fields map where Auto Mode has a counterpart (docs/eks-auto-mode.md has the table): role or
 * instance profile, subnet and security-group terms, tags, capacity reservations, and the
 * Auto Mode-only fields. Fields Auto Mode does not have never reach here: the loader refuses
 * them at their line (model/check/check-eks-auto-mode.ts). Pure: reads only the model.
 */
import { Construct } from 'constructs';
import {
  NodeClass as NodeClassObject,
  NodeClassSpec,
  NodeClassSpecNetworkPolicy,
  NodeClassSpecNetworkPolicyEventLogs,
  NodeClassSpecSnatPolicy,
} from '../../imports/eks-auto-mode-pinned/eks.amazonaws.com';
import {
  AutoModeNetworkPolicy,
  AutoModeNetworkPolicyEventLogs,
  AutoModeSnatPolicy,
  NodeClassModel,
  SYNC_WAVES,
  SelectorTermModel,
  sortedRecord,
  sortedRecordOrUndefined,
} from '../../model';
import { karpenterObjectMetadata } from './object-metadata';

/** API group and kind an Auto Mode NodePool's `nodeClassRef` names (EKS User Guide, create-node-pool). */
export const AUTO_MODE_NODE_CLASS_REF = { group: 'eks.amazonaws.com', kind: 'NodeClass' } as const;

export interface AutoModeNodeClassProps {
  /** The resolved node class of an Auto Mode cluster (its `autoMode` fields set). */
  readonly model: NodeClassModel;
}

/** One Auto Mode NodeClass named exactly like the model (no hash suffix). */
export class AutoModeNodeClass extends Construct {
  /** The typed API object; `toJson()` gives the manifest. */
  public readonly apiObject: NodeClassObject;

  constructor(scope: Construct, id: string, props: AutoModeNodeClassProps) {
    super(scope, id);
    this.apiObject = new NodeClassObject(this, 'Resource', {
      metadata: karpenterObjectMetadata(
        props.model.name,
        SYNC_WAVES.nodeClass,
        props.model.objectAnnotations,
        props.model.objectLabels,
      ),
      spec: autoModeNodeClassSpec(props.model),
    });
  }
}

const SNAT_POLICY: Readonly<Record<AutoModeSnatPolicy, NodeClassSpecSnatPolicy>> = {
  Random: NodeClassSpecSnatPolicy.RANDOM,
  Disabled: NodeClassSpecSnatPolicy.DISABLED,
};

const NETWORK_POLICY: Readonly<Record<AutoModeNetworkPolicy, NodeClassSpecNetworkPolicy>> = {
  DefaultAllow: NodeClassSpecNetworkPolicy.DEFAULT_ALLOW,
  DefaultDeny: NodeClassSpecNetworkPolicy.DEFAULT_DENY,
};

const NETWORK_POLICY_EVENT_LOGS: Readonly<
  Record<AutoModeNetworkPolicyEventLogs, NodeClassSpecNetworkPolicyEventLogs>
> = {
  Disabled: NodeClassSpecNetworkPolicyEventLogs.DISABLED,
  Enabled: NodeClassSpecNetworkPolicyEventLogs.ENABLED,
};

const idAndTags = (t: SelectorTermModel) => ({ id: t.id, tags: sortedRecordOrUndefined(t.tags) });
const nonEmpty = <T>(list: readonly T[]): T[] | undefined => (list.length > 0 ? [...list] : undefined);

/** The NodeClass spec (every mapped field; absent stays absent so EKS applies its defaults). */
export function autoModeNodeClassSpec(model: NodeClassModel): NodeClassSpec {
  const auto = model.autoMode;
  if (auto === undefined) {
    throw new Error(`node class '${model.name}' is not an EKS Auto Mode class (no autoMode fields)`);
  }
  const storage = auto.ephemeralStorage;
  return {
    role: model.role,
    instanceProfile: model.instanceProfile,
    subnetSelectorTerms: model.subnetSelectorTerms.map(idAndTags),
    securityGroupSelectorTerms: model.securityGroupSelectorTerms.map((t) => ({
      id: t.id,
      name: t.name,
      tags: sortedRecordOrUndefined(t.tags),
    })),
    podSubnetSelectorTerms: nonEmpty(auto.podSubnetSelectorTerms.map(idAndTags)),
    podSecurityGroupSelectorTerms: nonEmpty(auto.podSecurityGroupSelectorTerms.map(idAndTags)),
    snatPolicy: auto.snatPolicy === undefined ? undefined : SNAT_POLICY[auto.snatPolicy],
    networkPolicy: auto.networkPolicy === undefined ? undefined : NETWORK_POLICY[auto.networkPolicy],
    networkPolicyEventLogs:
      auto.networkPolicyEventLogs === undefined
        ? undefined
        : NETWORK_POLICY_EVENT_LOGS[auto.networkPolicyEventLogs],
    ephemeralStorage:
      storage === undefined
        ? undefined
        : {
            size: storage.size,
            iops: storage.iops,
            throughput: storage.throughput,
            kmsKeyId: storage.kmsKeyID,
          },
    advancedNetworking:
      auto.advancedNetworking === undefined
        ? undefined
        : {
            httpsProxy: auto.advancedNetworking.httpsProxy,
            noProxy:
              auto.advancedNetworking.noProxy === undefined
                ? undefined
                : [...auto.advancedNetworking.noProxy],
            associatePublicIpAddress: auto.advancedNetworking.associatePublicIPAddress,
          },
    advancedSecurity: auto.advancedSecurity === undefined ? undefined : { fips: auto.advancedSecurity.fips },
    certificateBundles: nonEmpty(auto.certificateBundles.map((b) => ({ name: b.name, data: b.data }))),
    capacityReservationSelectorTerms: nonEmpty(
      model.capacityReservationSelectorTerms.map((t) => ({
        id: t.id,
        owner: t.ownerID,
        tags: sortedRecordOrUndefined(t.tags),
      })),
    ),
    tags: Object.keys(model.tags).length > 0 ? sortedRecord(model.tags) : undefined,
  };
}
