/** NodeOverlays that Karpenter would mark as conflicting (same weight, same instance types, same change). */
import { CheckContext } from './check-context';
import { RequirementOperator } from '../facts/constants';
import { Requirements } from '../facts/karpenter-requirements';
import { RawNodeOverlay } from '../parse/raw-overlay-buffer';
import { show } from '../shared/show-value';

/** Operators the NodeOverlay CRD requires values for. */
export const OVERLAY_NEED_VALUES: readonly RequirementOperator[] = ['In', 'NotIn'];

/**
 * Karpenter applies overlays by descending weight (equal weights: later names first) and
 * marks an overlay as conflicting, applying none of it, when an overlay of the same weight
 * already changed the price, or one of the same extended resources, of an instance type
 * it matches (pkg/controllers/nodeoverlay in kubernetes-sigs/karpenter v1.14.1). Without
 * instance type data, two overlays "can match the same instance type" when their
 * requirements intersect as Karpenter's do (canMatchTogether).
 */
export function checkOverlayConflicts(
  ctx: CheckContext,
  overlays: Readonly<Record<string, RawNodeOverlay>>,
): void {
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

/**
 * Karpenter matches an overlay to an instance type with `it.Requirements.IsCompatible(overlayReq)`
 * (pkg/controllers/nodeoverlay/controller.go, getOverlaidOfferings), whose per-key test is
 * Requirements.Intersects (pkg/scheduling/requirements.go). Without the instance types, one type can
 * match both overlays when, on every key both define, their intersected requirements share a value or
 * both admit a type without the label.
 */
function canMatchTogether(a: RawNodeOverlay, b: RawNodeOverlay): boolean {
  // An overlay the CRD rejects (`In`/`NotIn` without values, reported by checkRequirementList) is
  // never applied, so it conflicts with nothing; Karpenter would otherwise read `In []` as DoesNotExist.
  if (!admittedByCrd(a) || !admittedByCrd(b)) return false;
  return Requirements.from(a.requirements).intersects(Requirements.from(b.requirements)).length === 0;
}

function admittedByCrd(overlay: RawNodeOverlay): boolean {
  return overlay.requirements.every(
    (r) => !OVERLAY_NEED_VALUES.includes(r.operator) || (r.values ?? []).length > 0,
  );
}
