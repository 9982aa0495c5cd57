/** A node pool's durations: consolidateAfter, expireAfter and terminationGracePeriod. */
import { CheckContext } from '../check-context';
import { durationProblem, DurationRule } from '../check-durations';
import { PathSegment } from '../../parse/located';
import { RawNodePool } from '../../parse/raw-fleet';

export function checkPoolDurations(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  pool: RawNodePool,
): void {
  checkDuration(ctx, at('disruption', 'consolidateAfter'), pool.disruption?.consolidateAfter, {
    allowNever: true,
  });
  checkDuration(ctx, at('expireAfter'), pool.expireAfter, { allowNever: true });
  checkDuration(ctx, at('terminationGracePeriod'), pool.terminationGracePeriod, { allowNever: false });
}

/** One duration, when it is set. */
export function checkDuration(
  ctx: CheckContext,
  path: PathSegment[],
  value: string | undefined,
  rule: DurationRule,
): void {
  if (value === undefined) return;
  const problem = durationProblem(value, rule);
  if (problem) ctx.error(path, problem.message, problem.fix);
}
