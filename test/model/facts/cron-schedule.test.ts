/**
 * Budget schedules as robfig/cron v3.0.1's ParseStandard parses them (what Karpenter 1.14.1
 * calls with "TZ=UTC " prefixed). Each case is a rule of robfig's parser.go.
 */
import { CronSchedule, cronDayMatches, parseCronSchedule } from '../../../model/facts/cron-schedule';

function ok(text: string): CronSchedule {
  const r = parseCronSchedule(text);
  if (!r.ok) throw new Error(`expected '${text}' to parse: ${r.problem}`);
  if (r.schedule === undefined) throw new Error(`'${text}' is an interval`);
  return r.schedule;
}

function problem(text: string): { field?: string; problem: string } {
  const r = parseCronSchedule(text);
  if (r.ok) throw new Error(`expected '${text}' to be refused`);
  return { field: r.field, problem: r.problem };
}

const values = (s: { values: ReadonlySet<number> }) => [...s.values].sort((a, b) => a - b);

describe('parseCronSchedule', () => {
  it('the issue cases: hour 25, step 0, an unknown descriptor', () => {
    expect(problem('0 25 * * *')).toEqual({
      field: 'hour',
      problem: "hour field '25': 25 is out of range (the hour field allows 0-23)",
    });
    expect(problem('*/0 * * * *')).toEqual({
      field: 'minute',
      problem: "minute field '*/0': the step in '*/0' is 0; a step must be a positive number",
    });
    expect(problem('@fortnightly')).toEqual({
      field: undefined,
      problem: "'@fortnightly' is not a descriptor Karpenter knows",
    });
  });

  it('bounds of every field (robfig: minute 0-59, hour 0-23, dom 1-31, month 1-12, dow 0-6)', () => {
    expect(problem('60 * * * *').problem).toBe(
      "minute field '60': 60 is out of range (the minute field allows 0-59)",
    );
    expect(problem('0 0 0 * *').problem).toBe(
      "day of month field '0': 0 is below the minimum 1 (the day of month field allows 1-31)",
    );
    expect(problem('0 0 32 * *').field).toBe('day of month');
    expect(problem('0 0 * 13 *').problem).toBe(
      "month field '13': 13 is out of range (the month field allows 1-12)",
    );
    // Sunday is 0 only: robfig's dow bounds stop at 6, unlike some crons that accept 7.
    expect(problem('0 0 * * 7').problem).toBe(
      "day of week field '7': 7 is out of range (the day of week field allows 0-6)",
    );
  });

  it('ranges, lists, steps and names (any case) as robfig expands them', () => {
    const s = ok('*/15 9-17 1,15 JAN-mar Mon-FRI');
    expect(values(s.minute)).toEqual([0, 15, 30, 45]);
    expect(values(s.hour)).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(values(s.dayOfMonth)).toEqual([1, 15]);
    expect(values(s.month)).toEqual([1, 2, 3]);
    expect(values(s.dayOfWeek)).toEqual([1, 2, 3, 4, 5]);
    // `N/step` runs to the field's maximum; `?` is `*`.
    expect(values(ok('50/5 ? * * *').minute)).toEqual([50, 55]);
    // strconv.Atoi accepts a leading +; empty list parts are skipped (strings.FieldsFunc).
    expect(values(ok('+5,,10 * * * *').minute)).toEqual([5, 10]);
  });

  it('refuses what robfig refuses, saying which field', () => {
    expect(problem('5-3 * * * *').problem).toBe("minute field '5-3': the range '5-3' starts after it ends");
    expect(problem('1-2-3 * * * *').problem).toBe("minute field '1-2-3': '1-2-3' has more than one hyphen");
    expect(problem('*/2/3 * * * *').problem).toBe("minute field '*/2/3': '*/2/3' has more than one slash");
    expect(problem('0 9 * * monday').problem).toBe(
      "day of week field 'monday': 'monday' is not a number or a name the day of week field knows",
    );
    expect(problem('*/-1 * * * *').problem).toBe("minute field '*/-1': negative number -1 is not allowed");
    expect(problem('0 0 * jan-x *').field).toBe('month');
    expect(problem('0 9 * *').problem).toBe(
      'expected exactly 5 fields (minute hour day-of-month month day-of-week), found 4',
    );
    // Seconds are not accepted (no Second option), nor a time zone (Karpenter prefixes TZ=UTC).
    expect(problem('0 0 9 * * *').problem).toMatch(/found 6$/);
    expect(problem('TZ=Europe/Paris 0 9 * * *').problem).toMatch(/found 6$/);
  });

  it('descriptors: the seven robfig knows, exactly, and @every with a Go duration', () => {
    expect(values(ok('@hourly').minute)).toEqual([0]);
    expect(ok('@hourly').hour.star).toBe(true);
    expect(values(ok('@weekly').dayOfWeek)).toEqual([0]);
    expect(values(ok('@yearly').month)).toEqual([1]);
    expect(ok('@annually')).toEqual(ok('@yearly'));
    expect(ok('@midnight')).toEqual(ok('@daily'));
    expect(ok(' @daily ')).toEqual(ok('@daily'));
    expect(problem('@Daily').problem).toBe("'@Daily' is not a descriptor Karpenter knows");
    expect(parseCronSchedule('@every 1h')).toEqual({ ok: true, everySeconds: 3600 });
    expect(parseCronSchedule('@every 1h30m   ')).toEqual({ ok: true, everySeconds: 5400 });
    expect(parseCronSchedule('@every 200ms')).toEqual({ ok: true, everySeconds: 1 });
    expect(problem('@every 1d').problem).toBe("'1d' is not a Go duration (e.g. 90m, 1h30m)");
    expect(problem('@every').problem).toBe("'@every' is not a descriptor Karpenter knows");
  });

  it('trims and splits as Go does: Unicode spaces, but not U+FEFF', () => {
    expect(ok('0\u00a00 * * *')).toEqual(ok('0 0 * * *'));
    expect(ok('0 0 * * *\r')).toEqual(ok('0 0 * * *'));
    expect(ok('@daily\u0085')).toEqual(ok('@daily'));
    expect(ok('\u2028@daily\u2029')).toEqual(ok('@daily'));
    expect(problem('\ufeff@daily').problem).toBe(
      'expected exactly 5 fields (minute hour day-of-month month day-of-week), found 1',
    );
    expect(problem('0 0 * * *\ufeff')).toEqual({
      field: 'day of week',
      problem: "day of week field '*\ufeff': '*\ufeff' is not a number or a name the day of week field knows",
    });
  });
});

describe('cronDayMatches (robfig dayMatches)', () => {
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  it('with * in day of month or day of week both must match', () => {
    const s = ok('0 0 * * mon');
    expect(cronDayMatches(s, day('2026-11-23'))).toBe(true); // a Monday
    expect(cronDayMatches(s, day('2026-11-24'))).toBe(false);
  });
  it('with both restricted, either matches (the 1st, and every Monday)', () => {
    const s = ok('0 0 1 * mon');
    expect(cronDayMatches(s, day('2026-11-01'))).toBe(true); // a Sunday, the 1st
    expect(cronDayMatches(s, day('2026-11-23'))).toBe(true); // a Monday
    expect(cronDayMatches(s, day('2026-11-24'))).toBe(false);
  });
  it('a step above 1 drops the star: */2 in day of month ORs with the weekday', () => {
    const s = ok('0 0 */2 * mon');
    expect(cronDayMatches(s, day('2026-11-23'))).toBe(true); // Monday the 23rd
    expect(cronDayMatches(s, day('2026-11-03'))).toBe(true); // Tuesday the 3rd
    expect(cronDayMatches(s, day('2026-11-04'))).toBe(false);
  });
});
