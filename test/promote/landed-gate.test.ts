/** Waiting for a ring to land: stops when landed, on a fault waiting cannot cure, or at the deadline. */
import { GateReport, waitUntilLanded } from '../../promote/landed-gate';

const report = (landed: boolean, fatal = false): GateReport => ({
  ring: 'r',
  commit: 'c',
  landed,
  clusters: [],
  fatal,
});

function clocked(reports: readonly GateReport[]) {
  let clock = 0;
  let checks = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    check: async () => reports[Math.min(checks++, reports.length - 1)],
    now: () => clock,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      clock += ms;
    },
  };
}

describe('waitUntilLanded', () => {
  it('polls until landed', async () => {
    const c = clocked([report(false), report(false), report(true)]);
    const seen: number[] = [];
    const r = await waitUntilLanded(c.check, {
      timeoutMs: 60_000,
      intervalMs: 15_000,
      ...c,
      onCheck: (_, n) => seen.push(n),
    });
    expect(r).toMatchObject({ checks: 3, timedOut: false, report: { landed: true } });
    expect(seen).toEqual([1, 2, 3]);
    expect(c.sleeps).toEqual([15_000, 15_000]);
  });

  it('times out with a last check at the deadline, never sleeping past it', async () => {
    const c = clocked([report(false)]);
    const r = await waitUntilLanded(c.check, { timeoutMs: 40_000, intervalMs: 15_000, ...c });
    expect(r).toMatchObject({ checks: 4, timedOut: true });
    expect(c.sleeps).toEqual([15_000, 15_000, 10_000]);
  });

  it('stops at once on a fault waiting cannot cure', async () => {
    const c = clocked([report(false, true)]);
    expect(await waitUntilLanded(c.check, { timeoutMs: 40_000, intervalMs: 15_000, ...c })).toMatchObject({
      checks: 1,
      timedOut: false,
    });
    expect(c.sleeps).toEqual([]);
  });
});
