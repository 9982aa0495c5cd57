/**
 * Semantic checks of `nodeOverlays:` (after the schema passed): the NodeOverlay CRD's own
 * rules (required requirements, price vs priceAdjustment, restricted keys and resources,
 * patterns), the `nodeOverlay` feature gate, the Karpenter version, and overlays that
 * Karpenter would mark as conflicting (same weight, same instance types, same change).
 */
import { CheckContext } from './check-context';
import { labelKeyProblem } from './check-labels';
import { objectNameProblem } from './check-names';
import { checkRequirementList, RequirementRules } from './check-requirement-list';
import { OVERLAY_RESTRICTED_RESOURCES } from '../facts/constants';
import { enableGateFix, gateEnabled } from '../facts/feature-gates';
import { isSatisfiable, labelConstraint, LabelRequirement } from '../facts/label-constraint';
import { PathSegment } from '../parse/located';
import { overlayKeyProblem } from '../facts/overlay-restricted-labels';
import { RawNodeOverlay } from '../parse/raw-overlay-buffer';
import { show } from '../shared/show-value';
import { DEFAULT_KARPENTER_VERSION, KarpenterVersion } from '../facts/versions';

/** The NodeOverlay CRD's patterns. */
const PRICE = /^\d+(\.\d+)?$/;
const PRICE_ADJUSTMENT = /^(([+-]{1}(\d*\.?\d+))|(\+{1}\d*\.?\d+%)|(^(-\d{1,2}(\.\d+)?%)$)|(-100%))$/;
const QUANTITY =
  /^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/;
/** The CRD's maxItems for requirements. */
const MAX_REQUIREMENTS = 100;
/** Most overlays one cluster may describe (a guard against runaway files). */
export const MAX_NODE_OVERLAYS = 100;
/** Karpenter versions that have the NodeOverlay and CapacityBuffer kinds. */
export const OVERLAY_BUFFER_VERSIONS: readonly KarpenterVersion[] = ['1.14.1'];
/** A NodeOverlay's requirements: In and NotIn need values; some well-known label domains are restricted. */
const NODE_OVERLAY_REQUIREMENTS: RequirementRules = {
  needValues: ['In', 'NotIn'],
  restrictedKey: (key) => {
    const restricted = overlayKeyProblem(key);
    if (!restricted) return undefined;
    return {
      message: `${restricted.message} in NodeOverlay requirements ('${show(key)}')`,
      fix:
        restricted.allowed.length > 0
          ? `Use one of the allowed labels of that domain (e.g. ${restricted.allowed.slice(0, 3).join(', ')}) or a NodePool template label`
          : 'Remove this requirement',
    };
  },
  absentValuesAt: 'operator',
};

export function checkNodeOverlays(ctx: CheckContext): void {
  const overlays = ctx.raw.nodeOverlays ?? {};
  const names = Object.keys(overlays);
  if (names.length === 0) return;
  const version = ctx.raw.karpenter?.version ?? DEFAULT_KARPENTER_VERSION;
  const gates = ctx.raw.karpenter?.featureGates;
  if (names.length > MAX_NODE_OVERLAYS) {
    ctx.error(
      ['nodeOverlays'],
      `${names.length} node overlays, more than the ${MAX_NODE_OVERLAYS} a cluster may have`,
      'Merge overlays that make the same change',
      'key',
    );
  }
  for (const [name, overlay] of Object.entries(overlays)) {
    const at = (...rest: PathSegment[]): PathSegment[] => ['nodeOverlays', name, ...rest];
    const nameProblem = objectNameProblem('node overlay', name);
    if (nameProblem) ctx.error(at(), nameProblem.message, nameProblem.fix, 'key');
    if (!OVERLAY_BUFFER_VERSIONS.includes(version)) {
      ctx.error(
        at(),
        `Karpenter ${version} has no NodeOverlay kind (karpenter.sh/v1alpha1 NodeOverlay needs Karpenter ${OVERLAY_BUFFER_VERSIONS.join(' or ')})`,
        `Set karpenter.version: ${DEFAULT_KARPENTER_VERSION} for this cluster, or remove the overlay`,
        'key',
      );
    } else if (!gateEnabled(gates, 'nodeOverlay')) {
      ctx.error(
        at(),
        'NodeOverlays need the nodeOverlay feature gate, which is off for this cluster',
        enableGateFix('nodeOverlay'),
        'key',
      );
    }
    checkOverlay(ctx, at, overlay);
  }
  checkConflicts(ctx, overlays);
}

function checkOverlay(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  overlay: RawNodeOverlay,
): void {
  if (overlay.requirements.length > MAX_REQUIREMENTS) {
    ctx.error(
      at('requirements'),
      `${overlay.requirements.length} requirements, more than the ${MAX_REQUIREMENTS} a NodeOverlay may have`,
      'Merge requirements on the same key',
      'key',
    );
  }
  checkRequirementList(ctx, at('requirements'), overlay.requirements, NODE_OVERLAY_REQUIREMENTS);

  if (overlay.price !== undefined && overlay.priceAdjustment !== undefined) {
    ctx.error(
      at('priceAdjustment'),
      "cannot set both 'price' and 'priceAdjustment'",
      'Keep price (an absolute price) or priceAdjustment (a change to the AWS price), not both',
      'key',
    );
  }
  if (overlay.price !== undefined && !PRICE.test(String(overlay.price))) {
    ctx.error(
      at('price'),
      `'${show(String(overlay.price))}' is not a price (a non-negative decimal such as 0.52)`,
      'Write the hourly price in quotes, e.g. price: "0.52"',
    );
  }
  if (overlay.priceAdjustment !== undefined && !PRICE_ADJUSTMENT.test(overlay.priceAdjustment)) {
    ctx.error(
      at('priceAdjustment'),
      `'${show(overlay.priceAdjustment)}' is not a price adjustment`,
      'Write a signed amount or percentage in quotes: "-0.1", "+0.05", "+10%" or "-15%" (a decrease is at most -100%)',
    );
  }
  for (const [resource, quantity] of Object.entries(overlay.capacity ?? {})) {
    if ((OVERLAY_RESTRICTED_RESOURCES as readonly string[]).includes(resource)) {
      ctx.error(
        at('capacity', resource),
        `'${resource}' cannot be set: a NodeOverlay's capacity adds extended resources only (invalid resource restricted)`,
        'Remove it; name an extended resource such as nvidia.com/gpu-slice',
        'key',
      );
      continue;
    }
    const keyProblem = labelKeyProblem(resource);
    if (keyProblem || !resource.includes('/')) {
      ctx.error(
        at('capacity', resource),
        keyProblem
          ? keyProblem.replace('label key', 'resource name')
          : `'${show(resource)}' is not an extended resource name (extended resources have a domain prefix)`,
        'Write a domain-qualified resource such as example.com/gpu-slice',
        'key',
      );
    }
    if (!QUANTITY.test(String(quantity)) || String(quantity).startsWith('-')) {
      ctx.error(
        at('capacity', resource),
        `'${show(String(quantity))}' is not a non-negative Kubernetes quantity`,
        'Write e.g. 7, 500m or 1Gi',
      );
    }
  }
  if (
    overlay.price === undefined &&
    overlay.priceAdjustment === undefined &&
    Object.keys(overlay.capacity ?? {}).length === 0
  ) {
    ctx.warn(
      at(),
      'this overlay changes nothing (no price, priceAdjustment or capacity)',
      'Add price, priceAdjustment or capacity, or remove the overlay',
      'key',
    );
  }
}

/**
 * Karpenter applies overlays by descending weight (equal weights: later names first) and
 * marks an overlay as conflicting, applying none of it, when an overlay of the same weight
 * already changed the price, or one of the same extended resources, of an instance type
 * it matches (pkg/controllers/nodeoverlay in kubernetes-sigs/karpenter v1.14.1). Without
 * instance type data, two overlays "can match the same instance type" when their
 * requirements together are satisfiable.
 */
function checkConflicts(ctx: CheckContext, overlays: Readonly<Record<string, RawNodeOverlay>>): void {
  // Karpenter's processing order: weight descending, then name descending.
  const ordered = Object.entries(overlays).sort(([a, x], [b, y]) => {
    const w = (y.weight ?? 0) - (x.weight ?? 0);
    return w !== 0 ? w : a < b ? 1 : a > b ? -1 : 0;
  });
  const conflicted = new Set<string>();
  ordered.forEach(([name, overlay], i) => {
    for (const [earlier, first] of ordered.slice(0, i)) {
      if ((first.weight ?? 0) !== (overlay.weight ?? 0) || conflicted.has(earlier)) continue;
      const change = sharedChange(first, overlay);
      if (!change || !canMatchTogether(first, overlay)) continue;
      conflicted.add(name);
      ctx.error(
        overlay.weight !== undefined ? ['nodeOverlays', name, 'weight'] : ['nodeOverlays', name],
        `overlays '${show(earlier)}' and '${show(name)}' both change ${change} of instance types both can match, with the same weight ${overlay.weight ?? 0}: Karpenter marks '${show(name)}' as conflicting and applies none of it`,
        'Give one of them a different weight (1 to 10000), or make their requirements disjoint',
        'key',
      );
      break;
    }
  });
}

function sharedChange(a: RawNodeOverlay, b: RawNodeOverlay): string | undefined {
  const pricing = (o: RawNodeOverlay) => o.price !== undefined || o.priceAdjustment !== undefined;
  if (pricing(a) && pricing(b)) return 'the price';
  const resources = Object.keys(a.capacity ?? {}).filter((r) => r in (b.capacity ?? {}));
  return resources.length > 0 ? `the capacity ${resources.map((r) => `'${show(r)}'`).join(', ')}` : undefined;
}

function canMatchTogether(a: RawNodeOverlay, b: RawNodeOverlay): boolean {
  const byKey = new Map<string, LabelRequirement[]>();
  for (const r of [...a.requirements, ...b.requirements]) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r]);
  return [...byKey.values()].every((list) => isSatisfiable(labelConstraint(list)));
}
