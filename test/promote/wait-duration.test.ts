/** `--wait` durations. */
import { parseWaitDuration } from '../../promote/wait-duration';

describe('wait duration', () => {
  it('reads --wait durations', () => {
    expect(parseWaitDuration('90s')).toBe(90_000);
    expect(parseWaitDuration('10m')).toBe(600_000);
    expect(parseWaitDuration('1h30m')).toBe(5_400_000);
    for (const bad of ['', '0s', '10', 'm10', '1m1h', '5x']) expect(parseWaitDuration(bad)).toBeUndefined();
  });
});
