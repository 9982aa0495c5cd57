/**
 * Seeded pseudo-random numbers for the fuzz harness (mulberry32). The harness never
 * calls Math.random: the same seed always derives the same cases, and the seed is
 * printed so a failing run can be replayed with `FUZZ_SEED=<seed> npx jest test/reliability`.
 */
export interface Prng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** One element of a non-empty list. */
  pick<T>(list: readonly T[]): T;
  /** `k` distinct elements (all of them when `k >= list.length`), in a seeded order. */
  sample<T>(list: readonly T[], k: number): T[];
}

/** The seed used when `FUZZ_SEED` is not set. */
export const DEFAULT_FUZZ_SEED = 20261122;

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(next() * n);
  return {
    next,
    int,
    pick: <T>(list: readonly T[]): T => {
      if (list.length === 0) throw new Error('pick from an empty list');
      return list[int(list.length)];
    },
    sample: <T>(list: readonly T[], k: number): T[] => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy.slice(0, Math.min(k, copy.length));
    },
  };
}

/** The seed of this run: `FUZZ_SEED` when set to an integer, else {@link DEFAULT_FUZZ_SEED}. */
export function fuzzSeedFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.FUZZ_SEED;
  if (raw === undefined || raw === '') return DEFAULT_FUZZ_SEED;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`FUZZ_SEED must be an integer, got '${raw}'`);
  return n;
}
