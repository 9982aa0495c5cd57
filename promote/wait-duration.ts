/**
 * The duration of `--wait`: `90s`, `10m`, `1h30m` (hours, minutes, seconds, each at most once,
 * in that order). Without a value `--wait` waits {@link DEFAULT_WAIT_MS}.
 */
/** What a bare `--wait` waits. */
export const DEFAULT_WAIT = '30m';

const DURATION = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/** Milliseconds, or undefined when the text is not such a duration (or is zero). */
export function parseWaitDuration(text: string): number | undefined {
  const m = DURATION.exec(text);
  if (!m || text === '') return undefined;
  const [h, min, s] = [m[1], m[2], m[3]].map((v) => Number(v ?? 0));
  const ms = ((h * 60 + min) * 60 + s) * 1000;
  return ms > 0 ? ms : undefined;
}

/** {@link DEFAULT_WAIT} in milliseconds. */
export const DEFAULT_WAIT_MS = parseWaitDuration(DEFAULT_WAIT) as number;
