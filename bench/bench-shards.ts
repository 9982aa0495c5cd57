/**
 * The `check-shards` row of `npm run bench` (bench/bench.ts): on a committed copy of the project
 * (bench/bench-check.ts `setUpCheckProject`), per run, `check --base HEAD --full` once, then the
 * 8 shards `check --base HEAD --full --shard K/8` one after another on the same machine (what 8
 * CI runners would do side by side). The row reports the full time, every shard's time and the
 * slowest shard, whose ratio to the full check is a target (at most 1/6: docs/performance.md).
 * No warm-up: at 2,000 clusters one full check takes minutes; the shards run after it, in the
 * same state (cfn-lint's cache is not read by --full, so it gains nothing from going first).
 */
import type { TimedProcess, TimedRunner } from './bench-everyday';
import type { Measured } from './bench-stats';
import { spread } from './bench-stats';

export const BENCH_SHARDS = 8;

export interface ShardRow {
  readonly size: string;
  readonly shards: number;
  /** `check --base HEAD --full`. */
  readonly full: Measured;
  /** Median wall time of each shard, ms, shard 1 first. */
  readonly shardMs: readonly number[];
  /** The slowest shard's wall time per run. */
  readonly slowest: Measured;
  /** Median over runs of slowest shard / full. */
  readonly slowestOverFull: number;
  /** The same on CPU time (user + system of the process tree), steadier on a busy machine. @default not measured */
  readonly slowestCpuOverFullCpu?: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function wall(runs: readonly TimedProcess[]): Measured {
  const cpu = runs.map((r) => r.cpuMs);
  return {
    wall: spread(runs.map((r) => r.wallMs)),
    ...(cpu.every((c): c is number => c !== undefined) ? { cpu: spread(cpu) } : {}),
  };
}

/** Median over runs of (the most CPU any shard used) / (the full check's CPU). */
function cpuRatio(
  fulls: readonly TimedProcess[],
  perRun: readonly (readonly TimedProcess[])[],
): number | undefined {
  const ratios: number[] = [];
  for (const [i, these] of perRun.entries()) {
    const full = fulls[i].cpuMs;
    const most = Math.max(...these.map((p) => p.cpuMs ?? Number.NaN));
    if (full === undefined || !Number.isFinite(most)) return undefined;
    ratios.push(most / full);
  }
  return spread(ratios).median;
}

/**
 * @param progress told each check's times as it ends (at 2,000 clusters the row takes most of an
 *   hour: a run cut short still leaves what it measured) @default not told
 */
export function measureShards(
  run: TimedRunner,
  dir: string,
  size: string,
  runs: number,
  progress?: (line: string) => void,
): ShardRow {
  const node = process.execPath;
  const check = (extra: readonly string[]) => {
    const what = `check --base HEAD --full ${extra.join(' ')}`.trim();
    const p = run(
      what,
      node,
      ['build/review/check.js', '--quiet', '--base', 'HEAD', '--full', ...extra],
      dir,
    );
    const cpu = p.cpuMs !== undefined ? `, ${seconds(p.cpuMs)} CPU` : '';
    progress?.(`bench: ${size} ${what}: ${seconds(p.wallMs)} wall${cpu}`);
    return p;
  };
  const fulls: TimedProcess[] = [];
  const perShard: TimedProcess[][] = Array.from({ length: BENCH_SHARDS }, () => []);
  const slowest: TimedProcess[] = [];
  const byRun: TimedProcess[][] = [];
  for (let r = 0; r < runs; r++) {
    fulls.push(check([]));
    const these: TimedProcess[] = [];
    for (let k = 1; k <= BENCH_SHARDS; k++) {
      const p = check(['--shard', `${k}/${BENCH_SHARDS}`]);
      perShard[k - 1].push(p);
      these.push(p);
    }
    slowest.push(these.reduce((a, b) => (b.wallMs > a.wallMs ? b : a)));
    byRun.push(these);
  }
  const cpu = cpuRatio(fulls, byRun);
  return {
    size,
    shards: BENCH_SHARDS,
    full: wall(fulls),
    shardMs: perShard.map((p) => spread(p.map((x) => x.wallMs)).median),
    slowest: wall(slowest),
    slowestOverFull: spread(slowest.map((s, i) => s.wallMs / fulls[i].wallMs)).median,
    ...(cpu !== undefined ? { slowestCpuOverFullCpu: cpu } : {}),
  };
}

export function formatShardRows(rows: readonly ShardRow[]): string[] {
  if (rows.length === 0) return [];
  return [
    '',
    `check --full sharded (the ${BENCH_SHARDS} shards run one after another on this machine; the target, slowest ≤ 1/6 of full, is judged with the others above):`,
    '',
    '| fleet | check --full | each shard (1 … N) | slowest shard | slowest / full | most CPU of a shard / full CPU |',
    '|---|---:|---|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.size} | ${seconds(r.full.wall.median)} | ${r.shardMs.map(seconds).join(', ')} | ${seconds(r.slowest.wall.median)} | ${r.slowestOverFull.toFixed(3)} | ${r.slowestCpuOverFullCpu?.toFixed(3) ?? '–'} |`,
    ),
  ];
}
