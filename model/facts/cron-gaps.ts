/**
 * When a scheduled disruption budget is active, as Karpenter v1.14.1's `Budget.IsActive` decides:
 * active at `now` when the schedule's next start after `now - duration` is not after `now`, i.e.
 * when a start lies in (now - duration, now]. So a budget is active at all times when its duration
 * is at least the longest gap between two starts; and robfig's `Next` gives up after five years
 * and returns the zero time, which is never after `now`, so a schedule that never fires makes its
 * budget active at all times too.
 */
import { CronSchedule } from './cron-schedule';

const MINUTES_PER_DAY = 1440;
/**
 * Days looked at: 28 years from 2001-01-01 (a Monday), after which dates and weekdays repeat
 * (until 2100), so the longest gap in the window is the longest gap of the schedule; plus a
 * month to close the wrap. Walked with counters, not Date objects: a fleet has many budgets.
 */
const WINDOW_YEARS = 28;
const FIRST_YEAR = 2001;
const FIRST_WEEKDAY = 1;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const memo = new Map<string, number | undefined>();

/** Longest gap between two consecutive starts, in minutes; undefined when it never fires. */
export function longestGapMinutes(s: CronSchedule): number | undefined {
  const key = [s.minute, s.hour, s.dayOfMonth, s.month, s.dayOfWeek]
    .map((f) => `${[...f.values].join(',')}${f.star ? '*' : ''}`)
    .join(' ');
  if (!memo.has(key)) memo.set(key, computeGap(s));
  return memo.get(key);
}

function computeGap(s: CronSchedule): number | undefined {
  const times: number[] = [];
  for (const h of [...s.hour.values].sort((a, b) => a - b)) {
    for (const m of [...s.minute.values].sort((a, b) => a - b)) times.push(h * 60 + m);
  }
  if (times.length === 0) return undefined;
  let gap = 0;
  for (let i = 1; i < times.length; i++) gap = Math.max(gap, times[i] - times[i - 1]);
  const span = times[times.length - 1] - times[0];
  const months = [...Array(13).keys()].map((m) => s.month.values.has(m));
  const doms = [...Array(32).keys()].map((d) => s.dayOfMonth.values.has(d));
  const dows = [...Array(7).keys()].map((d) => s.dayOfWeek.values.has(d));
  const both = s.dayOfMonth.star || s.dayOfWeek.star;
  let previousDay: number | undefined;
  let index = 0;
  let weekday = FIRST_WEEKDAY;
  for (let year = FIRST_YEAR; year <= FIRST_YEAR + WINDOW_YEARS; year++) {
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    // The 29th year only closes the wrap: its January is enough.
    const lastMonth = year === FIRST_YEAR + WINDOW_YEARS ? 1 : 12;
    for (let month = 1; month <= lastMonth; month++) {
      const length = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
      for (let day = 1; day <= length; day++, index++, weekday = (weekday + 1) % 7) {
        if (!months[month]) continue;
        // robfig's dayMatches: both must match when either field is `*`, else either may.
        const matches = both ? doms[day] && dows[weekday] : doms[day] || dows[weekday];
        if (!matches) continue;
        if (previousDay !== undefined) gap = Math.max(gap, (index - previousDay) * MINUTES_PER_DAY - span);
        previousDay = index;
      }
    }
  }
  return previousDay === undefined ? undefined : gap;
}
/** Minutes as Karpenter writes durations: `90m` → `1h30m`, `1440m` → `24h`. */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m}m` : m === 0 ? `${h}h` : `${h}h${m}m`;
}
