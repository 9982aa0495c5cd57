/**
 * The converted drafts as a fleet description (clusters/<cluster>.yaml): keys in the
 * order FLEET-FORMAT.md documents them, maps sorted by key, classes and pools sorted by
 * name, and a comment header saying where it came from and what the user must fill in.
 */
import { renderYaml } from '../charts/render-manifest';
import { LABELS, ALIAS_KUBERNETES_RANGES, FLEET_DEFAULTS } from '../model';
import { ONE_NODE_ROLE_FIX } from '../model/stages';
import {
  BlockDeviceMappingDraft,
  KUBELET_KEYS,
  KubeletDraft,
  NodeClassDraft,
  NodePoolDraft,
  SelectorTermDraft,
} from './drafts';
import { splitShorthands } from './requirement-shorthands';

export interface ClusterSettings {
  /** Cluster name (`name:` and the file name). */
  readonly name: string;
  /**
   * 12-digit AWS account ID.
   * @default left out (the loader then says it is required)
   */
  readonly accountId?: string;
  /**
   * AWS region.
   * @default left out (the loader then says it is required)
   */
  readonly region?: string;
  /**
   * Argo CD destination: a cluster name, or an API server URL (`https://...`).
   * @default left out (REQUIRED in the header)
   */
  readonly destination?: string;
  /** `gitops.repoURL`. @default left out (usually in `clusters/_defaults.yaml`) */
  readonly repoURL?: string;
  /**
   * True when the target fleet's `_defaults.yaml` sets `gitops.repoURL` (the header then does not ask for it).
   * @default false
   */
  readonly repoURLFromFleet?: boolean;
  /** `gitops.ring`: the rollout ring. @default left out */
  readonly ring?: string;
  /** `iam.nodeRoleName`, when the classes' one role is not the default. @default left out */
  readonly nodeRoleName?: string;
  /** `role (classes)` for each of several roles the classes use; the header asks to choose. @default none */
  readonly mixedRoles?: readonly string[];
}

type Obj = Record<string, unknown>;

/** Converted NodeOverlays, CapacityBuffers and PodTemplates: fleet entries, already in fleet form. */
export interface OverlayBufferDrafts {
  readonly nodeOverlays: readonly { readonly name: string; readonly value: Obj }[];
  readonly capacityBuffers: readonly { readonly name: string; readonly value: Obj }[];
  readonly podTemplates: readonly { readonly name: string; readonly value: Obj }[];
}

export function buildFleetDescription(
  cluster: ClusterSettings,
  classes: readonly NodeClassDraft[],
  pools: readonly NodePoolDraft[],
  extras?: OverlayBufferDrafts,
): Obj {
  const out: Obj = { name: cluster.name };
  const aws: Obj = {};
  if (cluster.accountId !== undefined) aws.accountId = cluster.accountId;
  if (cluster.region !== undefined) aws.region = cluster.region;
  if (Object.keys(aws).length > 0) out.aws = aws;
  const olderKubernetes = kubernetesVersionForAliases(classes);
  if (olderKubernetes !== undefined) out.kubernetesVersion = olderKubernetes;
  // Features behind Karpenter feature gates: a converted file that uses them turns them on, as
  // the cluster it came from must have (synth refuses them with the gate off).
  const gates: Obj = {};
  if ((extras?.nodeOverlays.length ?? 0) > 0) gates.nodeOverlay = true;
  if ((extras?.capacityBuffers.length ?? 0) > 0) gates.capacityBuffer = true;
  const reserved =
    classes.some((c) => (c.capacityReservationSelectorTerms?.length ?? 0) > 0) ||
    pools.some((p) =>
      p.requirements.some(
        (r) => r.key === LABELS.capacityType && r.operator === 'In' && (r.values ?? []).includes('reserved'),
      ),
    );
  if (reserved) gates.reservedCapacity = true;
  if (pools.some((p) => p.replicas !== undefined)) gates.staticCapacity = true;
  if (Object.keys(gates).length > 0) out.karpenter = { featureGates: gates };
  if (cluster.nodeRoleName !== undefined) out.iam = { nodeRoleName: cluster.nodeRoleName };
  const gitops: Obj = {};
  if (cluster.repoURL !== undefined) gitops.repoURL = cluster.repoURL;
  if (cluster.ring !== undefined) gitops.ring = cluster.ring;
  if (cluster.destination !== undefined)
    gitops.destination = /^https?:\/\//.test(cluster.destination)
      ? { server: cluster.destination }
      : { name: cluster.destination };
  if (Object.keys(gitops).length > 0) out.gitops = gitops;
  const nodeClasses: Obj = {};
  for (const cls of [...classes].sort(byName)) nodeClasses[cls.name] = nodeClassObject(cls);
  const nodePools: Obj = {};
  for (const pool of [...pools].sort(byName)) nodePools[pool.name] = nodePoolObject(pool);
  out.nodeClasses = nodeClasses;
  out.nodePools = nodePools;
  for (const key of ['nodeOverlays', 'podTemplates', 'capacityBuffers'] as const) {
    const list = extras?.[key] ?? [];
    if (list.length > 0) out[key] = Object.fromEntries([...list].sort(byName).map((d) => [d.name, d.value]));
  }
  return out;
}

/**
 * The Kubernetes version the converted alias families need when the fleet's default is outside
 * the versions AWS publishes them for (model/facts/ami-publication.ts): the newest every family is
 * published for when that is older (AL2: up to 1.32), the first they all are published for when
 * that is newer (windows2025: from 1.35); else (or when no version fits them all) undefined.
 */
export function kubernetesVersionForAliases(classes: readonly NodeClassDraft[]): string | undefined {
  const ranges = classes
    .map((c) => (c.alias !== undefined ? ALIAS_KUBERNETES_RANGES[c.alias.split('@')[0]] : undefined))
    .filter((r): r is NonNullable<typeof r> => r !== undefined);
  const lastMinors = ranges.map((r) => r.lastMinor).filter((m): m is number => m !== undefined);
  const firstMinors = ranges.map((r) => r.firstMinor).filter((m): m is number => m !== undefined);
  const last = lastMinors.length > 0 ? Math.min(...lastMinors) : undefined;
  const first = firstMinors.length > 0 ? Math.max(...firstMinors) : undefined;
  if (last !== undefined && first !== undefined && first > last) return undefined;
  const defaultMinor = Number(FLEET_DEFAULTS.kubernetesVersion.split('.')[1]);
  if (last !== undefined && last < defaultMinor) return `1.${last}`;
  if (first !== undefined && first > defaultMinor) return `1.${first}`;
  return undefined;
}

function nodeClassObject(c: NodeClassDraft): Obj {
  const o: Obj = {};
  const classMetadata = objectMetadata(c);
  if (classMetadata) o.metadata = classMetadata;
  set(o, 'alias', c.alias);
  set(o, 'allowLatestAmi', c.allowLatestAmi);
  set(o, 'amiFamily', c.amiFamily);
  if (c.amiSelectorTerms)
    o.amiSelectorTerms = c.amiSelectorTerms.map((t) => compact({ ...t, tags: sortedMap(t.tags) }));
  set(o, 'role', c.role);
  set(o, 'instanceProfile', c.instanceProfile);
  if (c.subnetSelectorTerms) o.subnetSelectorTerms = c.subnetSelectorTerms.map(selectorTerm);
  if (c.securityGroupSelectorTerms)
    o.securityGroupSelectorTerms = c.securityGroupSelectorTerms.map(selectorTerm);
  set(o, 'userData', c.userData);
  if (c.blockDeviceMappings) o.blockDeviceMappings = c.blockDeviceMappings.map(blockDevice);
  if (c.metadataOptions && Object.keys(c.metadataOptions).length > 0) {
    const m = c.metadataOptions;
    o.metadataOptions = compact({
      httpEndpoint: m.httpEndpoint,
      httpProtocolIPv6: m.httpProtocolIPv6,
      httpPutResponseHopLimit: m.httpPutResponseHopLimit,
      httpTokens: m.httpTokens,
    });
  }
  if (c.kubelet && Object.keys(c.kubelet).length > 0) o.kubelet = kubeletObject(c.kubelet);
  if (c.tags && Object.keys(c.tags).length > 0) o.tags = sortedMap(c.tags);
  set(o, 'detailedMonitoring', c.detailedMonitoring);
  set(o, 'associatePublicIPAddress', c.associatePublicIPAddress);
  set(o, 'instanceStorePolicy', c.instanceStorePolicy);
  if (c.capacityReservationSelectorTerms)
    o.capacityReservationSelectorTerms = c.capacityReservationSelectorTerms.map((t) =>
      compact({
        id: t.id,
        ownerID: t.ownerID,
        tags: sortedMap(t.tags),
        instanceMatchCriteria: t.instanceMatchCriteria,
      }),
    );
  if (c.networkInterfaces)
    o.networkInterfaces = c.networkInterfaces.map((n) =>
      compact({
        networkCardIndex: n.networkCardIndex,
        deviceIndex: n.deviceIndex,
        interfaceType: n.interfaceType,
      }),
    );
  if (c.cpuOptions) o.cpuOptions = compact({ ...c.cpuOptions });
  if (c.placementGroupSelector) o.placementGroupSelector = compact({ ...c.placementGroupSelector });
  set(o, 'ipPrefixCount', c.ipPrefixCount);
  if (c.connectionTracking)
    o.connectionTracking = compact({
      tcpEstablishedTimeout: c.connectionTracking.tcpEstablishedTimeout,
      udpStreamTimeout: c.connectionTracking.udpStreamTimeout,
      udpTimeout: c.connectionTracking.udpTimeout,
    });
  set(o, 'context', c.context);
  return o;
}

function nodePoolObject(p: NodePoolDraft): Obj {
  const o: Obj = {};
  const poolMetadata = objectMetadata(p);
  if (poolMetadata) o.metadata = poolMetadata;
  o.nodeClass = p.nodeClass;
  set(o, 'replicas', p.replicas);
  const split = splitShorthands(p.requirements);
  for (const [field, value] of split.shorthands) o[field] = value;
  if (split.raw.length > 0) o.requirements = split.raw.map((r) => compact({ ...r }));
  if (split.reordered) {
    p.ctx.report(
      'info',
      'converted',
      requirementsPath(p),
      `nodePools.${p.name}`,
      'requirements written with shorthands; the generated NodePool lists them in the shorthand order',
      'Karpenter treats requirements as a set, so the order changes nothing and causes no drift',
    );
  }
  if (Object.keys(p.labels).length > 0) o.labels = sortedMap(p.labels);
  if (Object.keys(p.annotations).length > 0) o.annotations = sortedMap(p.annotations);
  if (p.taints.length > 0)
    o.taints = p.taints.map((t) => compact({ key: t.key, value: t.value, effect: t.effect }));
  if (p.startupTaints.length > 0)
    o.startupTaints = p.startupTaints.map((t) => compact({ key: t.key, value: t.value, effect: t.effect }));
  if (Object.keys(p.limits).length > 0) o.limits = sortedMap(p.limits);
  const d = p.disruption;
  if (d.consolidationPolicy !== undefined || d.consolidateAfter !== undefined || d.budgets !== undefined) {
    o.disruption = compact({
      consolidationPolicy: d.consolidationPolicy,
      consolidateAfter: d.consolidateAfter,
      budgets: d.budgets?.map((b) =>
        compact({ nodes: b.nodes, schedule: b.schedule, duration: b.duration, reasons: b.reasons }),
      ),
    });
  }
  set(o, 'expireAfter', p.expireAfter);
  set(o, 'terminationGracePeriod', p.terminationGracePeriod);
  set(o, 'weight', p.weight);
  return o;
}

function requirementsPath(p: NodePoolDraft): (string | number)[] {
  return p.ctx.doc.kind === 'Provisioner'
    ? ['spec', 'requirements']
    : ['spec', 'template', 'spec', 'requirements'];
}

function selectorTerm(t: SelectorTermDraft): Obj {
  return compact({ tags: sortedMap(t.tags), id: t.id, name: t.name });
}

function blockDevice(b: BlockDeviceMappingDraft): Obj {
  const e = b.ebs;
  return compact({
    deviceName: b.deviceName,
    rootVolume: b.rootVolume,
    ebs: compact({
      volumeSize: e.volumeSize,
      volumeType: e.volumeType,
      iops: e.iops,
      throughput: e.throughput,
      encrypted: e.encrypted,
      kmsKeyID: e.kmsKeyID,
      deleteOnTermination: e.deleteOnTermination,
      snapshotID: e.snapshotID,
      volumeInitializationRate: e.volumeInitializationRate,
    }),
  });
}

function kubeletObject(k: KubeletDraft): Obj {
  const o: Obj = {};
  for (const key of KUBELET_KEYS) {
    const v = k[key];
    if (v === undefined) continue;
    o[key] = v && typeof v === 'object' && !Array.isArray(v) ? sortedMap(v as Record<string, string>) : v;
  }
  return o;
}

/** `metadata: { labels, annotations }` of a pool or class, when it has any. */
function objectMetadata(d: {
  objectAnnotations?: Record<string, string>;
  objectLabels?: Record<string, string>;
}): Obj | undefined {
  const labels =
    d.objectLabels && Object.keys(d.objectLabels).length > 0 ? sortedMap(d.objectLabels) : undefined;
  const annotations =
    d.objectAnnotations && Object.keys(d.objectAnnotations).length > 0
      ? sortedMap(d.objectAnnotations)
      : undefined;
  return labels || annotations ? compact({ labels, annotations }) : undefined;
}

function set(o: Obj, key: string, value: unknown): void {
  if (value !== undefined) o[key] = value;
}

function compact(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
}

function sortedMap<T>(m: Readonly<Record<string, T>> | undefined): Record<string, T> | undefined {
  if (!m) return undefined;
  return Object.fromEntries(
    Object.keys(m)
      .sort()
      .map((k) => [k, m[k]]),
  );
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

export interface HeaderInput {
  readonly sources: readonly string[];
  readonly cluster: ClusterSettings;
  /** Node classes whose alias the converter pinned for the user to review. */
  readonly pinnedAliases: readonly string[];
  readonly warnings: number;
  /**
   * The Kubernetes version written because an alias family is not published for the default.
   * @default none
   */
  readonly kubernetesVersion?: string;
}

/** The comment block at the top of the written file. */
export function fleetHeader(h: HeaderInput): string {
  const lines = [
    'Converted by `karpenter-gitops convert` from existing Karpenter manifests:',
    ...h.sources.map((s) => `  ${s}`),
    '',
    'BEFORE COMMITTING, fill in or check:',
  ];
  if (h.cluster.accountId === undefined)
    lines.push('  aws.accountId  - REQUIRED: add it (quoted, 12 digits) or rerun with --account');
  if (h.cluster.region === undefined)
    lines.push('  aws.region     - REQUIRED: add it or rerun with --region');
  if (h.cluster.destination === undefined)
    lines.push(
      '  gitops.destination - REQUIRED: the cluster as registered in Argo CD; add it or rerun with --destination',
    );
  if (h.cluster.repoURL === undefined && h.cluster.repoURLFromFleet !== true)
    lines.push(
      '  gitops.repoURL - required: set it once in clusters/_defaults.yaml, or rerun with --repo-url',
    );
  if (h.cluster.mixedRoles !== undefined)
    lines.push(
      `  iam.nodeRoleName - REQUIRED: the node classes use several roles: ${h.cluster.mixedRoles.join('; ')}. ${ONE_NODE_ROLE_FIX}`,
    );
  if (h.kubernetesVersion !== undefined) {
    const newer =
      Number(h.kubernetesVersion.split('.')[1]) > Number(FLEET_DEFAULTS.kubernetesVersion.split('.')[1]);
    lines.push(
      newer
        ? `  kubernetesVersion - set to ${h.kubernetesVersion}, the first with AMIs of the converted alias family: set your cluster's version (AWS publishes no AMIs of the family for older versions)`
        : `  kubernetesVersion - set to ${h.kubernetesVersion}, the last with AMIs of the converted alias family (AL2): set your cluster's version, and plan the move to AL2023 or Bottlerocket`,
    );
  }
  for (const name of h.pinnedAliases) {
    lines.push(`  nodeClasses.${name}.alias - pinned to an example version: choose the AMI version you run`);
  }
  lines.push(
    `  the conversion report (${h.warnings} warning(s)) - every renamed, moved or dropped field and why`,
  );
  return lines.map((l) => (l ? `# ${l}` : '#')).join('\n') + '\n';
}

export function renderFleetDescription(description: Obj, header: HeaderInput): string {
  return fleetHeader(header) + renderYaml(description);
}
