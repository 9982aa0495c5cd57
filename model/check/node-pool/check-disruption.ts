/**
 * Disruption settings Karpenter v1.14.1 accepts but that do not do what the file says: budget
 * schedules it cannot parse (it fails closed), schedules whose budget is active at all times,
 * budgets that block drift forever, and an expireAfter so short that nodes churn.
 */
import { CheckContext } from '../check-context';
import { DURATION_PATTERN, durationSeconds } from '../check-durations';
import { CRON_DESCRIPTORS } from '../../facts/cron-schedule';
import { admitSchedule } from '../../facts/schedule-admission';
import { formatMinutes, longestGapMinutes } from '../../facts/cron-gaps';
import { allowsNoNodes, appliesToDrift, budgetActivity } from './drift-budget';
import { PathSegment } from '../../parse/located';
import { RawNodePool } from '../../parse/raw-fleet';
import { show, showAscii } from '../../shared/show-value';

/** Shortest expireAfter not warned about: one hour (documented in docs/validation.md). */
export const MIN_EXPIRE_AFTER_SECONDS = 3600;

export function checkDisruption(ctx: CheckContext, name: string, pool: RawNodePool): void {
  const at = (...rest: PathSegment[]): PathSegment[] => ['nodePools', name, ...rest];
  const budgets = pool.disruption?.budgets ?? [];
  budgets.forEach((b, i) => {
    if (b.schedule === undefined) return;
    const path = at('disruption', 'budgets', i, 'schedule');
    const parsed = admitSchedule(b.schedule, ctx.crdFacts);
    const shown = showAscii(b.schedule);
    if (!parsed.ok) {
      if (parsed.refusedBy === 'api-server') {
        ctx.error(
          path,
          `'${shown}' does not match the NodePool CRD's pattern for schedule, so the API server refuses the NodePool (it matches the pattern with Go's regexp, where \\s is only an ASCII space, tab or line break and nothing may come before a descriptor)`,
          `Write five fields separated by ASCII spaces, e.g. "0 9 * * mon-fri", or one of ${Object.keys(CRON_DESCRIPTORS).join(', ')}, with nothing before it`,
        );
      } else {
        ctx.error(
          path,
          `the API server accepts '${shown}', but Karpenter cannot parse it: ${parsed.problem}; Karpenter would fail closed and allow no disruption under this budget at any time`,
          `Write five fields (minute 0-59, hour 0-23, day of month 1-31, month 1-12 or jan-dec, day of week 0-6 or sun-sat), in UTC, e.g. "0 9 * * mon-fri", or one of ${Object.keys(CRON_DESCRIPTORS).join(', ')}`,
        );
      }
      return;
    }
    if (parsed.everySeconds !== undefined) {
      const seconds = b.duration === undefined ? undefined : durationSeconds(b.duration);
      // Budget.IsActive asks for the next start after now - duration: an interval schedule is
      // then active at all times (interval <= duration) or never.
      if (seconds !== undefined)
        ctx.warn(
          path,
          seconds >= parsed.everySeconds
            ? `'${shown}' repeats at most every duration ${show(b.duration ?? '')}, so Karpenter treats this budget as active at all times`
            : `'${shown}' repeats less often than the duration ${show(b.duration ?? '')} lasts, and Karpenter checks an interval schedule from now minus the duration, so this budget is never active`,
          'Use a cron schedule (e.g. "0 9 * * mon-fri") for a maintenance window, or remove schedule and duration if the budget is meant to apply at all times',
        );
      return;
    }
    const gap = longestGapMinutes(parsed.schedule);
    if (gap === undefined) {
      ctx.warn(
        path,
        `'${shown}' never fires (no date matches it), so Karpenter treats this budget as active at all times`,
        'Correct the schedule, or remove schedule and duration if the budget is meant to apply at all times',
      );
      return;
    }
    const seconds = b.duration === undefined ? undefined : durationSeconds(b.duration);
    if (seconds !== undefined && seconds / 60 >= gap) {
      ctx.warn(
        at('disruption', 'budgets', i, 'duration'),
        `duration ${show(b.duration ?? '')} is at least the longest gap between the schedule's starts (${formatMinutes(gap)}), so Karpenter treats this budget as active at all times`,
        `Use a duration shorter than ${formatMinutes(gap)}, or remove schedule and duration if the budget is meant to apply at all times`,
      );
    }
  });

  const blocking = budgets.findIndex(
    (b) => appliesToDrift(b) && allowsNoNodes(b.nodes) && budgetActivity(b, ctx.crdFacts).kind === 'always',
  );
  if (blocking >= 0) {
    const b = budgets[blocking];
    const when = b.schedule === undefined ? 'at all times (no schedule)' : 'at all times (see its schedule)';
    ctx.warn(
      at('disruption', 'budgets', blocking, 'nodes'),
      `this budget allows 0 nodes ${when}${b.reasons === undefined ? ' for every reason' : ' for Drifted'}: Karpenter never replaces drifted nodes, so AMI updates and node class changes never roll out to running nodes`,
      'Give the budget a schedule and duration (a maintenance window), restrict it with reasons: [Underutilized, Empty], or allow some nodes (e.g. nodes: "10%")',
    );
  }

  const expire = pool.expireAfter;
  if (expire !== undefined && expire !== 'Never' && DURATION_PATTERN.test(expire)) {
    const seconds = durationSeconds(expire);
    if (seconds !== undefined && seconds < MIN_EXPIRE_AFTER_SECONDS) {
      ctx.warn(
        at('expireAfter'),
        `expireAfter ${show(expire)} is under 1h: Karpenter replaces every node of this pool ${show(expire)} after it launches, whatever the disruption budgets say, so nodes churn constantly`,
        'Use at least 1h (e.g. 720h for 30 days), or Never',
      );
    }
  }
}
