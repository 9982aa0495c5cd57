/**
 * A finding on a generated object whose value came from a fleet field is reported at that field
 * (`clusters/shop.yaml:14:21 nodePools.web.disruption.budgets[0].schedule`), where the user fixes
 * it, not at the generated file; the message names the generated file. Mapped: NodePools,
 * EC2NodeClasses, NodeOverlays and CapacityBuffers (their fields, or the object they came from), the Karpenter
 * Helm values (`karpenter.helmValues` and the fleet fields the tool sets them from), and the
 * Argo CD objects (`gitops.*`). A requirement written with a shorthand (`instanceFamilies: {
 * notIn: [...] }`) is reported at the shorthand. A finding on anything else, or on a value no
 * fleet field wrote, keeps its place.
 */
import { Diagnostic, FleetModel, PathSegment } from '../model';
import { fleetFieldLocation, fleetFieldValue, FleetText, formatPath, SHORTHANDS } from '../model/stages';

/** Generated path prefix → fleet path prefix under the object, and whether the rest is one map key. */
interface FieldMapping {
  readonly generated: string;
  readonly fleet: readonly PathSegment[];
  readonly keyed: boolean;
  /** Only on objects of this kind (`appproject`, `application`, `root`). @default every kind */
  readonly kind?: string;
}

const NODE_POOL_FIELDS: readonly FieldMapping[] = [
  { generated: 'spec.disruption.budgets', fleet: ['disruption', 'budgets'], keyed: false },
  { generated: 'spec.disruption.', fleet: ['disruption'], keyed: false },
  { generated: 'spec.template.metadata.labels.', fleet: ['labels'], keyed: true },
  { generated: 'spec.template.metadata.annotations.', fleet: ['annotations'], keyed: true },
  { generated: 'spec.template.spec.taints', fleet: ['taints'], keyed: false },
  { generated: 'spec.template.spec.startupTaints', fleet: ['startupTaints'], keyed: false },
  { generated: 'spec.template.spec.expireAfter', fleet: ['expireAfter'], keyed: false },
  { generated: 'spec.template.spec.terminationGracePeriod', fleet: ['terminationGracePeriod'], keyed: false },
  { generated: 'spec.template.spec.requirements', fleet: ['requirements'], keyed: false },
  { generated: 'spec.template.spec.nodeClassRef', fleet: ['nodeClass'], keyed: false },
  { generated: 'spec.limits.', fleet: ['limits'], keyed: true },
  { generated: 'spec.weight', fleet: ['weight'], keyed: false },
  // Every other field of the node template or the pool is written under Karpenter's own name
  // (an imported version's fields pass through as written: model/schema/pass-through-kinds.ts).
  { generated: 'spec.template.spec.', fleet: [], keyed: false },
  { generated: 'spec.', fleet: [], keyed: false },
];

const NODE_CLASS_FIELDS: readonly FieldMapping[] = [
  { generated: 'spec.userData', fleet: ['userData'], keyed: false },
  { generated: 'spec.tags.', fleet: ['tags'], keyed: true },
  { generated: 'spec.instanceProfile', fleet: ['instanceProfile'], keyed: false },
  { generated: 'spec.role', fleet: ['role'], keyed: false },
  { generated: 'spec.blockDeviceMappings', fleet: ['blockDeviceMappings'], keyed: false },
  { generated: 'spec.metadataOptions.', fleet: ['metadataOptions'], keyed: false },
  { generated: 'spec.kubelet.', fleet: ['kubelet'], keyed: false },
  { generated: 'spec.subnetSelectorTerms', fleet: ['subnetSelectorTerms'], keyed: false },
  { generated: 'spec.securityGroupSelectorTerms', fleet: ['securityGroupSelectorTerms'], keyed: false },
  { generated: 'spec.amiSelectorTerms', fleet: ['alias'], keyed: false },
  // Every other spec field is written under Karpenter's own name (and an imported version's
  // fields pass through as written: model/schema/pass-through.ts).
  { generated: 'spec.', fleet: [], keyed: false },
];

const NODE_OVERLAY_FIELDS: readonly FieldMapping[] = [
  { generated: 'spec.requirements', fleet: ['requirements'], keyed: false },
  { generated: 'spec.price', fleet: ['price'], keyed: false },
  { generated: 'spec.priceAdjustment', fleet: ['priceAdjustment'], keyed: false },
  { generated: 'spec.capacity.', fleet: ['capacity'], keyed: true },
  { generated: 'spec.weight', fleet: ['weight'], keyed: false },
  { generated: 'spec.', fleet: [], keyed: false },
];

/** A CapacityBuffer's spec fields have Karpenter's names in the fleet (limits are keyed by resource). */
const CAPACITY_BUFFER_FIELDS: readonly FieldMapping[] = [
  { generated: 'spec.limits.', fleet: ['limits'], keyed: true },
  { generated: 'spec.', fleet: [], keyed: false },
];

/** Generated kind (file prefix) → where its objects are written in the fleet and their fields. */
const KINDS: Readonly<Record<string, { readonly map: string; readonly fields: readonly FieldMapping[] }>> = {
  nodepool: { map: 'nodePools', fields: NODE_POOL_FIELDS },
  ec2nodeclass: { map: 'nodeClasses', fields: NODE_CLASS_FIELDS },
  nodeoverlay: { map: 'nodeOverlays', fields: NODE_OVERLAY_FIELDS },
  capacitybuffer: { map: 'capacityBuffers', fields: CAPACITY_BUFFER_FIELDS },
};

/**
 * Helm values the tool sets from fleet fields (charts/helm-values/karpenter-values.ts,
 * `karpenterControllerValues`). The controller's tolerations start with CriticalAddonsOnly and
 * drop duplicates, so their index is not the fleet's: they map to the list.
 */
const VALUES_FIELDS: readonly FieldMapping[] = [
  { generated: 'settings.clusterName', fleet: ['name'], keyed: false },
  { generated: 'settings.clusterEndpoint', fleet: ['karpenter', 'clusterEndpoint'], keyed: false },
  {
    generated: 'settings.interruptionQueue',
    fleet: ['karpenter', 'interruptionQueue', 'name'],
    keyed: false,
  },
  { generated: 'settings.enableZonalShift', fleet: ['iam', 'zonalShift'], keyed: false },
  { generated: 'settings.featureGates.', fleet: ['karpenter', 'featureGates'], keyed: true },
  { generated: 'logLevel', fleet: ['karpenter', 'controller', 'logLevel'], keyed: false },
  { generated: 'serviceAccount.name', fleet: ['karpenter', 'serviceAccount'], keyed: false },
  { generated: 'replicas', fleet: ['karpenter', 'controller', 'replicas'], keyed: false },
  { generated: 'controller.resources', fleet: ['karpenter', 'controller', 'resources'], keyed: false },
  { generated: 'priorityClassName', fleet: ['karpenter', 'controller', 'priorityClassName'], keyed: false },
  {
    generated: 'podDisruptionBudget.maxUnavailable',
    fleet: ['karpenter', 'controller', 'pdbMaxUnavailable'],
    keyed: false,
  },
  { generated: 'nodeSelector.', fleet: ['karpenter', 'controller', 'nodeSelector'], keyed: true },
  { generated: 'tolerations', fleet: ['karpenter', 'controller', 'tolerations'], keyed: false },
  {
    generated: 'topologySpreadConstraints',
    fleet: ['karpenter', 'controller', 'topologySpread'],
    keyed: false,
  },
];

/** The ring label on Argo CD objects (charts/argocd/application-common.ts), from `gitops.ring`. */
const RING_LABEL_PATH = 'metadata.labels.karpenter-gitops.io/ring';

/** Fields of every generated Argo CD object that come from `gitops.*`. */
const ARGOCD_COMMON_FIELDS: readonly FieldMapping[] = [
  { generated: RING_LABEL_PATH, fleet: ['gitops', 'ring'], keyed: false },
  { generated: 'metadata.labels.', fleet: ['gitops', 'clusterLabels'], keyed: true },
  { generated: 'metadata.namespace', fleet: ['gitops', 'argocdNamespace'], keyed: false },
  { generated: 'spec.syncPolicy.automated.prune', fleet: ['gitops', 'syncPolicy', 'prune'], keyed: false },
  {
    generated: 'spec.syncPolicy.automated.selfHeal',
    fleet: ['gitops', 'syncPolicy', 'selfHeal'],
    keyed: false,
  },
  { generated: 'spec.syncPolicy.automated', fleet: ['gitops', 'syncPolicy', 'automated'], keyed: false },
  { generated: 'spec.source.repoURL', fleet: ['gitops', 'repoURL'], keyed: false },
  { generated: 'spec.source.targetRevision', fleet: ['gitops', 'targetRevision'], keyed: false },
  { generated: 'spec.source.path', fleet: ['gitops', 'distPath'], keyed: false },
];

/** Fields of a cluster's own Argo CD objects (dist/<cluster>/argocd/) that come from `gitops.*`. */
const ARGOCD_CLUSTER_FIELDS: readonly FieldMapping[] = [
  ...ARGOCD_COMMON_FIELDS,
  { generated: 'spec.destination.name', fleet: ['gitops', 'destination', 'name'], keyed: false },
  { generated: 'spec.destination.server', fleet: ['gitops', 'destination', 'server'], keyed: false },
  { generated: 'spec.project', fleet: ['gitops', 'project'], keyed: false },
  // The AppProject.
  { generated: 'metadata.name', fleet: ['gitops', 'project'], keyed: false, kind: 'appproject' },
  { generated: 'spec.destinations', fleet: ['gitops', 'destination'], keyed: false, kind: 'appproject' },
  { generated: 'spec.sourceRepos', fleet: ['gitops', 'repoURL'], keyed: false, kind: 'appproject' },
];

const GENERATED_OBJECT =
  /(?:^|\/)([^/]+)\/karpenter\/(nodepool|ec2nodeclass|nodeoverlay|capacitybuffer)-([^/]+)\.yaml$/;
const VALUES_FILE = /(?:^|\/)([^/]+)\/values\/karpenter\.yaml$/;
const ARGOCD_OBJECT = /(?:^|\/)([^/]+)\/argocd\/(appproject|application-[^/]+)\.yaml$/;
/** A cluster's root Application in dist/fleet/ (charts/argocd/fleet-root.ts). */
const FLEET_ROOT = /(?:^|\/)fleet\/root-([^/]+)\.yaml$/;
/**
 * The controller Application's second source is the values reference to the fleet's repository
 * (charts/argocd/controller-application.ts); the first is the Karpenter chart, not a fleet field.
 */
const VALUES_SOURCE = /^spec\.sources\[([1-9]\d*)\]\.(repoURL|targetRevision)$/;

/** `[0].schedule` → [0, 'schedule']; `.a.b` → ['a', 'b']. */
function segments(rest: string): PathSegment[] {
  const out: PathSegment[] = [];
  for (const m of rest.matchAll(/\[(\d+)\]|\.?([^.[]+)/g)) out.push(m[1] !== undefined ? Number(m[1]) : m[2]);
  return out;
}

/** The fleet path under `base` that `path` (a generated object's field) came from, by `fields`. */
function mapped(
  fields: readonly FieldMapping[],
  path: string,
  kind: string | undefined,
): { path: PathSegment[]; fleetLength: number } | undefined {
  for (const f of fields) {
    if (f.kind !== undefined && f.kind !== kind) continue;
    if (!path.startsWith(f.generated)) continue;
    const rest = path.slice(f.generated.length);
    if (rest !== '' && !f.keyed && !/^[.[]/.test(rest) && !f.generated.endsWith('.')) continue;
    const tail = rest === '' ? [] : f.keyed ? [rest] : segments(rest);
    // A map key (a label, a feature gate) counts only when the fleet writes that key.
    return { path: [...f.fleet, ...tail], fleetLength: f.fleet.length + (f.keyed && rest !== '' ? 1 : 0) };
  }
  return undefined;
}

/** A fleet path to look for, and how short a written prefix of it may be to count. */
export interface FleetCandidate {
  readonly path: readonly PathSegment[];
  readonly minLength: number;
}

/**
 * The fleet paths a generated object's field may have come from, most specific first (the
 * first one written is taken), or undefined when the file is not generated from fleet fields.
 */
export function fleetPathsOf(
  file: string,
  path: string,
): { cluster: string; candidates: FleetCandidate[] } | undefined {
  const k = GENERATED_OBJECT.exec(file);
  if (k !== null) {
    const [, cluster, kind, file] = k;
    const { map, fields } = KINDS[kind];
    // A CapacityBuffer's file is `capacitybuffer-<namespace>.<name>` (a namespace has no dot).
    const name = kind === 'capacitybuffer' ? file.slice(file.indexOf('.') + 1) : file;
    const found = mapped(fields, path, undefined);
    // Within the object's own entry the nearest written field is taken (the pool itself at least).
    return { cluster, candidates: [{ path: [map, name, ...(found?.path ?? [])], minLength: 1 }] };
  }
  const v = VALUES_FILE.exec(file);
  if (v !== null) {
    const candidates: FleetCandidate[] = [];
    // karpenter.helmValues is merged over everything the tool sets: where it writes the value
    // (or a list holding it: Helm replaces lists whole), that is the source.
    if (path !== '') {
      const at: PathSegment[] = ['karpenter', 'helmValues', ...segments(path)];
      const list = at.findIndex((s) => typeof s === 'number');
      candidates.push({ path: at, minLength: list === -1 ? at.length : list });
    }
    const found = mapped(VALUES_FIELDS, path, undefined);
    if (found) candidates.push({ path: found.path, minLength: found.fleetLength });
    return { cluster: v[1], candidates };
  }
  const a = ARGOCD_OBJECT.exec(file) ?? FLEET_ROOT.exec(file);
  if (a !== null) {
    const root = a.length === 2;
    const cluster = a[1];
    const kind = root ? 'root' : a[2] === 'appproject' ? 'appproject' : 'application';
    const source = VALUES_SOURCE.exec(path);
    if (source !== null && kind === 'application')
      return { cluster, candidates: [{ path: ['gitops', source[2]], minLength: 2 }] };
    const found = mapped(root ? ARGOCD_COMMON_FIELDS : ARGOCD_CLUSTER_FIELDS, path, kind);
    return { cluster, candidates: found ? [{ path: found.path, minLength: found.fleetLength }] : [] };
  }
  return undefined;
}

/**
 * A generated NodePool's i-th requirement is the pool's i-th expanded requirement
 * (model/parse/requirement-shorthands.ts `expandRequirements`: shorthands in SHORTHANDS order, then
 * instanceGenerationGreaterThan, then `requirements` as written): its path in the fleet, from the
 * pool as written.
 */
function requirementPath(pool: unknown, rest: readonly PathSegment[]): PathSegment[] | undefined {
  if (typeof pool !== 'object' || pool === null || Array.isArray(pool)) return undefined;
  const p = pool as Record<string, unknown>;
  const [index, field, j] = rest;
  if (typeof index !== 'number') return undefined;
  let i = index;
  for (const [name] of SHORTHANDS) {
    const value = p[name];
    if (value === undefined || value === null) continue;
    if (i-- > 0) continue;
    if (Array.isArray(value)) return field === 'values' && typeof j === 'number' ? [name, j] : [name];
    const v = value as Record<string, unknown>;
    const list = v.notIn !== undefined ? 'notIn' : 'in';
    if (field === 'values') return typeof j === 'number' ? [name, list, j] : [name, list];
    if (field === 'minValues' && v.minValues !== undefined) return [name, 'minValues'];
    return [name];
  }
  if (p.instanceGenerationGreaterThan !== undefined && i-- === 0) return ['instanceGenerationGreaterThan'];
  return ['requirements', i, ...rest.slice(1)];
}

/**
 * Each finding on a generated object moved to the fleet field its value came from. `textOf`
 * reads fleet files; `defaultsFile` is the fleet's `_defaults.yaml` (project-relative).
 */
export function atFleetFields(
  findings: readonly Diagnostic[],
  fleet: FleetModel,
  textOf: FleetText,
  defaultsFile: string | undefined,
): Diagnostic[] {
  return findings.map((d) => {
    const origin = fleetPathsOf(d.file, d.path);
    if (origin === undefined) return d;
    const cluster = fleet.clusters.find((c) => c.name === origin.cluster);
    if (cluster === undefined) return d;
    const files = [cluster.source.file, ...(defaultsFile !== undefined ? [defaultsFile] : [])];
    for (const candidate of origin.candidates) {
      let path = candidate.path;
      if (path[0] === 'nodePools' && path[2] === 'requirements') {
        const written = requirementPath(fleetFieldValue(textOf, files, path.slice(0, 2)), path.slice(3));
        if (written) path = [...path.slice(0, 2), ...written];
      }
      const found = fleetFieldLocation(textOf, files, path, candidate.minLength);
      if (found === undefined) continue;
      return {
        ...d,
        file: found.loc.file,
        line: found.loc.line,
        col: found.loc.col,
        path: formatPath(found.path),
        message: `${d.message} (in the generated ${d.file}, at ${d.path})`,
      };
    }
    return d;
  });
}
