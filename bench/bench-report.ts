/**
 * The results of `npm run bench` (bench/bench.ts): their shape, the issue's targets
 * they speak to, and the printed report (Markdown tables, ready for docs/performance.md).
 */
import type { CheckRow } from './bench-check';
import type { EverydayRow } from './bench-everyday';
import type { BenchValidateReport } from './bench-validate-child';
import { formatProfile, ProfileSummary } from './bench-profile';
import { formatStageProfiles, StageProfile } from './bench-stages';
import { formatCount, formatMiB, formatRatio, Measured, Ratio, ratioText, timeText } from './bench-stats';

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
  /** The secret scan of the fleet files inside the pipeline: median ms and median share of each run's wall time. */
  readonly secretScan?: { readonly ms: number; readonly share: number };
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

export function formatReport(
  m: Machine,
  runs: number,
  results: readonly SizeResult[],
  everyday: readonly EverydayRow[],
  judgedTargets: readonly Target[],
  pinned: boolean,
  checks: readonly CheckRow[] = [],
  stages: readonly StageProfile[] = [],
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
  lines.push(
    ...formatStageProfiles(
      'one full `synth` of the init fleet (replay off), CPU time per stage (bench --profile):',
      stages,
    ),
  );
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
  const withScan = results.filter((r) => r.secretScan);
  if (withScan.length > 0) {
    lines.push(
      '',
      'secret scan of the fleet files inside the pipeline (same runs; budget: under 5 % of the pipeline):',
      '',
      ...withScan.map(
        (r) =>
          `- ${r.size}: ${r.secretScan?.ms.toFixed(1)} ms, ${((r.secretScan?.share ?? 0) * 100).toFixed(1)} % of the pipeline (median of the per-run shares)`,
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
