/**
 * The converted drafts as a fleet description (clusters/<cluster>.yaml): keys in the
 * order FLEET-FORMAT.md documents them, maps sorted by key, classes and pools sorted by
 * name, and a comment header saying where it came from and what the user must fill in.
 */
import { renderYaml } from '../charts/render-manifest';
import { ALIAS_KUBERNETES_RANGES } from '../model/ami-publication';
import { FLEET_DEFAULTS } from '../model/fleet-defaults';
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
}

type Obj = Record<string, unknown>;

export function buildFleetDescription(
  cluster: ClusterSettings,
  classes: readonly NodeClassDraft[],
  pools: readonly NodePoolDraft[],
): Obj {
  const out: Obj = { name: cluster.name };
  const aws: Obj = {};
  if (cluster.accountId !== undefined) aws.accountId = cluster.accountId;
  if (cluster.region !== undefined) aws.region = cluster.region;
  if (Object.keys(aws).length > 0) out.aws = aws;
  const olderKubernetes = kubernetesVersionForAliases(classes);
  if (olderKubernetes !== undefined) out.kubernetesVersion = olderKubernetes;
  const nodeClasses: Obj = {};
  for (const cls of [...classes].sort(byName)) nodeClasses[cls.name] = nodeClassObject(cls);
  const nodePools: Obj = {};
  for (const pool of [...pools].sort(byName)) nodePools[pool.name] = nodePoolObject(pool);
  out.nodeClasses = nodeClasses;
  out.nodePools = nodePools;
  return out;
}

/**
 * The newest Kubernetes version every converted alias family is published for, when that is
 * older than the fleet's default (AL2: up to 1.32, model/ami-publication.ts); else undefined.
 */
export function kubernetesVersionForAliases(classes: readonly NodeClassDraft[]): string | undefined {
  const lastMinors = classes
    .map((c) =>
      c.alias !== undefined ? ALIAS_KUBERNETES_RANGES[c.alias.split('@')[0]]?.lastMinor : undefined,
    )
    .filter((m): m is number => m !== undefined);
  if (lastMinors.length === 0) return undefined;
  const version = `1.${Math.min(...lastMinors)}`;
  const defaultMinor = Number(FLEET_DEFAULTS.kubernetesVersion.split('.')[1]);
  return Math.min(...lastMinors) < defaultMinor ? version : undefined;
}

function nodeClassObject(c: NodeClassDraft): Obj {
  const o: Obj = {};
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
  return o;
}

function nodePoolObject(p: NodePoolDraft): Obj {
  const o: Obj = { nodeClass: p.nodeClass };
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
    'Converted by `npm run convert` from existing Karpenter manifests:',
    ...h.sources.map((s) => `  ${s}`),
    '',
    'BEFORE COMMITTING, fill in or check:',
  ];
  if (h.cluster.accountId === undefined)
    lines.push('  aws.accountId  - REQUIRED: add it (quoted, 12 digits) or rerun with --account');
  if (h.cluster.region === undefined)
    lines.push('  aws.region     - REQUIRED: add it or rerun with --region');
  lines.push(
    '  gitops         - repoURL and destination are required; usually set once in clusters/_defaults.yaml',
  );
  if (h.kubernetesVersion !== undefined) {
    lines.push(
      `  kubernetesVersion - set to ${h.kubernetesVersion}, the last with AMIs of the converted alias family (AL2): set your cluster's version, and plan the move to AL2023 or Bottlerocket`,
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
