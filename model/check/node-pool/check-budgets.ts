/** A node pool's disruption budgets: node counts, and schedule and duration set together. */
import { CheckContext } from '../check-context';
import { checkDuration } from './check-pool-durations';
import { PathSegment } from '../../parse/located';
import { RawNodePool } from '../../parse/raw-fleet';
import { show } from '../../shared/show-value';

const BUDGET_NODES = /^((100|[0-9]{1,2})%|[0-9]+)$/;

type RawBudget = NonNullable<NonNullable<RawNodePool['disruption']>['budgets']>[number];

export function checkBudgets(
  ctx: CheckContext,
  path: PathSegment[],
  budgets: readonly RawBudget[] | undefined,
): void {
  (budgets ?? []).forEach((b, i) => {
    const nodes = String(b.nodes);
    if (!BUDGET_NODES.test(nodes)) {
      ctx.error(
        [...path, i, 'nodes'],
        `'${show(nodes)}' is not a node count or percentage`,
        'Write a whole number (e.g. 0 or 5) or a percentage (e.g. 10%)',
      );
    }
    if (b.schedule !== undefined && b.duration === undefined) {
      ctx.error(
        [...path, i, 'schedule'],
        'a budget with a schedule needs a duration',
        'Add duration (e.g. 8h): how long the budget applies after each scheduled start',
        'key',
      );
    }
    if (b.duration !== undefined && b.schedule === undefined) {
      ctx.error(
        [...path, i, 'duration'],
        'a budget with a duration needs a schedule',
        'Add schedule (a cron expression such as "0 9 * * mon-fri")',
        'key',
      );
    }
    checkDuration(ctx, [...path, i, 'duration'], b.duration, {
      allowNever: false,
      hoursAndMinutesOnly: true,
    });
    // The schedule itself is parsed as Karpenter parses it in check-disruption.ts.
  });
}
