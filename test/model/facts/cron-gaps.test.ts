import { formatMinutes, longestGapMinutes } from '../../../model/facts/cron-gaps';
import { parseCronSchedule } from '../../../model/facts/cron-schedule';

function gap(text: string): number | undefined {
  const r = parseCronSchedule(text);
  if (!r.ok) throw new Error(r.problem);
  if (r.schedule === undefined) throw new Error('an interval');
  return longestGapMinutes(r.schedule);
}

describe('longestGapMinutes', () => {
  it('regular schedules', () => {
    expect(gap('*/15 * * * *')).toBe(15);
    expect(gap('@hourly')).toBe(60);
    expect(gap('@daily')).toBe(24 * 60);
    expect(gap('0 9,17 * * *')).toBe(16 * 60);
    expect(gap('@weekly')).toBe(7 * 24 * 60);
  });
  it('weekdays only: Friday 09:00 to Monday 09:00', () => {
    expect(gap('0 9 * * mon-fri')).toBe(3 * 24 * 60);
  });
  it('months of different lengths: the longest gap of @monthly is 31 days', () => {
    expect(gap('@monthly')).toBe(31 * 24 * 60);
  });
  it('29 February: four years apart (2001-2028 have no skipped leap year)', () => {
    expect(gap('0 0 29 2 *')).toBe((4 * 365 + 1) * 24 * 60);
  });
  it('a schedule that never fires', () => {
    expect(gap('0 0 30 2 *')).toBeUndefined();
    expect(gap(', * * * *')).toBeUndefined();
  });
  it('formatMinutes writes durations as Karpenter does', () => {
    expect([formatMinutes(45), formatMinutes(60), formatMinutes(90), formatMinutes(4320)]).toEqual([
      '45m',
      '1h',
      '1h30m',
      '72h',
    ]);
  });
});
