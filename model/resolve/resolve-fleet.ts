/**
 * The resolver: a validated RawCluster → ClusterModel. ALL defaults of the fleet
 * description are applied here (and in resolve-node-class.ts / resolve-node-pool.ts,
 * which it calls), from the values in fleet-defaults.ts, and nowhere else.
 * Clusters, classes, pools and map keys come out sorted.
 */
import {
  defaultRingRevision,
  FLEET_DEFAULTS,
  defaultControllerRoleName,
  defaultNodeRoleName,
  defaultAutoModeNodeRoleName,
  defaultQueueName,
} from '../shared/fleet-defaults';
import { ClusterModel, ControllerIdentityModel, FleetModel, SourceLocation } from '../shared/fleet-model';
import { KarpenterMode } from '../facts/constants';
import { LocatedNode, keyLocAt, locAt, nodeAt } from '../parse/located';
import { RawCluster, RawNodeClass } from '../parse/raw-fleet';
import { byNamespaceAndName, resolveCapacityBuffer, resolvePodTemplate } from './resolve-capacity-buffer';
import { resolveNodeClass } from './resolve-node-class';
import { resolveNodeOverlay } from './resolve-node-overlay';
import { resolveNodePool } from './resolve-node-pool';
import { byName, sortedDeep, sortedRecord } from '../shared/sorted';
import { DEFAULT_KARPENTER_VERSION, isKarpenterVersion } from '../facts/versions';
import { NO_REPOSITORY_IMPORTS, RepositoryImports } from '../shared/imported-versions';
import { PassThroughField, passThroughOf } from '../schema/pass-through';

export interface ResolveContext {
  /** File the cluster is described in (relative to the project root). */
  readonly file: string;
  /** File name without `.yaml`: the default cluster name. */
  readonly stem: string;
  /** Merged located tree, for the source positions of classes and pools. */
  readonly root: LocatedNode;
  /** The repository's imported Karpenter versions. @default none */
  readonly imports?: RepositoryImports;
  /** Fields passed through to an imported version's CRDs (model/schema/pass-through.ts). @default none */
  readonly passThrough?: readonly PassThroughField[];
}

/** Cluster name as resolved: `name`, else the file stem. */
export function clusterNameOf(raw: Pick<RawCluster, 'name'>, stem: string): string {
  return raw.name ?? stem;
}

/** Issuer host/path from an OIDC provider ARN (`arn:aws:iam::1:oidc-provider/<issuer>`). */
export function oidcIssuerOf(arn: string): string {
  const i = arn.indexOf(':oidc-provider/');
  return i >= 0 ? arn.slice(i + ':oidc-provider/'.length) : '';
}

/** Fields AWS names are made of (ClusterModel.fieldSources). */
const NAME_FIELDS: readonly (readonly string[])[] = [
  ['name'],
  ['iam', 'nodeRoleName'],
  ['iam', 'controllerRoleName'],
  ['iam', 'path'],
  ['karpenter', 'interruptionQueue', 'name'],
  ['tags'],
];

/** Positions of the name fields the user wrote, and of each tag. */
function nameFieldSources(root: LocatedNode, tagKeys: readonly string[]): Record<string, SourceLocation> {
  const out: Record<string, SourceLocation> = {};
  for (const path of [...NAME_FIELDS, ...tagKeys.map((k) => ['tags', k])]) {
    const node = nodeAt(root, path);
    if (node) out[path.join('.')] = node.loc;
  }
  return out;
}

export function resolveCluster(raw: RawCluster, ctx: ResolveContext): ClusterModel {
  const name = clusterNameOf(raw, ctx.stem);
  const tags = sortedRecord(raw.tags);
  const iam = resolveIam(raw.iam ?? {}, name, raw.karpenter?.mode ?? FLEET_DEFAULTS.karpenterMode);
  const gitops = resolveGitOps(raw.gitops, name);
  const managedBy = raw.aws.managedBy ?? FLEET_DEFAULTS.awsManagedBy;
  const ackDestination = raw.aws.ack?.destination;
  return {
    name,
    source: { file: ctx.file, line: 1, col: 1 },
    fieldSources: nameFieldSources(ctx.root, Object.keys(tags)),
    aws: {
      accountId: raw.aws.accountId,
      region: raw.aws.region,
      partition: raw.aws.partition ?? FLEET_DEFAULTS.partition,
      managedBy,
      ...(managedBy === 'ack'
        ? {
            ack: {
              destination: ackDestination !== undefined ? { name: ackDestination } : gitops.destination,
              deletionPolicy: raw.aws.ack?.deletionPolicy ?? FLEET_DEFAULTS.ackDeletionPolicy,
            },
          }
        : {}),
    },
    kubernetesVersion: raw.kubernetesVersion ?? FLEET_DEFAULTS.kubernetesVersion,
    karpenter: resolveKarpenter(raw.karpenter ?? {}, name, ctx.imports ?? NO_REPOSITORY_IMPORTS),
    iam,
    tags,
    gitops,
    ...resolveObjects(raw, ctx, name, iam.nodeRoleName, tags),
  };
}

type RawKarpenter = NonNullable<RawCluster['karpenter']>;
type RawController = NonNullable<RawKarpenter['controller']>;

/** The Karpenter install: version, namespace, queue, feature gates, controller, Helm values. */
function resolveKarpenter(
  k: RawKarpenter,
  name: string,
  imports: RepositoryImports,
): ClusterModel['karpenter'] {
  const version = k.version ?? FLEET_DEFAULTS.karpenterVersion;
  const imported = isKarpenterVersion(version) ? undefined : imports.karpenter.get(version);
  if (!isKarpenterVersion(version) && imported === undefined)
    throw new Error(`Karpenter ${version} is neither shipped nor imported (checked before resolving)`);
  return {
    mode: k.mode ?? FLEET_DEFAULTS.karpenterMode,
    version,
    semantics: isKarpenterVersion(version)
      ? version
      : (imported?.carryOver.nearestKnown ?? DEFAULT_KARPENTER_VERSION),
    ...(imported !== undefined ? { imported } : {}),
    namespace: k.namespace ?? FLEET_DEFAULTS.karpenterNamespace,
    serviceAccount: k.serviceAccount ?? FLEET_DEFAULTS.serviceAccount,
    ...(k.clusterEndpoint !== undefined ? { clusterEndpoint: k.clusterEndpoint } : {}),
    interruptionQueue: {
      name: k.interruptionQueue?.name ?? defaultQueueName(name),
      ...(k.interruptionQueue?.kmsKeyArn !== undefined ? { kmsKeyArn: k.interruptionQueue.kmsKeyArn } : {}),
    },
    featureGates: sortedRecord(k.featureGates),
    controller: resolveController(k.controller ?? {}),
    helmValues: sortedDeep(k.helmValues ?? {}) as Record<string, unknown>,
  };
}

/** The controller Deployment: replicas, log level, resources, scheduling. */
function resolveController(c: RawController): ClusterModel['karpenter']['controller'] {
  return {
    replicas: c.replicas ?? FLEET_DEFAULTS.controller.replicas,
    logLevel: c.logLevel ?? FLEET_DEFAULTS.controller.logLevel,
    resources: {
      requests: quantities(c.resources?.requests, FLEET_DEFAULTS.controller.requests),
      limits: quantities(c.resources?.limits, FLEET_DEFAULTS.controller.limits),
    },
    priorityClassName: c.priorityClassName ?? FLEET_DEFAULTS.controller.priorityClassName,
    pdbMaxUnavailable: c.pdbMaxUnavailable ?? FLEET_DEFAULTS.controller.pdbMaxUnavailable,
    tolerations: (c.tolerations ?? []).map((t) => ({
      ...(t.key !== undefined ? { key: t.key } : {}),
      operator: t.operator ?? (t.value !== undefined ? 'Equal' : 'Exists'),
      ...(t.value !== undefined ? { value: t.value } : {}),
      ...(t.effect !== undefined ? { effect: t.effect } : {}),
    })),
    topologySpread: c.topologySpread ?? FLEET_DEFAULTS.controller.topologySpread,
    nodeSelector: sortedRecord(c.nodeSelector),
  };
}

/** Resource quantities as strings, sorted; `fallback` when none are written. */
function quantities(
  m: Readonly<Record<string, string | number>> | undefined,
  fallback: Record<string, string>,
): Record<string, string> {
  return m === undefined
    ? sortedRecord(fallback)
    : sortedRecord(Object.fromEntries(Object.entries(m).map(([q, v]) => [q, String(v)])));
}

/** Controller identity, role names and the node role's extras. */
function resolveIam(
  iam: NonNullable<RawCluster['iam']>,
  name: string,
  mode: KarpenterMode,
): ClusterModel['iam'] {
  const identity: ControllerIdentityModel =
    (iam.identity ?? FLEET_DEFAULTS.identity) === 'irsa'
      ? {
          type: 'irsa',
          oidcProviderArn: iam.oidcProviderArn ?? '',
          oidcIssuer: oidcIssuerOf(iam.oidcProviderArn ?? ''),
        }
      : { type: 'pod-identity' };
  return {
    identity,
    controllerRoleName: iam.controllerRoleName ?? defaultControllerRoleName(name),
    nodeRoleName:
      iam.nodeRoleName ??
      (mode === 'eks-auto-mode' ? defaultAutoModeNodeRoleName(name) : defaultNodeRoleName(name)),
    nodeRoleExtraPolicyArns: [...(iam.nodeRoleExtraPolicyArns ?? [])].sort(),
    createInstanceProfile: iam.createInstanceProfile ?? false,
    createSpotServiceLinkedRole: iam.createSpotServiceLinkedRole ?? false,
    zonalShift: iam.zonalShift ?? false,
    ...(iam.permissionsBoundaryArn !== undefined
      ? { permissionsBoundaryArn: iam.permissionsBoundaryArn }
      : {}),
    path: iam.path ?? FLEET_DEFAULTS.iamPath,
  };
}

/** Argo CD: repository, revision (of the cluster's ring), destination, sync policy, rings. */
function resolveGitOps(g: RawCluster['gitops'], name: string): ClusterModel['gitops'] {
  const rings = (g.rings ?? []).map((r) => ({
    name: r.name,
    targetRevision: r.targetRevision ?? defaultRingRevision(r.name),
  }));
  const distPath = (g.distPath ?? FLEET_DEFAULTS.distPath).replace(/\/+$/, '');
  return {
    repoURL: g.repoURL,
    targetRevision:
      rings.find((r) => r.name === g.ring)?.targetRevision ??
      g.targetRevision ??
      FLEET_DEFAULTS.targetRevision,
    distPath: distPath === '' ? '.' : distPath,
    destination:
      g.destination.server !== undefined
        ? { server: g.destination.server }
        : { name: g.destination.name ?? '' },
    argocdNamespace: g.argocdNamespace ?? FLEET_DEFAULTS.argocdNamespace,
    project: g.project ?? name,
    syncPolicy: {
      automated: g.syncPolicy?.automated ?? true,
      prune: g.syncPolicy?.prune ?? true,
      selfHeal: g.syncPolicy?.selfHeal ?? true,
    },
    clusterLabels: sortedRecord(g.clusterLabels),
    ...(g.ring !== undefined ? { ring: g.ring } : {}),
    rings,
    fleetEntry: g.fleetEntry ?? FLEET_DEFAULTS.fleetEntry,
  };
}

/** Where each alias of a node class is written (its value): `alias`, or an `amiSelectorTerms` entry's. */
function aliasSourcesOf(
  nc: RawNodeClass,
  at: (path: (string | number)[]) => SourceLocation,
): Record<string, SourceLocation> {
  const out: Record<string, SourceLocation> = {};
  if (nc.alias !== undefined) out[nc.alias] = at(['alias']);
  (nc.amiSelectorTerms ?? []).forEach((t, i) => {
    if (t.alias !== undefined && out[t.alias] === undefined)
      out[t.alias] = at(['amiSelectorTerms', i, 'alias']);
  });
  return out;
}

/** The Kubernetes objects the cluster describes, each sorted, with their source positions. */
function resolveObjects(
  raw: RawCluster,
  ctx: ResolveContext,
  name: string,
  nodeRoleName: string,
  tags: Record<string, string>,
): Pick<ClusterModel, 'nodeClasses' | 'nodePools' | 'nodeOverlays' | 'capacityBuffers' | 'podTemplates'> {
  const source = (path: (string | number)[]): SourceLocation => keyLocAt(ctx.root, path);
  const mode = raw.karpenter?.mode ?? FLEET_DEFAULTS.karpenterMode;
  const passed = ctx.passThrough ?? [];
  return {
    nodeClasses: Object.entries(raw.nodeClasses ?? {})
      .map(([className, nc]) =>
        resolveNodeClass(className, nc, {
          clusterName: name,
          nodeRoleName,
          clusterTags: tags,
          source: source(['nodeClasses', className]),
          aliasSources: aliasSourcesOf(nc, (path) => locAt(ctx.root, ['nodeClasses', className, ...path])),
          mode,
          passThrough: passed,
        }),
      )
      .sort(byName),
    nodePools: Object.entries(raw.nodePools ?? {})
      .map(([poolName, np]) => ({
        ...resolveNodePool(poolName, np, source(['nodePools', poolName]), mode),
        ...passThroughOf(passed, 'nodePools', poolName),
      }))
      .sort(byName),
    nodeOverlays: Object.entries(raw.nodeOverlays ?? {})
      .map(([n, o]) => ({
        ...resolveNodeOverlay(n, o, source(['nodeOverlays', n])),
        ...passThroughOf(passed, 'nodeOverlays', n),
      }))
      .sort(byName),
    capacityBuffers: Object.entries(raw.capacityBuffers ?? {})
      .map(([n, b]) => ({
        ...resolveCapacityBuffer(n, b, source(['capacityBuffers', n])),
        ...passThroughOf(passed, 'capacityBuffers', n),
      }))
      .sort(byNamespaceAndName),
    podTemplates: Object.entries(raw.podTemplates ?? {})
      .map(([n, t]) => resolvePodTemplate(n, t, source(['podTemplates', n])))
      .sort(byNamespaceAndName),
  };
}

/** The fleet: clusters sorted by name. */
export function resolveFleet(clusters: readonly ClusterModel[]): FleetModel {
  return { clusters: [...clusters].sort(byName) };
}
