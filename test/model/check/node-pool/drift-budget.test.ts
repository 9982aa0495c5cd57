import { describeDriftStart, driftStart } from '../../../../model/check/node-pool/drift-budget';

describe('driftStart', () => {
  it('no budget, or budgets allowing nodes: any time', () => {
    expect(driftStart([])).toEqual({ kind: 'any-time' });
    expect(driftStart([{ nodes: '10%' }])).toEqual({ kind: 'any-time' });
  });
  it('a zero budget for other reasons does not block drift', () => {
    expect(driftStart([{ nodes: '0', reasons: ['Underutilized'] }])).toEqual({ kind: 'any-time' });
  });
  it('an always-active zero budget, or an unparsable schedule (Karpenter fails closed): never', () => {
    expect(driftStart([{ nodes: '10%' }, { nodes: 0 }])).toEqual({ kind: 'never', budget: 1 });
    expect(driftStart([{ nodes: '5', schedule: '0 25 * * *', duration: '1h' }])).toEqual({
      kind: 'never',
      budget: 0,
    });
  });
  it('scheduled zero budgets: outside their windows', () => {
    const start = driftStart([
      { nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h' },
      { nodes: '0', schedule: '@daily', duration: '1h', reasons: ['Drifted'] },
    ]);
    expect(start).toEqual({
      kind: 'outside',
      windows: [
        { budget: 0, schedule: '0 9 * * mon-fri', duration: '8h' },
        { budget: 1, schedule: '@daily', duration: '1h' },
      ],
    });
    expect(describeDriftStart(start)).toBe(
      "the disruption budgets let drift start only outside '0 9 * * mon-fri' + 8h (UTC, budget 0), '@daily' + 1h (UTC, budget 1)",
    );
  });
});
