/**
 * Semantic checks of `nodeOverlays:` (after the schema passed): the NodeOverlay CRD's own
 * rules (required requirements, price vs priceAdjustment, restricted keys and resources,
 * patterns), the `nodeOverlay` feature gate, the Karpenter version, and overlays that
 * Karpenter would mark as conflicting (same weight, same instance types, same change).
 */
import { CheckContext } from './check-context';
import { objectNameProblem } from './check-names';
import { checkOverlayCapacity } from './check-overlay-capacity';
import { checkOverlayConflicts, OVERLAY_NEED_VALUES } from './check-overlay-conflicts';
import { checkOverlayPrice } from './check-overlay-price';
import { checkRequirementList, RequirementRules } from './check-requirement-list';
import { enableGateFix, gateEnabled } from '../facts/feature-gates';
import { overlayKeyProblem } from '../facts/overlay-restricted-labels';
import { DEFAULT_KARPENTER_VERSION, KarpenterVersion } from '../facts/versions';
import { PathSegment } from '../parse/located';
import { RawNodeOverlay } from '../parse/raw-overlay-buffer';
import { show } from '../shared/show-value';

/** The CRD's maxItems for requirements. */
const MAX_REQUIREMENTS = 100;
/** Most overlays one cluster may describe (a guard against runaway files). */
export const MAX_NODE_OVERLAYS = 100;
/** Karpenter versions that have the NodeOverlay and CapacityBuffer kinds. */
export const OVERLAY_BUFFER_VERSIONS: readonly KarpenterVersion[] = ['1.14.1'];
/** A NodeOverlay's requirements: In and NotIn need values; some well-known label domains are restricted. */
const NODE_OVERLAY_REQUIREMENTS: RequirementRules = {
  needValues: OVERLAY_NEED_VALUES,
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
    checkOverlayKindAvailable(ctx, at());
    checkOverlay(ctx, at, overlay);
  }
  checkOverlayConflicts(ctx, overlays);
}

/** This cluster's Karpenter has the NodeOverlay kind, and its feature gate is on. */
function checkOverlayKindAvailable(ctx: CheckContext, path: PathSegment[]): void {
  const version = ctx.karpenterVersion;
  if (!OVERLAY_BUFFER_VERSIONS.includes(version)) {
    ctx.error(
      path,
      `Karpenter ${version} has no NodeOverlay kind (karpenter.sh/v1alpha1 NodeOverlay needs Karpenter ${OVERLAY_BUFFER_VERSIONS.join(' or ')})`,
      `Set karpenter.version: ${DEFAULT_KARPENTER_VERSION} for this cluster, or remove the overlay`,
      'key',
    );
  } else if (!gateEnabled(ctx.raw.karpenter?.featureGates, 'nodeOverlay')) {
    ctx.error(
      path,
      'NodeOverlays need the nodeOverlay feature gate, which is off for this cluster',
      enableGateFix('nodeOverlay'),
      'key',
    );
  }
}

/** One overlay: its requirements, price and capacity. */
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
  checkOverlayPrice(ctx, at, overlay);
  checkOverlayCapacity(ctx, at, overlay);
  checkOverlayChangesSomething(ctx, at, overlay);
}

/** An overlay without price, priceAdjustment or capacity does nothing. */
function checkOverlayChangesSomething(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  overlay: RawNodeOverlay,
): void {
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
