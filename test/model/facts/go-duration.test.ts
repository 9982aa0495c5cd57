import { goDurationNanos, parseGoDuration } from '../../../model/facts/go-duration';

describe('goDurationNanos (time.ParseDuration, whole units)', () => {
  const H = 3_600_000_000_000n;
  it.each([
    ['336h', 336n * H],
    ['20160m', 336n * H],
    ['1h30m', 90n * 60_000_000_000n],
    ['90m', 90n * 60_000_000_000n],
    ['48h', 48n * H],
    ['2880m', 48n * H],
    ['172800s', 48n * H],
    ['500ms', 500_000_000n],
    ['1us', 1_000n],
    ['1µs', 1_000n],
    ['0', 0n],
    ['0s', 0n],
    ['-5s', -5_000_000_000n],
  ])('%s', (text, nanos) => {
    expect(goDurationNanos(text)).toBe(nanos);
  });

  it('refuses what Go refuses or computes in floating point', () => {
    for (const text of ['', 'Never', '1d', '1.5h', 'h', '10', '3000000h'])
      expect(goDurationNanos(text)).toBeUndefined();
  });
});

describe('parseGoDuration (time.ParseDuration)', () => {
  it('reads fractions, signs and every unit, as Go does', () => {
    expect(parseGoDuration('1.5h')).toBe(5_400_000_000_000n);
    expect(parseGoDuration('.5s')).toBe(500_000_000n);
    expect(parseGoDuration('-1m30s')).toBe(-90_000_000_000n);
    expect(parseGoDuration('+0')).toBe(0n);
    expect(parseGoDuration('3µs')).toBe(3_000n);
  });

  it('refuses what Go refuses: no unit, unknown units, a lone sign or dot, overflow', () => {
    for (const text of ['', '1', 'h', '1d', '-', '.s', '1..5s', '9223372036854775808ns'])
      expect({ text, nanos: parseGoDuration(text) }).toEqual({ text, nanos: undefined });
    expect(parseGoDuration('-9223372036854775807ns')).toBe(-(2n ** 63n - 1n));
    expect(parseGoDuration('9223372036854775807ns')).toBe(2n ** 63n - 1n);
  });
});
