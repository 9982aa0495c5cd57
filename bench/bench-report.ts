/**
 * The results of `npm run bench` (bench/bench.ts): their shape, the issue's targets
 * they speak to, and the printed report (Markdown tables, ready for docs/performance.md).
 */
import type { BenchValidateReport } from './bench-validate-child';
import { formatProfile, ProfileSummary } from './bench-profile';
import { formatCount, formatMiB, formatRatio, formatSeconds, Spread } from './bench-stats';

export interface Machine {
  readonly cores: number;
  readonly cpu: string;
  readonly node: string;
  readonly platform: string;
  readonly loadAverage: number;
}

/** Times of a series of runs of one process kind, ms. */
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

export interface SizeResult {
  readonly size: string;
  readonly clusters: number;
  readonly nodePools: number;
  readonly files: number;
  /** YAML/JSON documents written (Kubernetes objects, Helm values, CloudFormation templates). */
  readonly documents: number;
  readonly pipeline: Measured;
  /** Documents generated and validated per second of pipeline wall time (median). */
  readonly documentsPerSecond: number;
  /** Median peak RSS of the pipeline process, KiB. */
  readonly maxRssKiB: number;
  readonly steps: Record<'startupMs' | 'loadMs' | 'synthesizeMs' | 'validateMs' | 'writeMs', number>;
  readonly lowerBound: Measured;
  /** pipeline / lower bound */
  readonly overLowerBound: Ratio;
  readonly trivial?: Measured;
  /** trivial cdk8s app / pipeline */
  readonly speedup?: Ratio;
  readonly throughput?: BenchValidateReport;
  readonly profile?: ProfileSummary;
}

export interface Target {
  readonly what: string;
  readonly met: boolean;
  readonly value: string;
}

/** The issue's targets that the measured sizes speak to (wall clock; CPU time shown beside it). */
export function targets(results: readonly SizeResult[]): Target[] {
  const out: Target[] = [];
  const small = results.find((r) => r.size === '50x6');
  const large = results.find((r) => r.size === '500x6');
  if (small) {
    out.push({
      what: '50x6 full pipeline ≤ 1.0 s wall',
      met: small.pipeline.wall.median <= 1000,
      value: `${(small.pipeline.wall.median / 1000).toFixed(2)} s${small.pipeline.cpu ? ` (CPU ${(small.pipeline.cpu.median / 1000).toFixed(2)} s)` : ''}`,
    });
    if (small.speedup) {
      out.push({
        what: '50x6 ≥ 3× faster than the trivial ts-node cdk8s app',
        met: small.speedup.wall >= 3,
        value: ratioText(small.speedup),
      });
    }
  }
  for (const r of results) {
    if (r.throughput) {
      out.push({
        what: `validation with CEL ≥ 30,000 manifests/s on one core (${r.size}, steady state)`,
        met: r.throughput.steadyPerSecond >= 30_000,
        value: `${formatCount(r.throughput.steadyPerSecond)}/s`,
      });
    }
  }
  if (small && large) {
    const wall = large.pipeline.wall.median / small.pipeline.wall.median;
    const cpu =
      large.pipeline.cpu && small.pipeline.cpu
        ? large.pipeline.cpu.median / small.pipeline.cpu.median
        : undefined;
    out.push({
      what: '500x6 ≤ 10× the 50x6 time',
      met: wall <= 10,
      value: ratioText({ wall, ...(cpu !== undefined ? { cpu } : {}) }),
    });
  }
  for (const r of results) {
    out.push({
      what: `${r.size} full pipeline ≤ 3× the serialization lower bound`,
      met: r.overLowerBound.wall <= 3,
      value: ratioText(r.overLowerBound),
    });
  }
  return out;
}

function ratioText(r: Ratio): string {
  return `${formatRatio(r.wall)} wall${r.cpu !== undefined ? `, ${formatRatio(r.cpu)} CPU` : ''}`;
}

function timeText(m: Measured | undefined): string {
  if (!m) return 'not run';
  return `${formatSeconds(m.wall)}${m.cpu ? `; CPU ${(m.cpu.median / 1000).toFixed(2)} s` : ''}`;
}

export function formatReport(
  m: Machine,
  runs: number,
  results: readonly SizeResult[],
  pinned: boolean,
): string[] {
  const lines = [
    `machine: ${m.cores} cores, ${m.cpu}, node ${m.node}, ${m.platform}; load average ${m.loadAverage.toFixed(1)} at start`,
    `${runs} timed run(s) per size after one warm-up. Times: wall clock of whole processes (spawn to exit), median (min–max);`,
    'CPU: user + system time of the process tree, median. Ratios: median of the per-run ratios.',
    '',
    '| fleet | files | documents | full pipeline | documents/s | peak RSS | trivial cdk8s app (ts-node) | speed-up vs trivial | lower bound | pipeline / lower bound |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.size} | ${formatCount(r.files)} | ${formatCount(r.documents)} | ${timeText(r.pipeline)} | ${formatCount(r.documentsPerSecond)} | ${formatMiB(r.maxRssKiB)} | ${timeText(r.trivial)} | ${r.speedup ? ratioText(r.speedup) : '–'} | ${timeText(r.lowerBound)} | ${ratioText(r.overLowerBound)} |`,
    ),
    '',
    'pipeline steps inside the process (median ms):',
    '',
    '| fleet | node start + modules | load | generate | validate | write |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.size} | ${r.steps.startupMs.toFixed(0)} | ${r.steps.loadMs.toFixed(0)} | ${r.steps.synthesizeMs.toFixed(0)} | ${r.steps.validateMs.toFixed(0)} | ${r.steps.writeMs.toFixed(0)} |`,
    ),
  ];
  const withThroughput = results.filter((r) => r.throughput);
  if (withThroughput.length > 0) {
    lines.push(
      '',
      `validation throughput on one core${pinned ? ' (taskset -c 0)' : ' (not pinned: no taskset)'}:`,
      '',
      '| fleet | manifests | validator built | CEL validation, first pass | CEL validation, steady | full validation step (parse + all checks), first pass |',
      '|---|---:|---:|---:|---:|---:|',
      ...withThroughput.map((r) => {
        const t = r.throughput as BenchValidateReport;
        return `| ${r.size} | ${formatCount(t.manifests)} | ${t.compileMs.toFixed(0)} ms | ${formatCount(t.firstPassPerSecond)}/s | ${formatCount(t.steadyPerSecond)}/s (${t.steadyPasses} passes) | ${formatCount(t.fullStepDocumentsPerSecond)} documents/s |`;
      }),
    );
  }
  for (const r of results) {
    if (r.profile) lines.push('', `CPU profile of one ${r.size} pipeline run:`, ...formatProfile(r.profile));
  }
  lines.push('', 'targets:');
  for (const t of targets(results)) lines.push(`  [${t.met ? 'met' : 'MISSED'}] ${t.what}: ${t.value}`);
  return lines;
}
