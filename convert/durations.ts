/**
 * Durations: v1alpha5 counted seconds (`ttlSecondsAfterEmpty: 30`); v1beta1 and v1 use
 * Go-style duration strings restricted by Karpenter's pattern `^([0-9]+(s|m|h))+$`, or `Never`.
 */

/** Karpenter's duration pattern (the CRDs' `pattern` for expireAfter, consolidateAfter, ...). */
export const KARPENTER_DURATION = /^([0-9]+(s|m|h))+$/;

/**
 * Seconds as the shortest exact duration string: 30 → `30s`, 120 → `2m`, 2592000 → `720h`,
 * 90 → `90s` (not `1m30s`: one unit keeps the number the user wrote recognisable).
 */
export function secondsToDuration(seconds: number): string {
  if (seconds > 0 && seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds > 0 && seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/** Simplifies a pattern-valid duration that has zero parts, as `kubectl get` prints them: `720h0m0s` → `720h`. */
export function simplifyDuration(text: string): string {
  if (!KARPENTER_DURATION.test(text)) return text;
  const parts = [...text.matchAll(/([0-9]+)(s|m|h)/g)].filter((m) => Number(m[1]) !== 0);
  if (parts.length === 0) return '0s';
  return parts.map((m) => `${Number(m[1])}${m[2]}`).join('');
}

export function isDurationOrNever(text: string): boolean {
  return text === 'Never' || KARPENTER_DURATION.test(text);
}
