/**
 * CLI: the one command a PR job runs.
 *
 *   npm run check -- [--format text|github] [--quiet] [--diff-lines N] [--dist DIR]
 *                    [--base <git-ref> | --previous DIR] [--full] [--skip-policies]
 *
 * Steps (review/run-check.ts): load the fleet, synthesize in memory, compare with the committed
 * dist/ (unified diff per stale file), validate dist/, run the policy scenario table. With
 * --base (dist/ at that git revision, read with git, no checkout: review/read-dist-git.ts) or
 * --previous (a folder), the validation also evaluates the CEL transition rules (`oldSelf`)
 * between that previous dist/ and the committed one, as the API server will when Argo CD syncs.
 * With --base, a cluster whose proof record is unchanged since that commit keeps the commit's
 * proof of its policy scenarios (review/proof-reuse.ts); --full proves everything again.
 * Output: findings on stdout (text: file:line messages and diffs; github: workflow annotations
 * and folded diffs), progress on stderr unless CI=true or --quiet.
 * Exit codes: 0 all steps passed; 1 a step found problems; 2 usage error or the check could not
 * run (an internal error, printed with "this is a bug").
 */
import * as path from 'path';
import { formatDiagnostic, sortDiagnostics } from '../model/diagnostics';
import { defaultCheckDeps } from './check-wiring';
import { annotation, groupEnd, groupStart } from './github-annotations';
import { readDistDir } from './read-dist-dir';
import { readDistAtRef } from './read-dist-git';
import { SKIP_POLICIES_FLAG } from './policy-scenarios-step';
import { CheckDeps, CheckResult, CheckStepName, PreviousDist, runCheck, StepResult } from './run-check';
import { DEFAULT_DIFF_LINES } from './stale-dist';
import { toolSourcesChangedSince } from './tool-sources';
import { UsageError } from './usage-error';

export const CHECK_FORMATS = ['text', 'github'] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

export interface CheckCliOptions {
  /** @default 'text' */
  readonly format: CheckFormat;
  /** @default false (true when CI=true) */
  readonly quiet: boolean;
  /** @default DEFAULT_DIFF_LINES */
  readonly diffLines: number;
  /** dist/ folder relative to the project root. @default 'dist' */
  readonly dist: string;
  /** Git revision whose dist/ is the previous version, for transition rules. @default none */
  readonly base?: string;
  /** Folder (relative to the project root) holding the previous dist/. @default none */
  readonly previous?: string;
  /** Reuse no proof of the base. @default false */
  readonly full?: boolean;
  /** Skip the policy scenarios. @default false */
  readonly skipPolicies?: boolean;
}

export const CHECK_USAGE =
  'usage: npm run check -- [--format text|github] [--quiet] [--diff-lines N] [--dist DIR] [--base <git-ref> | --previous DIR] [--full] [--skip-policies]';

export function parseCheckArgs(argv: readonly string[], env: NodeJS.ProcessEnv): CheckCliOptions {
  let format: CheckFormat = 'text';
  let quiet = env.CI === 'true';
  let diffLines = DEFAULT_DIFF_LINES;
  let dist = 'dist';
  let base: string | undefined;
  let previous: string | undefined;
  let full = false;
  let skipPolicies = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === '--format') {
      const f = value();
      if (!(CHECK_FORMATS as readonly string[]).includes(f))
        throw new UsageError(`--format must be one of ${CHECK_FORMATS.join(', ')}, not '${f}'`);
      format = f as CheckFormat;
    } else if (arg === '--quiet' || arg === '-q') quiet = true;
    else if (arg === '--diff-lines') {
      const v = value();
      diffLines = Number(v);
      if (!Number.isInteger(diffLines) || diffLines < 1)
        throw new UsageError(`--diff-lines must be a positive whole number, not '${v}'`);
    } else if (arg === '--dist') dist = value();
    else if (arg === '--base') base = value();
    else if (arg === '--previous') previous = value();
    else if (arg === '--full') full = true;
    else if (arg === SKIP_POLICIES_FLAG) skipPolicies = true;
    else if (arg === '--help' || arg === '-h') throw new UsageError('');
    else throw new UsageError(`unknown argument '${arg}'`);
  }
  if (base !== undefined && previous !== undefined)
    throw new UsageError('give either --base or --previous, not both');
  return {
    format,
    quiet,
    diffLines,
    dist,
    ...(base !== undefined ? { base } : {}),
    ...(previous !== undefined ? { previous } : {}),
    ...(full ? { full } : {}),
    ...(skipPolicies ? { skipPolicies } : {}),
  };
}

/** Renders the result for stdout. */
export function renderCheck(result: CheckResult, format: CheckFormat): string[] {
  const lines: string[] = [];
  for (const step of result.steps) {
    const findings = sortDiagnostics(step.findings);
    for (const d of findings) {
      lines.push(
        format === 'github' ? annotation(d, `karpenter-gitops check: ${step.step}`) : formatDiagnostic(d),
      );
      // Each stale file's diff right under its finding.
      const stale =
        step.step === 'stale' ? result.stale.find((s) => d.file.endsWith(`/${s.file}`)) : undefined;
      if (!stale?.diff) continue;
      if (format === 'github') lines.push(groupStart(`diff of ${d.file}`), stale.diff, groupEnd());
      else lines.push(...stale.diff.split('\n').map((l) => `    ${l}`));
    }
  }
  lines.push(summaryLine(result));
  return lines;
}

/** The previous dist/ named by --base or --previous (read when the validate step runs). */
function previousDist(options: CheckCliOptions, projectRoot: string): { previous?: PreviousDist } {
  const { base, previous, dist } = options;
  if (base !== undefined)
    return {
      previous: {
        label: `${base}:${dist}`,
        read: () => readDistAtRef(base, dist, projectRoot),
        provenBase: () => toolSourcesChangedSince(base, projectRoot),
      },
    };
  if (previous !== undefined)
    return { previous: { label: previous, read: () => readDistDir(path.resolve(projectRoot, previous)) } };
  return {};
}

export function summaryLine(result: CheckResult): string {
  const parts = result.steps.map((s) => `${s.step} ${s.status === 'ok' ? 'ok' : s.status}: ${s.summary}`);
  return `check: ${result.ok ? 'passed' : 'FAILED'} (${parts.join('; ')})`;
}

export interface CheckIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly env: NodeJS.ProcessEnv;
  /** Monotonic milliseconds, for progress output. */
  readonly now: () => number;
}

/** The CLI; resolves to the exit code and never rejects. */
export async function checkCli(
  argv: readonly string[],
  projectRoot: string,
  io: CheckIo,
  deps: CheckDeps = defaultCheckDeps(),
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(CHECK_USAGE);
    return 0;
  }
  let options: CheckCliOptions;
  try {
    options = parseCheckArgs(argv, io.env);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    if (e.message) io.err(`check: ${e.message}`);
    io.err(CHECK_USAGE);
    return 2;
  }
  const started = new Map<CheckStepName, number>();
  const progress = (step: CheckStepName, phase: 'start' | 'end', r?: StepResult) => {
    if (options.quiet) return;
    if (phase === 'start') {
      started.set(step, io.now());
      return;
    }
    const ms = Math.round(io.now() - (started.get(step) ?? io.now()));
    io.err(`check: ${step.padEnd(8)} ${r?.status ?? ''} ${r?.summary ?? ''} (${ms} ms)`);
  };
  try {
    const result = await runCheck(
      {
        projectRoot,
        distDir: path.resolve(projectRoot, options.dist),
        distLabel: options.dist.replace(/\\/g, '/').replace(/\/+$/, ''),
        diffLines: options.diffLines,
        ...previousDist(options, projectRoot),
        ...(options.full ? { full: true } : {}),
        ...(options.skipPolicies ? { skipPolicies: `skipped (${SKIP_POLICIES_FLAG})` } : {}),
        onProgress: progress,
      },
      deps,
    );
    for (const line of renderCheck(result, options.format)) io.out(line);
    return result.ok ? 0 : 1;
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    io.err(`check: internal error: ${error.message}`);
    io.err('this is a bug in karpenter-gitops, not in your fleet description or dist/.');
    io.err(error.stack ?? '(no stack trace)');
    return 2;
  }
}

/** The project root when running as compiled JS from build/review/. */
export const PROJECT_ROOT = path.resolve(__dirname, '..', '..');

if (require.main === module) {
  void checkCli(process.argv.slice(2), PROJECT_ROOT, {
    out: (l) => process.stdout.write(`${l}\n`),
    err: (l) => process.stderr.write(`${l}\n`),
    env: process.env,
    now: () => performance.now(),
  }).then((code) => {
    process.exitCode = code;
  });
}
