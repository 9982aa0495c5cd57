/**
 * The checks `karpenter.mode` brings (facts: model/facts/eks-auto-mode.ts, each with its EKS
 * User Guide page). Every error names what EKS Auto Mode does instead, at the fleet line:
 *
 * - a self-managed cluster that sets an Auto Mode-only node class field;
 * - an Auto Mode cluster's fleet features with no Auto Mode meaning (the controller, its Helm
 *   values, identity and queue, NodeOverlays, CapacityBuffers, static pools), node class fields
 *   Auto Mode does not have (alias, userData, kubelet, blockDeviceMappings, ...), names that
 *   collide with the built-in pools and class, expireAfter above 21 days, requirements on
 *   `karpenter.k8s.aws/` keys (with the `eks.amazonaws.com/` key to use), Windows, and instance
 *   families or sizes the user guide's supported-instance list leaves out.
 *
 * Cluster-wide fields written in `_defaults.yaml` are fleet-wide defaults for the clusters that
 * run a controller; only those written in the Auto Mode cluster's own file are refused.
 */
import { CheckContext } from './check-context';
import {
  AUTO_MODE_ABSENT_CLASS_FIELDS,
  AUTO_MODE_ABSENT_CLUSTER_FIELDS,
  AUTO_MODE_INSTANCES,
  AUTO_MODE_LABEL_MAP,
  AUTO_MODE_ONLY_CLASS_FIELDS,
  AUTO_MODE_UNSUPPORTED_LABELS,
  EKS_AUTO_MODE,
  KarpenterAwsLabel,
} from '../facts/eks-auto-mode';
import { goDurationNanos } from '../facts/go-duration';
import { PathSegment, locAt, nodeAt } from '../parse/located';
import { RawNodeClass, RawNodePool, RawShorthand } from '../parse/raw-fleet';
import { FLEET_DEFAULTS } from '../shared/fleet-defaults';

const AUTO = 'karpenter.mode: eks-auto-mode';

export function checkEksAutoMode(ctx: CheckContext): void {
  const mode = ctx.raw.karpenter?.mode ?? FLEET_DEFAULTS.karpenterMode;
  if (mode === 'self-managed') {
    for (const [name, nc] of Object.entries(ctx.raw.nodeClasses ?? {})) checkSelfManagedClass(ctx, name, nc);
    return;
  }
  for (const [path, instead] of AUTO_MODE_ABSENT_CLUSTER_FIELDS) {
    const node = nodeAt(ctx.root, path);
    if (node === undefined || isFromDefaults(node.loc.file)) continue;
    ctx.error(
      path,
      `${path.join('.')} has no meaning with ${AUTO}: ${instead}`,
      `Remove it from this cluster's file (or set karpenter.mode: self-managed)`,
      'key',
    );
  }
  for (const [name, nc] of Object.entries(ctx.raw.nodeClasses ?? {})) checkAutoModeClass(ctx, name, nc);
  for (const [name, pool] of Object.entries(ctx.raw.nodePools ?? {})) checkAutoModePool(ctx, name, pool);
}

function isFromDefaults(file: string): boolean {
  return /(^|\/)_defaults\.yaml$/.test(file);
}

function checkSelfManagedClass(ctx: CheckContext, name: string, nc: RawNodeClass): void {
  for (const field of AUTO_MODE_ONLY_CLASS_FIELDS) {
    if (nc[field] === undefined) continue;
    ctx.error(
      ['nodeClasses', name, field],
      `${field} is a field of the EKS Auto Mode NodeClass, but this cluster runs self-managed Karpenter (an EC2NodeClass)`,
      field === 'ephemeralStorage'
        ? 'Use blockDeviceMappings (volumeSize, kmsKeyID, ...) in an EC2NodeClass, or set karpenter.mode: eks-auto-mode'
        : 'Remove it, or set karpenter.mode: eks-auto-mode for this cluster',
      'key',
    );
  }
}

function checkAutoModeClass(ctx: CheckContext, name: string, nc: RawNodeClass): void {
  const at = (...rest: PathSegment[]): PathSegment[] => ['nodeClasses', name, ...rest];
  if ((EKS_AUTO_MODE.reservedNodeClassNames as readonly string[]).includes(name)) {
    ctx.error(
      at(),
      `node class '${name}' collides with EKS Auto Mode's built-in ${name === 'default' ? 'NodeClass' : 'node pool'} '${name}', which only the cluster's Auto Mode settings enable or disable`,
      `Rename it (e.g. ${name}-custom) and its nodePools' nodeClass`,
      'key',
    );
  }
  for (const [field, instead] of Object.entries(AUTO_MODE_ABSENT_CLASS_FIELDS)) {
    if (nc[field as keyof RawNodeClass] === undefined) continue;
    ctx.error(
      at(field),
      `${field} is not a field of the EKS Auto Mode NodeClass: ${instead}`,
      `Remove it (${AUTO})`,
      'key',
    );
  }
  (nc.capacityReservationSelectorTerms ?? []).forEach((term, i) => {
    if (term.instanceMatchCriteria === undefined) return;
    ctx.error(
      at('capacityReservationSelectorTerms', i, 'instanceMatchCriteria'),
      'instanceMatchCriteria is not a field of an EKS Auto Mode capacity reservation term: Auto Mode selects reservations by id, or by tags and owner',
      'Remove it, and select the reservations by id or tags',
      'key',
    );
  });
}

/** Hours of a Go duration, or undefined when it is not one (the duration check reports that). */
function hoursOf(text: string): number | undefined {
  const nanos = goDurationNanos(text);
  return nanos === undefined ? undefined : Number(nanos / 1_000_000_000n) / 3600;
}

function checkAutoModePool(ctx: CheckContext, name: string, pool: RawNodePool): void {
  const at = (...rest: PathSegment[]): PathSegment[] => ['nodePools', name, ...rest];
  if ((EKS_AUTO_MODE.builtInNodePools as readonly string[]).includes(name)) {
    ctx.error(
      at(),
      `node pool '${name}' collides with EKS Auto Mode's built-in pool '${name}', which can only be enabled or disabled on the cluster, not through GitOps`,
      `Rename it (e.g. ${name}-custom), and disable the built-in pool in the cluster's Auto Mode settings if this one replaces it`,
      'key',
    );
  }
  checkExpireAfter(ctx, at, pool);
  if (pool.replicas !== undefined) {
    ctx.error(
      at('replicas'),
      'a static pool needs the Karpenter feature gate staticCapacity, which EKS Auto Mode does not expose',
      'Remove replicas: Auto Mode scales the pool with pod demand',
      'key',
    );
  }
  if (pool.operatingSystems !== undefined) {
    ctx.error(
      at('operatingSystems'),
      'EKS Auto Mode runs Linux nodes only and does not support the kubernetes.io/os label in requirements',
      'Remove operatingSystems',
      'key',
    );
  }
  (pool.requirements ?? []).forEach((r, i) => checkRequirementKey(ctx, at('requirements', i, 'key'), r.key));
  checkInstanceOffer(ctx, at, pool);
}

function checkExpireAfter(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  pool: RawNodePool,
): void {
  if (pool.expireAfter === undefined) return;
  const max = EKS_AUTO_MODE.maxNodeLifetimeHours;
  const hours = pool.expireAfter === 'Never' ? Infinity : hoursOf(pool.expireAfter);
  if (hours === undefined || hours <= max) return;
  ctx.error(
    at('expireAfter'),
    `expireAfter ${pool.expireAfter} is above the 21 days (${max}h) EKS Auto Mode lets a node live: Auto Mode replaces every node by then`,
    `Set expireAfter: ${max}h or less, or leave it out (Auto Mode's default is ${EKS_AUTO_MODE.defaultExpireAfter})`,
  );
}

function checkRequirementKey(ctx: CheckContext, path: PathSegment[], key: string): void {
  if ((AUTO_MODE_UNSUPPORTED_LABELS as readonly string[]).includes(key)) {
    ctx.error(
      path,
      `EKS Auto Mode runs Linux nodes only and does not support the label ${key}`,
      'Remove the requirement',
    );
    return;
  }
  if (!key.startsWith('karpenter.k8s.aws/')) return;
  const mapped = AUTO_MODE_LABEL_MAP[key as KarpenterAwsLabel] as string | undefined;
  ctx.error(
    path,
    mapped !== undefined
      ? `${key} is self-managed Karpenter's label: EKS Auto Mode labels its nodes with ${mapped}`
      : `${key} is self-managed Karpenter's label and EKS Auto Mode has no counterpart (its labels are the eks.amazonaws.com/instance-* keys)`,
    mapped !== undefined
      ? `Write key: ${mapped}`
      : 'Remove the requirement, or express it with an eks.amazonaws.com/ label',
  );
}

/** The values an `In` shorthand admits (a NotIn leaves the offer to Auto Mode). */
function inValues(value: RawShorthand | undefined): readonly string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value as readonly string[];
  return (value as { in?: readonly string[] }).in ?? [];
}

/** Instance families and sizes the EKS User Guide's supported-instance list leaves out. */
function checkInstanceOffer(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  pool: RawNodePool,
): void {
  const families = new Set(AUTO_MODE_INSTANCES.families);
  const excluded = new Set(AUTO_MODE_INSTANCES.excludedSizes);
  const report = (path: PathSegment[], what: string, fix: string) =>
    ctx.error(
      path,
      `${what} (EKS User Guide, supported instance reference: ${AUTO_MODE_INSTANCES.source})`,
      fix,
    );
  inValues(pool.instanceFamilies).forEach((family, i) => {
    if (families.has(family)) return;
    report(
      shorthandItem(ctx, at('instanceFamilies'), i),
      `EKS Auto Mode does not launch the instance family ${family}`,
      'Choose families from the supported list, e.g. c7g, m7i or r7a',
    );
  });
  inValues(pool.instanceSizes).forEach((size, i) => {
    if (!excluded.has(size)) return;
    report(
      shorthandItem(ctx, at('instanceSizes'), i),
      `EKS Auto Mode never launches ${size} instances`,
      'Remove it: Auto Mode launches sizes from medium up',
    );
  });
  inValues(pool.instanceTypes).forEach((type, i) => {
    const dot = type.indexOf('.');
    const family = dot < 0 ? type : type.slice(0, dot);
    const size = dot < 0 ? '' : type.slice(dot + 1);
    const what = !families.has(family)
      ? `EKS Auto Mode does not launch the instance family ${family} (${type})`
      : excluded.has(size)
        ? `EKS Auto Mode never launches ${size} instances (${type})`
        : undefined;
    if (what !== undefined)
      report(shorthandItem(ctx, at('instanceTypes'), i), what, 'Choose an instance type Auto Mode offers');
  });
}

/** Path of item `i` of a shorthand written as a list or as `{ in: [...] }`. */
function shorthandItem(ctx: CheckContext, base: PathSegment[], i: number): PathSegment[] {
  const asList = [...base, i];
  return locAt(ctx.root, asList).line > 0 && nodeAt(ctx.root, asList) !== undefined
    ? asList
    : [...base, 'in', i];
}
