/**
 * The PR gate as a sequence of steps, each reporting Diagnostics:
 *
 *   1. load      clusters/*.yaml → FleetModel (errors with file:line)
 *   2. synth     every generator, in memory (same code path as `npm run synth` up to the write)
 *   3. stale     committed dist/ byte-for-byte equal to what synth generates (diff per file)
 *   4. validate  the committed dist/ (what Argo CD syncs): schemas, CEL rules, cross-artifact
 *                checks, CloudFormation
 *   5. policies  the policy scenario table
 *
 * Every step that can run does run, so one PR run shows every problem. The generated tree is
 * never written to dist/ (or anywhere): nothing here changes the work tree.
 */
import { Diagnostic, sortDiagnostics, UserError } from '../model/diagnostics';
import { DistFiles } from '../model/dist-layout';
import { FleetModel } from '../model/fleet-model';
import { readDistDir } from './read-dist-dir';
import { DEFAULT_DIFF_LINES, findStaleFiles, StaleFile, staleMessage } from './stale-dist';

export const CHECK_STEPS = ['load', 'synth', 'stale', 'validate', 'policies'] as const;
export type CheckStepName = (typeof CHECK_STEPS)[number];

export type StepStatus = 'ok' | 'failed' | 'skipped';

export interface StepResult {
  readonly step: CheckStepName;
  readonly status: StepStatus;
  /** Errors and warnings, sorted; files relative to the project root. */
  readonly findings: readonly Diagnostic[];
  /** One line for the summary, e.g. `42 files up to date`, or why the step was skipped. */
  readonly summary: string;
}

export interface CheckResult {
  readonly steps: readonly StepResult[];
  readonly stale: readonly StaleFile[];
  readonly ok: boolean;
}

export interface CheckDeps {
  /** Loads and resolves the fleet description under projectRoot (throws UserError). */
  readonly loadFleet: (projectRoot: string) => { readonly fleet: FleetModel; readonly warnings: readonly Diagnostic[] };
  /** All generated files, relative to dist/ (pure). */
  readonly synthesize: (fleet: FleetModel) => DistFiles;
  /**
   * Validates a dist/ tree; findings' `file` is relative to dist/ (or to the project root for
   * `clusters/` files). Undefined: no validator available, the step is reported as skipped.
   */
  readonly validate?: (distDir: string, files: DistFiles) => readonly Diagnostic[];
  /** Runs the policy scenario table; undefined: reported as skipped. */
  readonly policies?: (fleet: FleetModel) => { readonly findings: readonly Diagnostic[]; readonly summary: string };
}

export interface CheckOptions {
  readonly projectRoot: string;
  /** dist/ folder, absolute. */
  readonly distDir: string;
  /** How dist/ is named in messages (`dist`). */
  readonly distLabel: string;
  /** @default DEFAULT_DIFF_LINES */
  readonly diffLines?: number;
  /** Called when a step starts and ends (progress output). */
  readonly onProgress?: (step: CheckStepName, phase: 'start' | 'end', result?: StepResult) => void;
}

export function runCheck(options: CheckOptions, deps: CheckDeps): CheckResult {
  const steps: StepResult[] = [];
  let stale: StaleFile[] = [];
  const run = (step: CheckStepName, body: () => Omit<StepResult, 'step'>): void => {
    options.onProgress?.(step, 'start');
    const result: StepResult = { step, ...body() };
    steps.push(result);
    options.onProgress?.(step, 'end', result);
  };
  const skipped = (why: string): Omit<StepResult, 'step'> => ({ status: 'skipped', findings: [], summary: why });

  let fleet: FleetModel | undefined;
  run('load', () =>
    guard(() => {
      const loaded = deps.loadFleet(options.projectRoot);
      fleet = loaded.fleet;
      const pools = loaded.fleet.clusters.reduce((n, c) => n + c.nodePools.length, 0);
      return { status: 'ok', findings: loaded.warnings, summary: `${plural(loaded.fleet.clusters.length, 'cluster')}, ${plural(pools, 'node pool')}` };
    }),
  );

  let generated: DistFiles | undefined;
  run('synth', () => {
    if (!fleet) return skipped('the fleet description did not load');
    const f = fleet;
    return guard(() => {
      generated = deps.synthesize(f);
      return { status: 'ok', findings: [], summary: `${plural(generated.size, 'file')} generated` };
    });
  });

  let committed: DistFiles | undefined;
  run('stale', () =>
    guard(() => {
      committed = readDistDir(options.distDir, true);
      if (!generated) return skipped('nothing was generated to compare with');
      stale = findStaleFiles(generated, committed, options.distLabel, options.diffLines ?? DEFAULT_DIFF_LINES);
      const findings = stale.map(
        (s): Diagnostic => ({
          severity: 'error',
          file: `${options.distLabel}/${s.file}`,
          line: s.line,
          col: 1,
          path: '',
          message: staleMessage(s),
          fix: 'Run `npm run synth` and commit dist/',
        }),
      );
      return stale.length > 0
        ? { status: 'failed', findings, summary: `${plural(stale.length, 'stale file')} in ${options.distLabel}/` }
        : { status: 'ok', findings: [], summary: `${plural(generated.size, 'file')} up to date` };
    }),
  );

  run('validate', () => {
    if (!deps.validate) return skipped('no validator is wired in');
    const validate = deps.validate;
    const files = committed ?? new Map<string, string>();
    if (files.size === 0) return skipped(`${options.distLabel}/ is empty`);
    return guard(() => {
      const findings = validate(options.distDir, files).map((d) => inDist(d, options.distLabel, files));
      const errors = findings.filter((d) => d.severity === 'error').length;
      return {
        status: errors > 0 ? 'failed' : 'ok',
        findings,
        summary: errors > 0 ? `${plural(errors, 'error')} in ${options.distLabel}/` : `${plural(files.size, 'file')} valid`,
      };
    });
  });

  run('policies', () => {
    if (!deps.policies) return skipped('no policy scenario runner is wired in');
    if (!fleet) return skipped('the fleet description did not load');
    const f = fleet;
    const policies = deps.policies;
    return guard(() => {
      const r = policies(f);
      const failed = r.findings.some((d) => d.severity === 'error');
      return { status: failed ? 'failed' : 'ok', findings: r.findings, summary: r.summary };
    });
  });

  return { steps, stale, ok: steps.every((s) => s.status !== 'failed') };
}

/** A UserError from a step becomes its findings; anything else is a bug and propagates. */
function guard(body: () => Omit<StepResult, 'step'>): Omit<StepResult, 'step'> {
  try {
    return body();
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    const findings = sortDiagnostics(e.diagnostics);
    return { status: 'failed', findings, summary: plural(findings.filter((d) => d.severity === 'error').length, 'error') };
  }
}

/** Validator findings name files relative to dist/; make them relative to the project root. */
function inDist(d: Diagnostic, distLabel: string, files: DistFiles): Diagnostic {
  return files.has(d.file) ? { ...d, file: `${distLabel}/${d.file}` } : d;
}

export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
