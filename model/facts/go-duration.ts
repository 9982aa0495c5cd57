/**
 * Durations as Go's `time.ParseDuration` reads them, in nanoseconds: the one reader of Go
 * durations (validation's `duration` format asks `parseGoDuration` whether Go accepts a text).
 * `goDurationNanos` gives what Karpenter stores after
 * unmarshalling a duration field (kubernetes-sigs/karpenter v1.14.1 pkg/apis/v1/duration.go,
 * NillableDuration.UnmarshalJSON; k8s.io/apimachinery metav1.Duration.UnmarshalJSON), and so
 * what its hashes see. `336h` and `20160m` are the same value.
 *
 * Only whole numbers of a unit are read (`1h30m`, `90s`, `500ms`), which covers every value the
 * Karpenter CRDs admit (`^([0-9]+(s|m|h))+$`); a fraction (`1.5h`, which Go computes in floating
 * point) or anything else is `undefined`, and callers then compare the text.
 */

/** Nanoseconds per unit, as Go's time package defines them (µ in both Unicode spellings). */
const UNIT_NANOS: Readonly<Record<string, bigint>> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  μs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

const WHOLE = /^[-+]?(?:(?:[0-9]+(?:ns|us|µs|μs|ms|s|m|h))+|0)$/;
/** time.Duration is an int64 of nanoseconds: ParseDuration refuses more than 2^63 - 1 (2^63 when negative). */
const LIMIT = 2n ** 63n;

/**
 * What `time.ParseDuration(text)` gives, in nanoseconds (a fraction of a unit truncated), or
 * undefined when Go refuses the text: a sign, then one or more number-unit pairs (`1h30m`,
 * `1.5h`, `.5s`), or `0`.
 */
export function parseGoDuration(text: string): bigint | undefined {
  let s = text;
  const negative = s.startsWith('-');
  if (negative || s.startsWith('+')) s = s.slice(1);
  if (s === '0') return 0n;
  if (s === '') return undefined;
  let total = 0n;
  while (s !== '') {
    const m = /^([0-9]*)(?:\.([0-9]*))?/.exec(s);
    const whole = m?.[1] ?? '';
    const frac = m?.[2];
    if (!m || (whole === '' && (frac === undefined || frac === ''))) return undefined;
    s = s.slice(m[0].length);
    const unit = /^[^0-9.]+/.exec(s)?.[0];
    const scale = unit === undefined ? undefined : UNIT_NANOS[unit];
    if (unit === undefined || scale === undefined) return undefined;
    s = s.slice(unit.length);
    const v = BigInt(whole === '' ? '0' : whole);
    if (v >= LIMIT) return undefined;
    let ns = v * scale;
    if (ns >= LIMIT) return undefined;
    if (frac) {
      const digits = frac.slice(0, 30);
      ns += (BigInt(digits) * scale) / 10n ** BigInt(digits.length);
    }
    total += ns;
    if (total > LIMIT) return undefined;
  }
  if (total === LIMIT && !negative) return undefined;
  return negative ? -total : total;
}

/** The duration in nanoseconds, or undefined when it is not a whole-unit Go duration. */
export function goDurationNanos(text: string): bigint | undefined {
  if (!WHOLE.test(text)) return undefined;
  const nanos = parseGoDuration(text);
  return nanos === undefined || nanos === -LIMIT ? undefined : nanos;
}
