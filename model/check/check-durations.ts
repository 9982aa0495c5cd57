/**
 * Durations as Karpenter accepts them: whole numbers with s, m or h (`90s`, `2m`, `1h30m`),
 * plus `Never` where the field allows it. `30d` is refused with the hours to write instead.
 */

import { show } from '../shared/show-value';

/** Karpenter's duration pattern (NodePool consolidateAfter, expireAfter, terminationGracePeriod). */
export const DURATION_PATTERN = /^([0-9]+(s|m|h))+$/;
/** Disruption budget durations: hours and minutes only. */
export const BUDGET_DURATION_PATTERN = /^((([0-9]+(h|m))|([0-9]+h[0-9]+m))(0s)?)$/;

export interface DurationRule {
  /** `Never` is accepted. */
  readonly allowNever: boolean;
  /** Budget durations accept only h and m. */
  readonly hoursAndMinutesOnly?: boolean;
}

const UNIT_SECONDS: Readonly<Record<string, number>> = { w: 604800, d: 86400, h: 3600, m: 60, s: 1 };

/** Seconds of a duration written with w/d/h/m/s units, or undefined if it is not one. */
export function durationSeconds(text: string): number | undefined {
  if (!/^(\d+[wdhms])+$/.test(text)) return undefined;
  let total = 0;
  for (const [, n, unit] of text.matchAll(/(\d+)([wdhms])/g)) total += Number(n) * UNIT_SECONDS[unit];
  return Number.isSafeInteger(total) ? total : undefined;
}

/** The same duration in Karpenter's units, as short as it gets (`720h`, `90m`, `45s`). */
export function karpenterDuration(seconds: number, hoursAndMinutesOnly = false): string | undefined {
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return hoursAndMinutesOnly ? undefined : `${seconds}s`;
}

/** Problem with a duration value, or undefined when Karpenter accepts it. */
export function durationProblem(
  value: string,
  rule: DurationRule,
): { message: string; fix: string } | undefined {
  if (rule.allowNever && value === 'Never') return undefined;
  const pattern = rule.hoursAndMinutesOnly ? BUDGET_DURATION_PATTERN : DURATION_PATTERN;
  if (pattern.test(value)) return undefined;
  const units = rule.hoursAndMinutesOnly ? 'h and m' : 's, m and h';
  const never = rule.allowNever ? ', or Never' : '';
  const seconds = durationSeconds(value);
  const suggestion = seconds !== undefined ? karpenterDuration(seconds, rule.hoursAndMinutesOnly) : undefined;
  if (suggestion !== undefined) {
    return {
      message: `'${show(value)}' is not a duration Karpenter accepts (only ${units} units)`,
      fix: `Use ${suggestion}`,
    };
  }
  if (value === 'never' || value === 'NEVER') {
    return rule.allowNever
      ? { message: `'${show(value)}' is not a duration`, fix: 'Write Never with a capital N' }
      : {
          message: `'${show(value)}' is not allowed here`,
          fix: `Use a duration with ${units} units, e.g. 48h`,
        };
  }
  return {
    message: `'${show(value)}' is not a duration Karpenter accepts`,
    fix: `Write whole numbers with ${units} units${never}, e.g. ${rule.hoursAndMinutesOnly ? '8h or 30m' : '30s, 2m or 720h'}`,
  };
}
