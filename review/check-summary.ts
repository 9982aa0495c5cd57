/**
 * `check --summary-json FILE`: what one run of `check` (a shard or the whole fleet) covered and
 * found, machine-readable, so that `check --join` (review/check-join.ts) can put the shards of
 * a CI matrix back together. Deterministic: the same run gives byte-identical JSON.
 */
import { Diagnostic, sortDiagnostics } from '../model';
import type { CheckResult, CheckStepName, StepStatus } from './run-check';
import type { ShardSpec } from './shard';

/** The `format` of a summary file; join refuses any other. */
export const SUMMARY_FORMAT = 'karpenter-gitops/check-summary/v1';

export interface SummaryStep {
  readonly step: CheckStepName;
  readonly status: StepStatus;
  readonly summary: string;
}

export interface CheckSummary {
  readonly format: typeof SUMMARY_FORMAT;
  /** The commit checked (`git rev-parse HEAD`), or '' outside a git repository. */
  readonly commit: string;
  /** 1/1 for a run of the whole fleet. */
  readonly shard: ShardSpec;
  readonly ok: boolean;
  /** Names of the clusters checked, sorted. */
  readonly clusters: readonly string[];
  /** Cluster files of this shard, sorted (also those that did not load). */
  readonly clusterFiles: readonly string[];
  /** Files of dist/ compared or validated (relative to dist/), sorted. */
  readonly files: readonly string[];
  /** Policy scenarios run. */
  readonly scenarios: number;
  readonly steps: readonly SummaryStep[];
  /** Errors and warnings, sorted. */
  readonly findings: readonly Diagnostic[];
}

export function checkSummary(result: CheckResult, shard: ShardSpec, commit: string): CheckSummary {
  return {
    format: SUMMARY_FORMAT,
    commit,
    shard: { index: shard.index, count: shard.count },
    ok: result.ok,
    clusters: result.coverage.clusters,
    clusterFiles: result.coverage.clusterFiles,
    files: result.coverage.files,
    scenarios: result.steps.reduce((n, s) => n + (s.scenarios ?? 0), 0),
    steps: result.steps.map((s) => ({ step: s.step, status: s.status, summary: s.summary })),
    findings: sortDiagnostics(result.steps.flatMap((s) => s.findings)).map(plainDiagnostic),
  };
}

/** The fields of a diagnostic in a fixed order (stable JSON). */
function plainDiagnostic(d: Diagnostic): Diagnostic {
  return {
    severity: d.severity,
    file: d.file,
    line: d.line,
    col: d.col,
    path: d.path,
    message: d.message,
    ...(d.fix !== undefined ? { fix: d.fix } : {}),
  };
}

export function summaryText(summary: CheckSummary): string {
  return `${JSON.stringify(summary, null, 2)}\n`;
}
