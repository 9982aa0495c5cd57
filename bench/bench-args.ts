/**
 * Command line of `npm run bench` (bench/bench.ts): which fleet sizes, how many runs,
 * which rows, which extras. Pure: returns the parsed options or a sentence saying what is wrong.
 */
import { CHECK_ROWS } from './bench-check';
import { EVERYDAY_ROWS, INSTALLED_ROWS } from './bench-everyday';

/**
 * What a run measures: the pipeline per size (with the serialization lower bound), the
 * trivial cdk8s app, one-core validation throughput, and the everyday loop
 * (bench/bench-everyday.ts).
 */
export const BENCH_ROWS = [
  'pipeline',
  'trivial',
  'throughput',
  ...EVERYDAY_ROWS,
  ...INSTALLED_ROWS,
  ...CHECK_ROWS,
  'check-shards',
] as const;
export type BenchRow = (typeof BENCH_ROWS)[number];

/** One synthetic fleet size: `clusters` × `pools` node pools per cluster. */
export interface BenchSize {
  readonly clusters: number;
  readonly pools: number;
}

export interface BenchArgs {
  /** @default [{ clusters: 50, pools: 6 }] */
  readonly sizes: readonly BenchSize[];
  /** Timed runs per size (after one untimed warm-up run). @default 5 */
  readonly runs: number;
  /** Rows to measure, in BENCH_ROWS order. @default every row but check-shards (minutes at any size) */
  readonly rows: readonly BenchRow[];
  /** Run baseline (a), the trivial cdk8s app through `cdk8s synth` + ts-node (row `trivial`). @default true */
  readonly cdk8sBaseline: boolean;
  /** Measure validation throughput on one core (row `throughput`). @default true */
  readonly throughput: boolean;
  /** Profile one pipeline run per size (`node --cpu-prof`) and print the hottest functions. @default false */
  readonly profile: boolean;
  /** Print the results as one JSON object instead of tables. @default false */
  readonly json: boolean;
  readonly help: boolean;
}

export const DEFAULT_SIZES: readonly BenchSize[] = [{ clusters: 50, pools: 6 }];
export const DEFAULT_RUNS = 5;

/** Limits that keep a run within minutes and memory on a laptop; larger is refused as nonsense. */
export const BENCH_LIMITS = {
  maxClusters: 2000,
  maxPoolsPerCluster: 100,
  /** clusters × pools */
  maxTotalPools: 12_000,
  maxRuns: 50,
  maxSizes: 8,
} as const;

export const BENCH_USAGE = [
  'usage: npm run bench -- [--sizes NxM[,NxM...]] [--runs K] [--rows ROW[,ROW...]] [--no-cdk8s-baseline] [--no-throughput] [--profile] [--json]',
  `  --sizes   fleet sizes: N clusters x M node pools each (default 50x6; e.g. 50x6,500x6;`,
  `            N 1..${BENCH_LIMITS.maxClusters}, M 1..${BENCH_LIMITS.maxPoolsPerCluster}, N*M at most ${BENCH_LIMITS.maxTotalPools})`,
  `  --runs    timed runs per size, median quoted (default ${DEFAULT_RUNS}; 1..${BENCH_LIMITS.maxRuns})`,
  `  --rows    what to measure (default all but check-shards): ${BENCH_ROWS.join(', ')}`,
  '            (trivial and throughput bring pipeline with them; synth-fleet, synth-ts, check,',
  "             cdk8s: the everyday loop, on a copy of the project with the first size's fleet;",
  '             check-unchanged, check-tag-edit, check-iam-edit: the PR job on the first size, committed in git;',
  '             check-full: check --full on every size;',
  '             check-shards: check --full, then its 8 shards one after another, on every size)',
  '  --no-cdk8s-baseline  skip the trivial ts-node cdk8s app (baseline a; row trivial)',
  '  --no-throughput      skip the one-core validation throughput measurement (row throughput)',
  '  --profile            CPU-profile one pipeline run per size and print the hottest functions',
  '  --json               print the results as JSON',
].join('\n');

/** A whole positive decimal integer (no sign, no exponent, no fraction, no leading zero). */
function positiveInt(text: string): number | undefined {
  if (!/^[1-9][0-9]{0,8}$/.test(text)) return undefined;
  return Number(text);
}

/** `50x6` → { clusters: 50, pools: 6 }, or a sentence saying what is wrong. */
export function parseSize(text: string): BenchSize | string {
  const m = /^([^xX×]*)[xX×]([^xX×]*)$/.exec(text.trim());
  if (!m) return `size '${text}' is not N x M (clusters x node pools), e.g. 50x6`;
  const clusters = positiveInt(m[1]);
  const pools = positiveInt(m[2]);
  if (clusters === undefined || pools === undefined) {
    return `size '${text}' needs two whole numbers of at least 1, e.g. 50x6`;
  }
  if (clusters > BENCH_LIMITS.maxClusters) {
    return `size '${text}' has ${clusters} clusters; at most ${BENCH_LIMITS.maxClusters} are allowed`;
  }
  if (pools > BENCH_LIMITS.maxPoolsPerCluster) {
    return `size '${text}' has ${pools} node pools per cluster; at most ${BENCH_LIMITS.maxPoolsPerCluster} are allowed`;
  }
  if (clusters * pools > BENCH_LIMITS.maxTotalPools) {
    return `size '${text}' has ${clusters * pools} node pools in all; at most ${BENCH_LIMITS.maxTotalPools} are allowed`;
  }
  return { clusters, pools };
}

/** Parses the command line; a string is the error sentence (the CLI prints it with the usage and exits 2). */
export function parseBenchArgs(argv: readonly string[]): BenchArgs | string {
  let sizes: BenchSize[] | undefined;
  let runs = DEFAULT_RUNS;
  let rows: BenchRow[] = BENCH_ROWS.filter((r) => r !== 'check-shards');
  let cdk8sBaseline = true;
  let throughput = true;
  let profile = false;
  let json = false;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    if (flag === '--sizes' || flag === '--runs' || flag === '--rows') {
      const value = inline ?? argv[i + 1];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
        return `${flag} needs a value`;
      }
      if (inline === undefined) i++;
      if (flag === '--rows') {
        const picked = new Set<string>();
        for (const part of value.split(',').map((p) => p.trim())) {
          if (!(BENCH_ROWS as readonly string[]).includes(part)) {
            return `--rows: unknown row '${part}'; rows are ${BENCH_ROWS.join(', ')}`;
          }
          picked.add(part);
        }
        rows = BENCH_ROWS.filter((r) => picked.has(r));
      } else if (flag === '--sizes') {
        const parts = value.split(',');
        if (parts.length > BENCH_LIMITS.maxSizes) {
          return `--sizes lists ${parts.length} sizes; at most ${BENCH_LIMITS.maxSizes} are allowed`;
        }
        const parsed: BenchSize[] = [];
        for (const part of parts) {
          const size = parseSize(part);
          if (typeof size === 'string') return size;
          if (parsed.some((s) => s.clusters === size.clusters && s.pools === size.pools)) {
            return `size '${part}' is listed twice`;
          }
          parsed.push(size);
        }
        sizes = parsed;
      } else {
        const n = positiveInt(value);
        if (n === undefined || n > BENCH_LIMITS.maxRuns) {
          return `--runs '${value}' is not a whole number from 1 to ${BENCH_LIMITS.maxRuns}`;
        }
        runs = n;
      }
    } else if (inline !== undefined) {
      return `${flag} takes no value`;
    } else if (arg === '--no-cdk8s-baseline') {
      cdk8sBaseline = false;
    } else if (arg === '--no-throughput') {
      throughput = false;
    } else if (arg === '--profile') {
      profile = true;
    } else if (arg === '--json') {
      json = true;
    } else if (arg === '--help' || arg === '-h') {
      help = true;
    } else {
      return `unknown argument '${arg}'`;
    }
  }
  if (!cdk8sBaseline) rows = rows.filter((r) => r !== 'trivial');
  if (!throughput) rows = rows.filter((r) => r !== 'throughput');
  // The trivial app's speed-up and the throughput's fleet come from the pipeline row.
  if ((rows.includes('trivial') || rows.includes('throughput')) && !rows.includes('pipeline')) {
    rows = ['pipeline', ...rows];
  }
  return {
    sizes: sizes ?? DEFAULT_SIZES,
    runs,
    rows,
    cdk8sBaseline: rows.includes('trivial'),
    throughput: rows.includes('throughput'),
    profile,
    json,
    help,
  };
}

export function sizeLabel(size: BenchSize): string {
  return `${size.clusters}x${size.pools}`;
}
