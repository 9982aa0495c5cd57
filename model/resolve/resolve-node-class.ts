/** RawNodeClass → NodeClassModel, with every node-class default applied. */
import { renderBottlerocketToml, TomlValue } from '../facts/bottlerocket-toml';
import { defaultDiscoveryTerms, FLEET_DEFAULTS } from '../shared/fleet-defaults';
import { KarpenterMode } from '../facts/constants';
import {
  AutoModeNodeClassModel,
  BlockDeviceMappingModel,
  KubeletModel,
  NodeClassModel,
  SelectorTermModel,
  SourceLocation,
} from '../shared/fleet-model';
import { RawNodeClass, RawSelectorTerm } from '../parse/raw-fleet';
import { sortedRecord } from '../shared/sorted';
import { PassThroughField, passThroughOf } from '../schema/pass-through';

export interface NodeClassContext {
  /** @default 'self-managed' */
  readonly mode?: KarpenterMode;
  readonly clusterName: string;
  readonly nodeRoleName: string;
  readonly clusterTags: Readonly<Record<string, string>>;
  readonly source: SourceLocation;
  /** Where each alias was written (NodeClassModel.aliasSources). @default {} */
  readonly aliasSources?: Readonly<Record<string, SourceLocation>>;
  /** Fields passed through to an imported version's CRDs (this class's are taken). @default none */
  readonly passThrough?: readonly PassThroughField[];
}

export function resolveNodeClass(name: string, raw: RawNodeClass, ctx: NodeClassContext): NodeClassModel {
  const amiSelectorTerms =
    raw.alias !== undefined
      ? [{ alias: raw.alias }]
      : (raw.amiSelectorTerms ?? []).map((t) => ({
          ...(t.alias !== undefined ? { alias: t.alias } : {}),
          ...(t.id !== undefined ? { id: t.id } : {}),
          ...(t.name !== undefined ? { name: t.name } : {}),
          ...(t.owner !== undefined ? { owner: t.owner } : {}),
          ...(t.ssmParameter !== undefined ? { ssmParameter: t.ssmParameter } : {}),
          ...(t.tags !== undefined ? { tags: sortedRecord(t.tags) } : {}),
        }));
  // Karpenter infers the family from an alias; amiFamily is kept only when the user set it.
  const amiFamily = raw.amiFamily;
  const userData =
    raw.bottlerocket !== undefined
      ? renderBottlerocketToml(raw.bottlerocket.settings as { readonly [key: string]: TomlValue })
      : raw.userData;
  const md = raw.metadataOptions ?? {};
  return {
    name,
    source: ctx.source,
    ...(ctx.aliasSources !== undefined && Object.keys(ctx.aliasSources).length > 0
      ? { aliasSources: ctx.aliasSources }
      : {}),
    objectAnnotations: sortedRecord(raw.metadata?.annotations),
    objectLabels: sortedRecord(raw.metadata?.labels),
    ...(amiFamily !== undefined ? { amiFamily } : {}),
    amiSelectorTerms,
    ...(raw.instanceProfile !== undefined
      ? { instanceProfile: raw.instanceProfile }
      : { role: raw.role ?? ctx.nodeRoleName }),
    subnetSelectorTerms: selectorTerms(raw.subnetSelectorTerms, ctx.clusterName),
    securityGroupSelectorTerms: selectorTerms(raw.securityGroupSelectorTerms, ctx.clusterName),
    ...(userData !== undefined ? { userData } : {}),
    blockDeviceMappings: (raw.blockDeviceMappings ?? []).map((b): BlockDeviceMappingModel => ({
      deviceName: b.deviceName,
      ...(b.rootVolume !== undefined ? { rootVolume: b.rootVolume } : {}),
      ebs: {
        volumeSize: b.ebs.volumeSize,
        volumeType: b.ebs.volumeType ?? FLEET_DEFAULTS.volumeType,
        ...(b.ebs.iops !== undefined ? { iops: b.ebs.iops } : {}),
        ...(b.ebs.throughput !== undefined ? { throughput: b.ebs.throughput } : {}),
        encrypted: b.ebs.encrypted ?? true,
        ...(b.ebs.kmsKeyID !== undefined ? { kmsKeyID: b.ebs.kmsKeyID } : {}),
        deleteOnTermination: b.ebs.deleteOnTermination ?? true,
        ...(b.ebs.snapshotID !== undefined ? { snapshotID: b.ebs.snapshotID } : {}),
        ...(b.ebs.volumeInitializationRate !== undefined
          ? { volumeInitializationRate: b.ebs.volumeInitializationRate }
          : {}),
      },
    })),
    metadataOptions: {
      httpEndpoint: md.httpEndpoint ?? FLEET_DEFAULTS.metadataOptions.httpEndpoint,
      httpProtocolIPv6: md.httpProtocolIPv6 ?? FLEET_DEFAULTS.metadataOptions.httpProtocolIPv6,
      httpPutResponseHopLimit:
        md.httpPutResponseHopLimit ?? FLEET_DEFAULTS.metadataOptions.httpPutResponseHopLimit,
      httpTokens: md.httpTokens ?? FLEET_DEFAULTS.metadataOptions.httpTokens,
    },
    ...(raw.kubelet !== undefined ? { kubelet: resolveKubelet(raw.kubelet) } : {}),
    tags: sortedRecord({ ...ctx.clusterTags, ...(raw.tags ?? {}) }),
    ...(raw.detailedMonitoring !== undefined ? { detailedMonitoring: raw.detailedMonitoring } : {}),
    ...(raw.associatePublicIPAddress !== undefined
      ? { associatePublicIPAddress: raw.associatePublicIPAddress }
      : {}),
    ...(raw.instanceStorePolicy !== undefined ? { instanceStorePolicy: raw.instanceStorePolicy } : {}),
    capacityReservationSelectorTerms: (raw.capacityReservationSelectorTerms ?? []).map((t) => ({
      ...(t.id !== undefined ? { id: t.id } : {}),
      ...(t.ownerID !== undefined ? { ownerID: t.ownerID } : {}),
      ...(t.tags !== undefined ? { tags: sortedRecord(t.tags) } : {}),
      ...(t.instanceMatchCriteria !== undefined ? { instanceMatchCriteria: t.instanceMatchCriteria } : {}),
    })),
    networkInterfaces: (raw.networkInterfaces ?? []).map((n) => ({
      networkCardIndex: n.networkCardIndex,
      deviceIndex: n.deviceIndex,
      interfaceType: n.interfaceType,
    })),
    ...(raw.cpuOptions !== undefined ? { cpuOptions: { ...raw.cpuOptions } } : {}),
    ...(raw.placementGroupSelector !== undefined
      ? { placementGroupSelector: { ...raw.placementGroupSelector } }
      : {}),
    ...(raw.ipPrefixCount !== undefined ? { ipPrefixCount: raw.ipPrefixCount } : {}),
    ...(raw.connectionTracking !== undefined ? { connectionTracking: { ...raw.connectionTracking } } : {}),
    ...(raw.context !== undefined ? { context: raw.context } : {}),
    ...(ctx.mode === 'eks-auto-mode' ? { autoMode: resolveAutoModeFields(raw) } : {}),
    ...passThroughOf(ctx.passThrough ?? [], 'nodeClasses', name),
  };
}

/** The Auto Mode-only fields, as written (EKS applies its own defaults to what is absent). */
function resolveAutoModeFields(raw: RawNodeClass): AutoModeNodeClassModel {
  const terms = (t: RawNodeClass['podSubnetSelectorTerms']): SelectorTermModel[] =>
    (t ?? []).map((x) => ({
      ...(x.tags !== undefined ? { tags: sortedRecord(x.tags) } : {}),
      ...(x.id !== undefined ? { id: x.id } : {}),
    }));
  return {
    ...(raw.ephemeralStorage !== undefined ? { ephemeralStorage: { ...raw.ephemeralStorage } } : {}),
    ...(raw.snatPolicy !== undefined ? { snatPolicy: raw.snatPolicy } : {}),
    ...(raw.networkPolicy !== undefined ? { networkPolicy: raw.networkPolicy } : {}),
    ...(raw.networkPolicyEventLogs !== undefined
      ? { networkPolicyEventLogs: raw.networkPolicyEventLogs }
      : {}),
    podSubnetSelectorTerms: terms(raw.podSubnetSelectorTerms),
    podSecurityGroupSelectorTerms: terms(raw.podSecurityGroupSelectorTerms),
    ...(raw.advancedNetworking !== undefined
      ? {
          advancedNetworking: {
            ...raw.advancedNetworking,
            ...(raw.advancedNetworking.noProxy !== undefined
              ? { noProxy: [...raw.advancedNetworking.noProxy] }
              : {}),
          },
        }
      : {}),
    ...(raw.advancedSecurity !== undefined ? { advancedSecurity: { ...raw.advancedSecurity } } : {}),
    certificateBundles: (raw.certificateBundles ?? []).map((b) => ({ name: b.name, data: b.data })),
  };
}

function selectorTerms(terms: readonly RawSelectorTerm[] | undefined, cluster: string): SelectorTermModel[] {
  if (terms === undefined) return defaultDiscoveryTerms(cluster);
  return terms.map((t) => ({
    ...(t.tags !== undefined ? { tags: sortedRecord(t.tags) } : {}),
    ...(t.id !== undefined ? { id: t.id } : {}),
    ...(t.name !== undefined ? { name: t.name } : {}),
  }));
}

function resolveKubelet(k: NonNullable<RawNodeClass['kubelet']>): KubeletModel {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(k).sort() as (keyof typeof k)[]) {
    const v = k[key];
    if (v === undefined) continue;
    out[key] = Array.isArray(v)
      ? [...v]
      : typeof v === 'object'
        ? sortedRecord(v as Record<string, string>)
        : v;
  }
  return out as KubeletModel;
}
