import { durationProblem, durationSeconds, karpenterDuration } from '../../../model/check/check-durations';

describe('durations', () => {
  it('accepts Karpenter durations and Never where allowed', () => {
    for (const d of ['30s', '2m', '720h', '1h30m'])
      expect(durationProblem(d, { allowNever: false })).toBeUndefined();
    expect(durationProblem('Never', { allowNever: true })).toBeUndefined();
    expect(durationProblem('8h', { allowNever: false, hoursAndMinutesOnly: true })).toBeUndefined();
  });

  it('converts days and weeks to hours', () => {
    expect(durationProblem('30d', { allowNever: true })).toEqual({
      message: "'30d' is not a duration Karpenter accepts (only s, m and h units)",
      fix: 'Use 720h',
    });
    expect(durationProblem('1w', { allowNever: true })?.fix).toBe('Use 168h');
    expect(durationProblem('1d12h', { allowNever: true })?.fix).toBe('Use 36h');
  });

  it('budget durations accept hours and minutes only', () => {
    expect(durationProblem('90s', { allowNever: false, hoursAndMinutesOnly: true })?.fix).toBe(
      'Write whole numbers with h and m units, e.g. 8h or 30m',
    );
    expect(durationProblem('120s', { allowNever: false, hoursAndMinutesOnly: true })?.fix).toBe('Use 2m');
  });

  it('explains Never in the wrong case or where it is not allowed', () => {
    expect(durationProblem('never', { allowNever: true })?.fix).toBe('Write Never with a capital N');
    expect(durationProblem('Never', { allowNever: false })?.message).toBe(
      "'Never' is not a duration Karpenter accepts",
    );
  });

  it('helpers', () => {
    expect(durationSeconds('1h1m1s')).toBe(3661);
    expect(durationSeconds('1.5h')).toBeUndefined();
    expect(karpenterDuration(3661)).toBe('3661s');
    expect(karpenterDuration(90, true)).toBeUndefined();
  });
});
