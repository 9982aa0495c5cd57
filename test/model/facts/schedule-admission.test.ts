/**
 * A schedule judged as a cluster judges it: the NodePool CRD's pattern with Go's regexp (the API
 * server), then robfig/cron's ParseStandard("TZ=UTC " + s) (Karpenter 1.14.1). Every case of
 * issue 35, where JavaScript's regular expressions and trim() disagreed with Go.
 */
import { admitSchedule, schedulePattern } from '../../../model/facts/schedule-admission';
import { SHIPPED_CRD_FACTS } from '../../../model/facts/artifacts/crd-facts';

const v1_14_1 = SHIPPED_CRD_FACTS['1.14.1'];

const verdict = (s: string): string => {
  const r = admitSchedule(s);
  return r.ok ? 'accepted' : r.refusedBy;
};

describe('admitSchedule', () => {
  it("takes the pattern from the version's generated CRD facts", () => {
    expect(schedulePattern(v1_14_1)?.source).toBe(
      '^(@(annually|yearly|monthly|weekly|daily|midnight|hourly))|((.+)\\s(.+)\\s(.+)\\s(.+)\\s(.+))$',
    );
    expect(schedulePattern(SHIPPED_CRD_FACTS['1.0.14'])?.source).toBe(schedulePattern(v1_14_1)?.source);
  });

  it('a version whose CRD has no schedule pattern leaves the judgement to Karpenter alone', () => {
    expect(schedulePattern({})).toBeUndefined();
    expect(admitSchedule(' @daily', {})).toMatchObject({ ok: true });
    expect(admitSchedule('@every 1h', {})).toMatchObject({ ok: true, everySeconds: 3600 });
    expect(admitSchedule('@dailyx', {})).toMatchObject({ ok: false, refusedBy: 'karpenter' });
  });

  it('another pattern in the facts is the one the API server applies', () => {
    const facts = { disruptionBudgetSchedulePattern: '^@daily$' };
    expect(admitSchedule('@daily', facts)).toMatchObject({ ok: true });
    expect(admitSchedule('0 9 * * *', facts)).toEqual({
      ok: false,
      refusedBy: 'api-server',
      pattern: '^@daily$',
    });
  });

  it.each([
    ['0\u00a00 * * *', 'api-server'],
    ['0 0\v* * *', 'api-server'],
    ['0\u20030 * * *', 'api-server'],
    ['\ufeff@daily', 'api-server'],
    [' @daily', 'api-server'],
    ['0 0 * * *\n', 'api-server'],
    ['@every 1h', 'api-server'],
    ['0 0 * * *\ufeff', 'karpenter'],
    ['@daily\ufeff', 'karpenter'],
    ['@dailyx', 'karpenter'],
    ['0 0 * * * *', 'karpenter'],
    ['@every 1h      ', 'accepted'],
    ['0 0 * * *\r', 'accepted'],
    ['0 0 * * *\u2028', 'accepted'],
    ['0 0 * * *\u2029', 'accepted'],
    ['@daily\u0085', 'accepted'],
    ['0 9 * * mon-fri', 'accepted'],
    ['@daily', 'accepted'],
  ])('%j: %s', (schedule, expected) => {
    expect(verdict(schedule)).toBe(expected);
  });

  it('names the pattern the API server refuses and what Karpenter cannot parse', () => {
    expect(admitSchedule(' @daily')).toEqual({
      ok: false,
      refusedBy: 'api-server',
      pattern: schedulePattern(v1_14_1)?.source,
    });
    expect(admitSchedule('@dailyx')).toEqual({
      ok: false,
      refusedBy: 'karpenter',
      problem: "'@dailyx' is not a descriptor Karpenter knows",
    });
  });
});
