/**
 * The results of `npm run bench` (bench/bench.ts): their shape, the issue's targets
 * they speak to, and the printed report (Markdown tables, ready for docs/performance.md).
 */
import type { CheckRow } from './bench-check';
import type { EverydayRow } from './bench-everyday';
import type { BenchValidateReport } from './bench-validate-child';
import { formatProfile, ProfileSummary } from './bench-profile';
import { formatCount, formatMiB, formatRatio, formatSeconds, Measured, Ratio } from './bench-stats';

export type { Measured, Ratio } from './bench-stats';

export interface Machine {
  readonly cores: number;
  readonly cpu: string;
  readonly node: string;
  readonly platform: string;
  readonly loadAverage: number;
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
  /** The instance-type catalogue checks inside the pipeline: median ms, and median share of each run's pipeline wall time. */
  readonly catalogue?: { readonly ms: number; readonly share: number };
}

export type TargetStatus = 'met' | 'missed' | 'not measured';

export interface Target {
  readonly what: string;
  readonly status: TargetStatus;
  /** The measured value ('' when not measured). */
  readonly value: string;
  /** Why: the comparison that decided, or why it was not measured in this run. */
  readonly reason: string;
}

/** What decides which rows were asked for (a subset of BenchArgs). */
export interface TargetContext {
  readonly rows: readonly string[];
  readonly sizes: readonly { readonly clusters: number; readonly pools: number }[];
}

function judged(what: string, value: string, met: boolean, comparison: string): Target {
  return { what, status: met ? 'met' : 'missed', value, reason: comparison };
}

function notMeasured(what: string, reason: string): Target {
  return { what, status: 'not measured', value: '', reason };
}

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
): Target[] {
  const out: Target[] = [];
  const why = (row: string, size?: string): string => {
    if (!context.rows.includes(row)) return `row ${row} not selected (--rows)`;
    if (size && !context.sizes.some((s) => `${s.clusters}x${s.pools}` === size)) {
      return `size ${size} not selected (--sizes)`;
    }
    return failure ?? 'not measured in this run';
  };
  const small = results.find((r) => r.size === '50x6');
  const large = results.find((r) => r.size === '500x6');
  const row = (name: string) => everyday.find((e) => e.row === name);

  const fleetEdit = row('synth-fleet');
  const t1 = '`npm run synth` after a fleet-file edit ≤ 1.3× the pipeline alone';
  out.push(
    fleetEdit
      ? judged(
          t1,
          ratioText(fleetEdit.ratio),
          fleetEdit.ratio.wall <= 1.3,
          `${formatRatio(fleetEdit.ratio.wall)} wall ${fleetEdit.ratio.wall <= 1.3 ? '≤' : '>'} 1.3×`,
        )
      : notMeasured(t1, why('synth-fleet')),
  );
  const tsEdit = row('synth-ts');
  const t2 = '`npm run synth` after a one-line .ts edit ≤ 8 s';
  out.push(
    tsEdit
      ? judged(
          t2,
          timeText(tsEdit.command),
          tsEdit.command.wall.median <= 8000,
          `median ${(tsEdit.command.wall.median / 1000).toFixed(2)} s wall ${tsEdit.command.wall.median <= 8000 ? '≤' : '>'} 8 s`,
        )
      : notMeasured(t2, why('synth-ts')),
  );
  const installedInit = row('installed-init');
  const t7 = 'installed `karpenter-gitops synth` of the init fleet ≤ 4× `node -e 0`';
  out.push(
    installedInit
      ? judged(
          t7,
          ratioText(installedInit.ratio),
          installedInit.ratio.wall <= 4,
          `${formatRatio(installedInit.ratio.wall)} wall ${installedInit.ratio.wall <= 4 ? '≤' : '>'} 4×`,
        )
      : notMeasured(t7, why('installed-init')),
  );
  const installed50 = row('installed-50x6');
  const t8 = '50x6 `synth` from the installed package ≤ 1.1× the in-repo pipeline';
  out.push(
    installed50
      ? judged(
          t8,
          ratioText(installed50.ratio),
          installed50.ratio.wall <= 1.1,
          `${formatRatio(installed50.ratio.wall)} wall ${installed50.ratio.wall <= 1.1 ? '≤' : '>'} 1.1×`,
        )
      : notMeasured(t8, why('installed-50x6')),
  );
  const t3 = '50x6 full pipeline ≥ 4× faster than the trivial ts-node cdk8s app';
  out.push(
    small?.speedup
      ? judged(
          t3,
          ratioText(small.speedup),
          small.speedup.wall >= 4,
          `${formatRatio(small.speedup.wall)} wall ${small.speedup.wall >= 4 ? '≥' : '<'} 4×`,
        )
      : notMeasured(t3, why('trivial', '50x6')),
  );
  const t4 = '50x6 full pipeline ≤ 3× the serialization lower bound';
  out.push(
    small
      ? judged(
          t4,
          ratioText(small.overLowerBound),
          small.overLowerBound.wall <= 3,
          `${formatRatio(small.overLowerBound.wall)} wall ${small.overLowerBound.wall <= 3 ? '≤' : '>'} 3×`,
        )
      : notMeasured(t4, why('pipeline', '50x6')),
  );
  const t5 = '50x6 cold first pass of CEL validation ≥ 25,000 manifests/s on one core';
  const tp = small?.throughput;
  out.push(
    tp
      ? judged(
          t5,
          `${formatCount(tp.firstPassPerCpuSecond)}/s per CPU-second (wall ${formatCount(tp.firstPassPerSecond)}/s)`,
          tp.firstPassPerCpuSecond >= 25_000,
          `judged on the pinned process's CPU time, less disturbed than wall time by other jobs on the core: ${formatCount(tp.firstPassPerCpuSecond)}/s ${tp.firstPassPerCpuSecond >= 25_000 ? '≥' : '<'} 25,000/s`,
        )
      : notMeasured(t5, why('throughput', '50x6')),
  );
  const t6 = '500x6 ≤ 10.5× the 50x6 time (linear scaling)';
  if (small && large) {
    const wall = large.pipeline.wall.median / small.pipeline.wall.median;
    const cpu =
      large.pipeline.cpu && small.pipeline.cpu
        ? large.pipeline.cpu.median / small.pipeline.cpu.median
        : undefined;
    out.push(
      judged(
        t6,
        ratioText({ wall, ...(cpu !== undefined ? { cpu } : {}) }),
        wall <= 10.5,
        `${formatRatio(wall)} wall ${wall <= 10.5 ? '≤' : '>'} 10.5×`,
      ),
    );
  } else {
    out.push(
      notMeasured(t6, small || large ? why('pipeline', small ? '500x6' : '50x6') : why('pipeline', '50x6')),
    );
  }
  out.push(...checkTargets(results, checks, why));
  for (const r of results) {
    if (r.throughput) {
      const ok = r.throughput.steadyPerSecond >= 30_000;
      out.push(
        judged(
          `validation with CEL ≥ 30,000 manifests/s on one core (${r.size}, steady state; earlier target)`,
          `${formatCount(r.throughput.steadyPerSecond)}/s`,
          ok,
          `${formatCount(r.throughput.steadyPerSecond)}/s wall ${ok ? '≥' : '<'} 30,000/s`,
        ),
      );
    }
  }
  return out;
}

const GIB_KIB = 1024 * 1024;

/** The PR job's targets (issue 27): check proportional to the change, linear, within memory. */
function checkTargets(
  results: readonly SizeResult[],
  checks: readonly CheckRow[],
  why: (row: string, size?: string) => string,
): Target[] {
  const out: Target[] = [];
  const find = (row: string, size: string) => checks.find((c) => c.row === row && c.size === size);
  const paired = (row: string, what: string, bound: number) => {
    const c = find(row, '50x6');
    out.push(
      c
        ? judged(
            what,
            ratioText(c.ratio),
            c.ratio.wall <= bound,
            `${formatRatio(c.ratio.wall)} wall ${c.ratio.wall <= bound ? '≤' : '>'} ${formatRatio(bound)}`,
          )
        : notMeasured(what, why(row, '50x6')),
    );
  };
  paired('check-unchanged', '`check` on an unchanged 50x6 fleet ≤ 1.5× the synth pipeline', 1.5);
  paired('check-tag-edit', "`check` after editing one cluster's tags (50x6) ≤ 2× the synth pipeline", 2);
  const t = '`check --full` on 500x6 ≤ 11× `check --full` on 50x6 (linear)';
  const fullSmall = find('check-full', '50x6');
  const fullLarge = find('check-full', '500x6');
  if (fullSmall && fullLarge) {
    const wall = fullLarge.command.wall.median / fullSmall.command.wall.median;
    const cpu =
      fullLarge.command.cpu && fullSmall.command.cpu
        ? fullLarge.command.cpu.median / fullSmall.command.cpu.median
        : undefined;
    out.push(
      judged(
        t,
        ratioText({ wall, ...(cpu !== undefined ? { cpu } : {}) }),
        wall <= 11,
        `${formatRatio(wall)} wall ${wall <= 11 ? '≤' : '>'} 11×`,
      ),
    );
  } else out.push(notMeasured(t, why('check-full', fullSmall ? '500x6' : '50x6')));
  const large = results.find((r) => r.size === '500x6');
  const rss = (what: string, kib: number | undefined, row: string) =>
    out.push(
      kib !== undefined
        ? judged(what, formatMiB(kib), kib < GIB_KIB, `${formatMiB(kib)} ${kib < GIB_KIB ? '<' : '≥'} 1 GiB`)
        : notMeasured(what, why(row, '500x6')),
    );
  rss('peak RSS of synth on 500x6 < 1 GiB', large?.maxRssKiB, 'pipeline');
  rss('peak RSS of `check --full` on 500x6 < 1 GiB', fullLarge?.maxRssKiB, 'check-full');
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
  everyday: readonly EverydayRow[],
  judgedTargets: readonly Target[],
  pinned: boolean,
  checks: readonly CheckRow[] = [],
): string[] {
  const lines = [
    `machine: ${m.cores} cores, ${m.cpu}, node ${m.node}, ${m.platform}; load average ${m.loadAverage.toFixed(1)} at start`,
    `${runs} timed run(s) per size after one warm-up. Times: wall clock of whole processes (spawn to exit), median (min–max);`,
    'CPU: user + system time of the process tree, median. Ratios: median of the per-run ratios.',
  ];
  if (everyday.length > 0) {
    lines.push(
      '',
      'everyday loop (each command paired with the pipeline alone, same run, same edit state):',
      '',
      '| what the user runs | time | pipeline alone | time | ratio |',
      '|---|---:|---|---:|---:|',
      ...everyday.map(
        (e) =>
          `| ${e.what} | ${timeText(e.command)} | ${e.alone} | ${timeText(e.pipeline)} | ${ratioText(e.ratio)} |`,
      ),
    );
  }
  if (checks.length > 0) {
    lines.push(
      '',
      'PR job (check on a committed copy, each run paired with the synth pipeline alone in the same state):',
      '',
      '| fleet | what | time | peak RSS | synth pipeline alone | ratio |',
      '|---|---|---:|---:|---:|---:|',
      ...checks.map(
        (c) =>
          `| ${c.size} | ${c.what} | ${timeText(c.command)} | ${c.maxRssKiB !== undefined ? formatMiB(c.maxRssKiB) : '–'} | ${timeText(c.pipeline)} | ${ratioText(c.ratio)} |`,
      ),
    );
  }
  if (results.length === 0) return [...lines, ...formatTargets(judgedTargets)];
  lines.push(
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
  );
  const withCatalogue = results.filter((r) => r.catalogue);
  if (withCatalogue.length > 0) {
    lines.push(
      '',
      'instance-type resolver and fit checks inside the pipeline (same runs; budget: at most 10 % of the pipeline):',
      '',
      ...withCatalogue.map(
        (r) =>
          `- ${r.size}: ${r.catalogue?.ms.toFixed(1)} ms, ${((r.catalogue?.share ?? 0) * 100).toFixed(1)} % of the pipeline (median of the per-run shares)`,
      ),
    );
  }
  const withThroughput = results.filter((r) => r.throughput);
  if (withThroughput.length > 0) {
    lines.push(
      '',
      `validation throughput on one core${pinned ? ' (taskset -c 0)' : ' (not pinned: no taskset)'}:`,
      '',
      '| fleet | manifests | validator built | CEL validation, first pass (wall) | first pass per CPU-second | CEL validation, steady | cold / steady | full validation step (parse + all checks), first pass |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...withThroughput.map((r) => {
        const t = r.throughput as BenchValidateReport;
        return `| ${r.size} | ${formatCount(t.manifests)} | ${t.compileMs.toFixed(0)} ms | ${formatCount(t.firstPassPerSecond)}/s | ${formatCount(t.firstPassPerCpuSecond)}/s | ${formatCount(t.steadyPerSecond)}/s (${t.steadyPasses} passes) | ${formatRatio(t.firstPassPerSecond / t.steadyPerSecond)} | ${formatCount(t.fullStepDocumentsPerSecond)} documents/s |`;
      }),
    );
  }
  for (const r of results) {
    if (r.profile) lines.push('', `CPU profile of one ${r.size} pipeline run:`, ...formatProfile(r.profile));
  }
  return [...lines, ...formatTargets(judgedTargets)];
}

export function formatTargets(judgedTargets: readonly Target[]): string[] {
  const mark = { met: 'met', missed: 'MISSED', 'not measured': 'not measured' } as const;
  return [
    '',
    'targets:',
    ...judgedTargets.map(
      (t) => `  [${mark[t.status]}] ${t.what}${t.value ? `: ${t.value}` : ''} (${t.reason})`,
    ),
  ];
}
