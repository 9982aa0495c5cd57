/** A node pool's `limits:`: resource names and Kubernetes quantities. */
import { CheckContext } from '../check-context';
import { labelKeyProblem } from '../check-labels';
import { PathSegment } from '../../parse/located';
import { show } from '../../shared/show-value';

/** A non-negative Kubernetes quantity (`100`, `500m`, `400Gi`, `1e3`). */
const QUANTITY =
  /^(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/;

export function checkPoolLimits(
  ctx: CheckContext,
  path: PathSegment[],
  limits: Readonly<Record<string, string | number>> | undefined,
): void {
  for (const [resource, quantity] of Object.entries(limits ?? {})) {
    const keyProblem = labelKeyProblem(resource);
    if (keyProblem)
      ctx.error(
        [...path, resource],
        keyProblem.replace('label key', 'resource name'),
        'Use cpu, memory or a resource such as nvidia.com/gpu',
        'key',
      );
    if (!QUANTITY.test(String(quantity))) {
      ctx.error(
        [...path, resource],
        `'${show(String(quantity))}' is not a Kubernetes quantity`,
        'Write e.g. 100, 500m or 400Gi',
      );
    }
  }
}
