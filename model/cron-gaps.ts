/**
 * When a scheduled disruption budget is active, as Karpenter v1.14.1's `Budget.IsActive` decides:
 * active at `now` when the schedule's next start after `now - duration` is not after `now`, i.e.
 * when a start lies in (now - duration, now]. So a budget is active at all times when its duration
 * is at least the longest gap between two starts; and robfig's `Next` gives up after five years
 * and returns the zero time, which is never after `now`, so a schedule that never fires makes its
 * budget active at all times too.
 */
import { CronSchedule, cronDayMatches } from './cron-schedule';

const MINUTES_PER_DAY = 1440;
/**
 * Days looked at: 28 years from 2001, after which dates and weekdays repeat (until 2100), so the
 * longest gap in the window is the longest gap of the schedule; plus a month to close the wrap.
 */
const WINDOW_START = Date.UTC(2001, 0, 1);
const WINDOW_DAYS = 28 * 365 + 7 + 31;

/** Longest gap between two consecutive starts, in minutes; undefined when it never fires. */
export function longestGapMinutes(s: CronSchedule): number | undefined {
  const times: number[] = [];
  for (const h of [...s.hour.values].sort((a, b) => a - b)) {
    for (const m of [...s.minute.values].sort((a, b) => a - b)) times.push(h * 60 + m);
  }
  if (times.length === 0) return undefined;
  let gap = 0;
  for (let i = 1; i < times.length; i++) gap = Math.max(gap, times[i] - times[i - 1]);
  const span = times[times.length - 1] - times[0];
  let previousDay: number | undefined;
  for (let d = 0; d < WINDOW_DAYS; d++) {
    if (!cronDayMatches(s, new Date(WINDOW_START + d * 86_400_000))) continue;
    if (previousDay !== undefined) gap = Math.max(gap, (d - previousDay) * MINUTES_PER_DAY - span);
    previousDay = d;
  }
  if (previousDay === undefined) return undefined;
  return gap;
}

/** Minutes as Karpenter writes durations: `90m` → `1h30m`, `1440m` → `24h`. */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m}m` : m === 0 ? `${h}h` : `${h}h${m}m`;
}
