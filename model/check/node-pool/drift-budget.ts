/**
 * When a pool's disruption budgets let drift start, as Karpenter v1.14.1 computes it
 * (`NodePool.GetAllowedDisruptionsByReason`): the budgets that apply to Drifted (no `reasons`, or
 * `reasons` listing Drifted) each allow their `nodes` while active and any number while inactive;
 * the pool allows the smallest. A budget of `0` or `0%` blocks drift while it is active; one whose
 * schedule Karpenter cannot parse fails closed (allows 0 at all times).
 */
import { longestGapMinutes } from '../../facts/cron-gaps';
import type { CrdFacts } from '../../facts/artifacts/crd-facts';
import { admitSchedule, DEFAULT_CRD_FACTS } from '../../facts/schedule-admission';
import { durationSeconds } from '../check-durations';

export interface BudgetLike {
  readonly nodes: string | number;
  readonly schedule?: string;
  readonly duration?: string;
  readonly reasons?: readonly string[];
}

/** When a budget with a schedule is active. */
export type BudgetActivity =
  | { readonly kind: 'always'; readonly why: 'no-schedule' | 'never-fires' | 'duration-covers-gap' }
  | { readonly kind: 'scheduled'; readonly schedule: string; readonly duration: string }
  | { readonly kind: 'unparsable' };

/**
 * `facts`: the CRD facts of the cluster's Karpenter version (its schedule pattern).
 * @default DEFAULT_CRD_FACTS
 */
export function budgetActivity(b: BudgetLike, facts: CrdFacts = DEFAULT_CRD_FACTS): BudgetActivity {
  if (b.schedule === undefined) return { kind: 'always', why: 'no-schedule' };
  const parsed = admitSchedule(b.schedule, facts);
  if (!parsed.ok) return { kind: 'unparsable' };
  // An interval schedule is active at all times when its interval is within the duration.
  const gap =
    parsed.everySeconds !== undefined ? parsed.everySeconds / 60 : longestGapMinutes(parsed.schedule);
  if (gap === undefined) return { kind: 'always', why: 'never-fires' };
  const seconds = b.duration === undefined ? undefined : durationSeconds(b.duration);
  if (seconds !== undefined && seconds / 60 >= gap) return { kind: 'always', why: 'duration-covers-gap' };
  return { kind: 'scheduled', schedule: b.schedule, duration: b.duration ?? '0m' };
}

/** `0` and `0%` allow no node at all. */
export function allowsNoNodes(nodes: string | number): boolean {
  return /^0+%?$/.test(String(nodes).trim());
}

export function appliesToDrift(b: BudgetLike): boolean {
  return b.reasons === undefined || b.reasons.includes('Drifted');
}

export type DriftStart =
  | { readonly kind: 'any-time' }
  /** `budget` is the index of the first budget blocking drift at all times. */
  | { readonly kind: 'never'; readonly budget: number }
  /** Drift may start only outside these windows. */
  | {
      readonly kind: 'outside';
      readonly windows: readonly {
        readonly budget: number;
        readonly schedule: string;
        readonly duration: string;
      }[];
    };

/**
 * `facts`: the CRD facts of the cluster's Karpenter version.
 * @default DEFAULT_CRD_FACTS
 */
export function driftStart(budgets: readonly BudgetLike[], facts: CrdFacts = DEFAULT_CRD_FACTS): DriftStart {
  const windows: { budget: number; schedule: string; duration: string }[] = [];
  for (const [i, b] of budgets.entries()) {
    if (!appliesToDrift(b)) continue;
    const activity = budgetActivity(b, facts);
    if (activity.kind === 'unparsable') return { kind: 'never', budget: i };
    if (!allowsNoNodes(b.nodes)) continue;
    if (activity.kind === 'always') return { kind: 'never', budget: i };
    windows.push({ budget: i, schedule: activity.schedule, duration: activity.duration });
  }
  return windows.length === 0 ? { kind: 'any-time' } : { kind: 'outside', windows };
}

/** One sentence for reports: when drifted nodes may start being replaced. */
export function describeDriftStart(start: DriftStart): string {
  switch (start.kind) {
    case 'any-time':
      return 'the disruption budgets let drift start at any time';
    case 'never':
      return `disruption budget ${start.budget} allows 0 nodes at all times for Drifted, so drifted nodes are never replaced`;
    case 'outside':
      return `the disruption budgets let drift start only outside ${start.windows
        .map((w) => `'${w.schedule}' + ${w.duration} (UTC, budget ${w.budget})`)
        .join(', ')}`;
  }
}
