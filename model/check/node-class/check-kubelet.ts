/** Semantic checks of a node class's `kubelet` settings (keys, quantities, thresholds). */
import { CheckContext } from '../check-context';
import { didYouMean } from '../../shared/did-you-mean';
import { PathSegment } from '../../parse/located';
import { RawNodeClass } from '../../parse/raw-fleet';
import { show } from '../../shared/show-value';

/** Eviction signals the kubelet settings of an EC2NodeClass accept. */
export const EVICTION_SIGNALS = [
  'memory.available',
  'nodefs.available',
  'nodefs.inodesFree',
  'imagefs.available',
  'imagefs.inodesFree',
  'pid.available',
] as const satisfies readonly string[];
/** Resources kubeReserved / systemReserved accept. */
export const RESERVED_RESOURCES = [
  'cpu',
  'memory',
  'ephemeral-storage',
  'pid',
] as const satisfies readonly string[];
/** A non-negative Kubernetes quantity. */
const QUANTITY =
  /^(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\+|-)?(([0-9]+(\.[0-9]*)?)|(\.[0-9]+))))?$/;
/** An eviction threshold as a percentage. */
const EVICTION_THRESHOLD = /^((\d{1,2}(\.\d{1,2})?|100(\.0{1,2})?)%)$/;

export function checkKubelet(
  ctx: CheckContext,
  path: readonly PathSegment[],
  k: NonNullable<RawNodeClass['kubelet']>,
): void {
  const at = (...rest: PathSegment[]): PathSegment[] => [...path, ...rest];
  const keyed: [keyof typeof k, readonly string[]][] = [
    ['evictionHard', EVICTION_SIGNALS],
    ['evictionSoft', EVICTION_SIGNALS],
    ['evictionSoftGracePeriod', EVICTION_SIGNALS],
    ['kubeReserved', RESERVED_RESOURCES],
    ['systemReserved', RESERVED_RESOURCES],
  ];
  for (const [field, allowed] of keyed) {
    const values = (k[field] as Readonly<Record<string, string>> | undefined) ?? {};
    for (const [key, value] of Object.entries(values)) {
      if (field === 'evictionSoftGracePeriod') continue;
      const eviction = field === 'evictionHard' || field === 'evictionSoft';
      if (!QUANTITY.test(value) && !(eviction && EVICTION_THRESHOLD.test(value))) {
        ctx.error(
          at(field, key),
          `'${show(value)}' is not ${eviction ? 'a percentage or a quantity' : 'a quantity'}`,
          eviction ? 'Write e.g. 5% or 500Mi' : 'Write e.g. 100m, 1Gi or 3Gi',
        );
      }
    }
    for (const key of Object.keys(values)) {
      if (allowed.includes(key)) continue;
      const guess = didYouMean(key, allowed);
      ctx.error(
        at(field, key),
        `'${show(key)}' is not a valid key of kubelet.${field}`,
        `${guess ? `Did you mean '${guess}'? ` : ''}Use one of: ${allowed.join(', ')}`,
        'key',
      );
    }
  }
  if (
    k.imageGCHighThresholdPercent !== undefined &&
    k.imageGCLowThresholdPercent !== undefined &&
    k.imageGCLowThresholdPercent >= k.imageGCHighThresholdPercent
  ) {
    ctx.error(
      at('imageGCLowThresholdPercent'),
      'imageGCLowThresholdPercent must be lower than imageGCHighThresholdPercent',
      'Lower it below the high threshold',
    );
  }
  const soft = Object.keys(k.evictionSoft ?? {}).sort();
  const grace = Object.keys(k.evictionSoftGracePeriod ?? {}).sort();
  for (const key of soft.filter((s) => !grace.includes(s))) {
    ctx.error(
      at('evictionSoft', key),
      `evictionSoft '${show(key)}' has no grace period`,
      `Add kubelet.evictionSoftGracePeriod.${show(key)}, e.g. 1m`,
      'key',
    );
  }
  for (const key of grace.filter((g) => !soft.includes(g))) {
    ctx.error(
      at('evictionSoftGracePeriod', key),
      `grace period for '${show(key)}' has no evictionSoft threshold`,
      `Add kubelet.evictionSoft.${show(key)}, or remove this`,
      'key',
    );
  }
}
