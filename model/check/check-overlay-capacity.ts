/** A NodeOverlay's `capacity:`: extended resources only, with non-negative quantities. */
import { CheckContext } from './check-context';
import { labelKeyProblem } from './check-labels';
import { OVERLAY_RESTRICTED_RESOURCES } from '../facts/constants';
import { PathSegment } from '../parse/located';
import { RawNodeOverlay } from '../parse/raw-overlay-buffer';
import { show } from '../shared/show-value';

/** The NodeOverlay CRD's quantity pattern (a sign is matched, then a negative one refused). */
const QUANTITY =
  /^(\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/;

export function checkOverlayCapacity(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  overlay: RawNodeOverlay,
): void {
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
}
