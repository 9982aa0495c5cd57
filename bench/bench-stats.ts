/** Small statistics and number formatting for the benchmark report. */

export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

/** Median (mean of the middle two for an even count), min and max. Throws on an empty list. */
export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('spread of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

/** `0.62 s (0.60–0.70)` from milliseconds. */
export function formatSeconds(s: Spread): string {
  const f = (ms: number) => (ms / 1000).toFixed(2);
  return `${f(s.median)} s (${f(s.min)}–${f(s.max)})`;
}

/** `12,345` */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

/** `4.9×` */
export function formatRatio(r: number): string {
  return `${r.toFixed(r >= 10 ? 1 : 2)}×`;
}

export function formatMiB(kib: number): string {
  return `${(kib / 1024).toFixed(0)} MiB`;
}

/** Wall time (and CPU time when measured) of one command over several runs. */
export interface Measured {
  readonly wall: Spread;
  /** User + system CPU time of the process tree (absent without /usr/bin/time). */
  readonly cpu?: Spread;
}

/** Median of per-run ratios. */
export interface Ratio {
  readonly wall: number;
  readonly cpu?: number;
}

/** `1.20× wall, 1.10× CPU` (CPU when measured). */
export function ratioText(r: Ratio): string {
  return `${formatRatio(r.wall)} wall${r.cpu !== undefined ? `, ${formatRatio(r.cpu)} CPU` : ''}`;
}

/** `0.62 s (0.60–0.70); CPU 0.55 s`, or `not run`. */
export function timeText(m: Measured | undefined): string {
  if (!m) return 'not run';
  return `${formatSeconds(m.wall)}${m.cpu ? `; CPU ${(m.cpu.median / 1000).toFixed(2)} s` : ''}`;
}
