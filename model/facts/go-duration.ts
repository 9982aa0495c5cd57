/**
 * Durations as Go's `time.ParseDuration` reads them, in nanoseconds: what Karpenter stores after
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

const WHOLE = /^([-+]?)((?:[0-9]+(?:ns|us|µs|μs|ms|s|m|h))+|0)$/;
const PART = /([0-9]+)(ns|us|µs|μs|ms|s|m|h)/g;
/** time.Duration is an int64 of nanoseconds; ParseDuration refuses anything larger. */
const MAX_NANOS = 2n ** 63n - 1n;

/** The duration in nanoseconds, or undefined when it is not a whole-unit Go duration. */
export function goDurationNanos(text: string): bigint | undefined {
  const m = WHOLE.exec(text);
  if (!m) return undefined;
  let total = 0n;
  for (const [, n, unit] of m[2].matchAll(PART)) total += BigInt(n) * UNIT_NANOS[unit];
  if (total > MAX_NANOS) return undefined;
  return m[1] === '-' ? -total : total;
}
