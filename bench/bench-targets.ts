/**
 * The performance targets as data, and the judge that decides each one on what a
 * benchmark run measured (bench/bench.ts); bench-report.ts prints the verdicts.
 */
import type { ShardRow } from './bench-shards';
import type { CheckRow } from './bench-check';
import type { EverydayRow } from './bench-everyday';
import type { SizeResult, Target } from './bench-report';
import { formatCount, formatMiB, formatRatio, Measured, Ratio, ratioText, timeText } from './bench-stats';

/** What decides which rows were asked for (a subset of BenchArgs). */
export interface TargetContext {
  readonly rows: readonly string[];
  readonly sizes: readonly { readonly clusters: number; readonly pools: number }[];
}

/** Everything one run measured, found by row and size. */
interface Measurements {
  readonly small?: SizeResult;
  readonly large?: SizeResult;
  readonly everyday: (row: string) => EverydayRow | undefined;
  readonly check: (row: string, size: string) => CheckRow | undefined;
}

/** One measured value of a target: shown in the report, compared with the limit. */
interface Measurement {
  /** The measured value as the report shows it. */
  readonly value: string;
  /** The number compared with the limit. */
  readonly actual: number;
  /** The number as the reason states it, before the comparison sign. */
  readonly stated: string;
}

/** ≤ / > for an upper bound, ≥ / < for a lower bound, < / ≥ for a strict upper bound. */
type Sense = 'at most' | 'at least' | 'below';

interface Limit {
  readonly sense: Sense;
  readonly limit: number;
  /** The limit as the reason states it. */
  readonly limitText: string;
}

interface TargetRule extends Limit {
  readonly what: string;
  /** The row (and size) that measures it: named when it was not measured. */
  readonly row: string;
  readonly size?: string | ((m: Measurements) => string);
  readonly measure: (m: Measurements) => Measurement | undefined;
}

const GIB_KIB = 1024 * 1024;

const belowOneGiB: Limit = {
  sense: 'below',
  limit: GIB_KIB,
  limitText: '1 GiB',
};

/** Every target of issue 13, then the PR job's targets (issue 27), in report order. */
const TARGETS: readonly TargetRule[] = [
  {
    what: '`npm run synth` after a fleet-file edit ≤ 1.3× the pipeline alone',
    ...atMost(1.3, '1.3×'),
    row: 'synth-fleet',
    measure: (m) => ratio(m.everyday('synth-fleet')?.ratio),
  },
  {
    what: '`npm run synth` after a one-line .ts edit ≤ 8 s',
    ...atMost(8000, '8 s'),
    row: 'synth-ts',
    measure: (m) => medianSeconds(m.everyday('synth-ts')?.command),
  },
  {
    what: 'installed `karpenter-gitops synth` of the init fleet ≤ 3× `node -e 0`',
    ...atMost(3, '3×'),
    row: 'installed-init',
    measure: (m) => ratio(m.everyday('installed-init')?.ratio),
  },
  {
    what: '50x6 `synth` from the installed package ≤ 1.1× the in-repo pipeline',
    ...atMost(1.1, '1.1×'),
    row: 'installed-50x6',
    measure: (m) => ratio(m.everyday('installed-50x6')?.ratio),
  },
  {
    what: '50x6 full pipeline ≥ 4× faster than the trivial ts-node cdk8s app',
    sense: 'at least',
    limit: 4,
    limitText: '4×',
    row: 'trivial',
    size: '50x6',
    measure: (m) => ratio(m.small?.speedup),
  },
  {
    what: '50x6 full pipeline ≤ 3× the serialization lower bound',
    ...atMost(3, '3×'),
    row: 'pipeline',
    size: '50x6',
    measure: (m) => ratio(m.small?.overLowerBound),
  },
  {
    what: '50x6 cold first pass of CEL validation ≥ 25,000 manifests/s on one core',
    sense: 'at least',
    limit: 25_000,
    limitText: '25,000/s',
    row: 'throughput',
    size: '50x6',
    measure: (m) => coldThroughput(m.small),
  },
  {
    what: '500x6 ≤ 10.5× the 50x6 time (linear scaling)',
    ...atMost(10.5, '10.5×'),
    row: 'pipeline',
    size: (m) => (m.small ? '500x6' : '50x6'),
    measure: (m) => scaling(m.small?.pipeline, m.large?.pipeline),
  },
  pairedWithSynth('check-unchanged', '`check` on an unchanged 50x6 fleet ≤ 1.3× the synth pipeline', 1.3),
  pairedWithSynth(
    'check-tag-edit',
    "`check` after editing one cluster's tags (50x6) ≤ 1.6× the synth pipeline",
    1.6,
  ),
  pairedWithSynth(
    'check-iam-edit',
    "`check` after an edit of one cluster's IAM documents (50x6, its scenarios run) ≤ 1.6× the synth pipeline",
    1.6,
  ),
  {
    what: '`check --full` on 500x6 ≤ 11× `check --full` on 50x6 (linear)',
    ...atMost(11, '11×'),
    row: 'check-full',
    size: (m) => (m.check('check-full', '50x6') ? '500x6' : '50x6'),
    measure: (m) => scaling(m.check('check-full', '50x6')?.command, m.check('check-full', '500x6')?.command),
  },
  {
    what: 'peak RSS of synth on 500x6 < 1 GiB',
    ...belowOneGiB,
    row: 'pipeline',
    size: '500x6',
    measure: (m) => peakRss(m.large?.maxRssKiB),
  },
  {
    what: 'peak RSS of `check --full` on 500x6 < 1 GiB',
    ...belowOneGiB,
    row: 'check-full',
    size: '500x6',
    measure: (m) => peakRss(m.check('check-full', '500x6')?.maxRssKiB),
  },
];

/**
 * Every target of issue 13 (and the earlier steady-state throughput target), judged on what
 * this run measured; a target the run did not measure says why (row or size not asked
 * for, or the run failed first) and is never claimed.
 */
export function targets(
  results: readonly SizeResult[],
  everyday: readonly EverydayRow[],
  context: TargetContext,
  failure?: string,
  checks: readonly CheckRow[] = [],
  shards: readonly ShardRow[] = [],
): Target[] {
  const measured: Measurements = {
    small: results.find((r) => r.size === '50x6'),
    large: results.find((r) => r.size === '500x6'),
    everyday: (row) => everyday.find((e) => e.row === row),
    check: (row, size) => checks.find((c) => c.row === row && c.size === size),
  };
  const why = (rule: TargetRule): string => {
    const size = typeof rule.size === 'function' ? rule.size(measured) : rule.size;
    return notMeasuredReason(rule.row, size, context, failure);
  };
  return [
    ...TARGETS.map((rule) => judge(rule.what, rule, rule.measure(measured), () => why(rule))),
    ...steadyThroughputTargets(results),
    ...shardTargets(shards),
  ];
}

/** The slowest shard of `check --full` ≤ 1/6 of the full check (issue 44), one per fleet size measured. */
function shardTargets(shards: readonly ShardRow[]): Target[] {
  return shards.flatMap((r) => {
    const cpu = r.slowestCpuOverFullCpu !== undefined ? `; CPU ${r.slowestCpuOverFullCpu.toFixed(3)}` : '';
    const value = `${r.slowestOverFull.toFixed(3)}${cpu}`;
    const measured = { value, actual: r.slowestOverFull, stated: `${r.slowestOverFull.toFixed(3)} wall` };
    const what = `slowest of ${r.shards} shards of \`check --full\` ≤ 1/6 of the full check (${r.size})`;
    return [judge(what, SLOWEST_SHARD, measured, () => '')];
  });
}

const SLOWEST_SHARD: Limit = { sense: 'at most', limit: 1 / 6, limitText: '1/6 (0.167)' };

/** The earlier target, one per fleet size whose throughput was measured. */
function steadyThroughputTargets(results: readonly SizeResult[]): Target[] {
  return results.flatMap((r) => {
    if (!r.throughput) return [];
    const perSecond = `${formatCount(r.throughput.steadyPerSecond)}/s`;
    const measured = { value: perSecond, actual: r.throughput.steadyPerSecond, stated: `${perSecond} wall` };
    const what = `validation with CEL ≥ 30,000 manifests/s on one core (${r.size}, steady state; earlier target)`;
    return [judge(what, STEADY_THROUGHPUT, measured, () => '')];
  });
}

const STEADY_THROUGHPUT: Limit = { sense: 'at least', limit: 30_000, limitText: '30,000/s' };

/** A met or missed verdict with the comparison that decided it, or why it was not measured. */
function judge(what: string, limit: Limit, m: Measurement | undefined, why: () => string): Target {
  if (!m) return { what, status: 'not measured', value: '', reason: why() };
  const met = meets(limit.sense, m.actual, limit.limit);
  const sign = SIGNS[limit.sense][met ? 0 : 1];
  return {
    what,
    status: met ? 'met' : 'missed',
    value: m.value,
    reason: `${m.stated} ${sign} ${limit.limitText}`,
  };
}

function meets(sense: Sense, actual: number, limit: number): boolean {
  if (sense === 'at most') return actual <= limit;
  if (sense === 'at least') return actual >= limit;
  return actual < limit;
}

/** The comparison sign when met, and when missed. */
const SIGNS: Record<Sense, readonly [string, string]> = {
  'at most': ['≤', '>'],
  'at least': ['≥', '<'],
  below: ['<', '≥'],
};

function notMeasuredReason(
  row: string,
  size: string | undefined,
  context: TargetContext,
  failure: string | undefined,
): string {
  if (!context.rows.includes(row)) return `row ${row} not selected (--rows)`;
  if (size && !context.sizes.some((s) => `${s.clusters}x${s.pools}` === size)) {
    return `size ${size} not selected (--sizes)`;
  }
  return failure ?? 'not measured in this run';
}

function atMost(limit: number, limitText: string): Limit {
  return { sense: 'at most', limit, limitText };
}

/** A check row on 50x6 against the synth pipeline alone, paired run by run. */
function pairedWithSynth(row: string, what: string, bound: number): TargetRule {
  return {
    what,
    ...atMost(bound, formatRatio(bound)),
    row,
    size: '50x6',
    measure: (m) => ratio(m.check(row, '50x6')?.ratio),
  };
}

function ratio(r: Ratio | undefined): Measurement | undefined {
  return r && { value: ratioText(r), actual: r.wall, stated: `${formatRatio(r.wall)} wall` };
}

/** larger / smaller, median over median, wall (and CPU when both have it). */
function scaling(smaller: Measured | undefined, larger: Measured | undefined): Measurement | undefined {
  if (!smaller || !larger) return undefined;
  const wall = larger.wall.median / smaller.wall.median;
  const cpu = larger.cpu && smaller.cpu ? larger.cpu.median / smaller.cpu.median : undefined;
  return ratio({ wall, ...(cpu !== undefined ? { cpu } : {}) });
}

function medianSeconds(command: Measured | undefined): Measurement | undefined {
  if (!command) return undefined;
  const median = command.wall.median;
  return { value: timeText(command), actual: median, stated: `median ${(median / 1000).toFixed(2)} s wall` };
}

function coldThroughput(small: SizeResult | undefined): Measurement | undefined {
  const tp = small?.throughput;
  if (!tp) return undefined;
  const perCpu = `${formatCount(tp.firstPassPerCpuSecond)}/s`;
  return {
    value: `${perCpu} per CPU-second (wall ${formatCount(tp.firstPassPerSecond)}/s)`,
    actual: tp.firstPassPerCpuSecond,
    stated: `judged on the pinned process's CPU time, less disturbed than wall time by other jobs on the core: ${perCpu}`,
  };
}

function peakRss(kib: number | undefined): Measurement | undefined {
  return kib === undefined ? undefined : { value: formatMiB(kib), actual: kib, stated: formatMiB(kib) };
}
