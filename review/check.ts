/**
 * CLI: the one command a PR job runs.
 *
 *   karpenter-gitops check [--format text|github] [--quiet] [--diff-lines N] [--dist DIR]
 *                          [--clusters DIR] [--base <git-ref> | --previous DIR] [--full] [--skip-policies]
 *                          [--require-cfn-lint] [--shard K/N] [--summary-json FILE]
 *   karpenter-gitops check --join [--format text|github] FILE...
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
 * --shard K/N checks only shard K's clusters (review/shard.ts, review/shard-steps.ts); shard 1
 * also the fleet-wide parts. --summary-json writes what was checked and found
 * (review/check-summary.ts); --join puts the shards' summaries together (review/check-join.ts).
 * Exit codes: 0 all steps passed; 1 a step found problems (or there is no clusters/); 2 usage
 * error; 70 internal error (one sentence and where to report it; the stack with --debug).
 */
import * as path from 'path';
import { formatDiagnostic, sortDiagnostics } from '../model';
import type * as Wiring from './check-wiring';
import type * as Annotations from './github-annotations';
import type * as Shard from './shard';
import type * as ShardCli from './check-shard-cli';
import { readDistDir } from './read-dist-dir';
import { startCheckWork, type CheckWork } from './threads/check-work';
import { SHARD_FORM, SKIP_POLICIES_FLAG } from './check-types';
import { CheckDeps, CheckResult, CheckStepName, PreviousDist, runCheck, StepResult } from './run-check';
import { DEFAULT_DIFF_LINES } from './stale-dist';
import { processIo, reportInternalError } from '../io/cli-common';
import { AnyCommand, defineCommand, OptionValues, runCommand, usageError } from '../io/command';
import type { ShardSpec } from './shard';

// What only some runs need is required on first use: sharding (--shard, --join, --summary-json)
// and GitHub annotations (--format github).
/* eslint-disable @typescript-eslint/no-require-imports */
const shardModule = () => require('./shard') as typeof Shard;
const shardCli = () => require('./check-shard-cli') as typeof ShardCli;
const annotations = () => require('./github-annotations') as typeof Annotations;
/* eslint-enable @typescript-eslint/no-require-imports */

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
  /** Folder of the fleet description, relative to the project root. @default 'clusters' */
  readonly clusters?: string;
  /** Reuse no proof of the base. @default false */
  readonly full?: boolean;
  /** Skip the policy scenarios. @default false */
  readonly skipPolicies?: boolean;
  /** Fail when cfn-lint is not installed. @default false */
  readonly requireCfnLint?: boolean;
  /** Check only this shard of the fleet (`--shard K/N`). @default the whole fleet */
  readonly shard?: ShardSpec;
  /** Where to write the machine-readable summary, relative to the project root. @default none */
  readonly summaryJson?: string;
}

/** `check`'s options; the README and docs/pr-review.md describe them. */
const CHECK_OPTIONS = {
  format: {
    type: 'string',
    value: 'FORMAT',
    choices: CHECK_FORMATS,
    description: 'findings as text, or as GitHub workflow annotations',
    defaultText: 'text',
  },
  quiet: { type: 'boolean', short: 'q', description: 'no progress on stderr (also when CI=true)' },
  'diff-lines': {
    type: 'string',
    value: 'N',
    description: 'lines of diff shown per stale file',
    defaultText: String(DEFAULT_DIFF_LINES),
  },
  dist: { type: 'string', value: 'DIR', description: 'the committed output folder', defaultText: 'dist' },
  clusters: {
    type: 'string',
    value: 'DIR',
    description: 'folder of the fleet description',
    defaultText: 'clusters',
  },
  base: {
    type: 'string',
    value: 'GIT-REF',
    description: 'dist/ at this git revision is the previous version (CEL transition rules)',
  },
  previous: {
    type: 'string',
    value: 'DIR',
    description: 'folder holding the previous dist/ (instead of --base)',
  },
  full: { type: 'boolean', description: 'reuse no proof of the base: prove every cluster again' },
  'skip-policies': {
    type: 'boolean',
    description: 'do not run the policy scenarios (e.g. without the optional IAM simulator)',
  },
  shard: {
    type: 'string',
    value: SHARD_FORM,
    description:
      'check only shard K of N (1 ≤ K ≤ N): its clusters, cut by a hash of their file names; shard 1 also the fleet-wide parts',
  },
  'summary-json': {
    type: 'string',
    value: 'FILE',
    description: 'also write what was checked and found as JSON, for --join',
  },
  join: {
    type: 'boolean',
    description:
      "join the --summary-json FILEs of every shard into one result (fails if they don't make one check)",
  },
  'require-cfn-lint': {
    type: 'boolean',
    description:
      'fail when cfn-lint is not on PATH (without it the templates get only the built-in check, and the summary says so)',
  },
} as const;

/** Turns parsed options into CheckCliOptions; a string is a usage error sentence. */
export function checkOptionsFrom(
  values: OptionValues<typeof CHECK_OPTIONS>,
  env: NodeJS.ProcessEnv,
): CheckCliOptions | string {
  const diffText = values['diff-lines'];
  const diffLines = diffText === undefined ? DEFAULT_DIFF_LINES : Number(diffText);
  if (!Number.isInteger(diffLines) || diffLines < 1)
    return `--diff-lines must be a positive whole number, not '${diffText}'`;
  if (values.base !== undefined && values.previous !== undefined)
    return 'give either --base or --previous, not both';
  const shard = values.shard === undefined ? undefined : shardModule().parseShard(values.shard);
  if (typeof shard === 'string') return shard;
  return {
    format: values.format ?? 'text',
    quiet: values.quiet || env.CI === 'true',
    diffLines,
    dist: values.dist ?? 'dist',
    ...(values.clusters !== undefined ? { clusters: values.clusters } : {}),
    ...(values.base !== undefined ? { base: values.base } : {}),
    ...(values.previous !== undefined ? { previous: values.previous } : {}),
    ...(values.full ? { full: true } : {}),
    ...(values['skip-policies'] ? { skipPolicies: true } : {}),
    ...(values['require-cfn-lint'] ? { requireCfnLint: true } : {}),
    ...(shard ? { shard } : {}),
    ...(values['summary-json'] !== undefined ? { summaryJson: values['summary-json'] } : {}),
  };
}

/** The `check` command; `deps` replaces the real pipeline in tests. */
export function checkCommandWith(deps?: (projectRoot: string, clustersDir: string) => CheckDeps) {
  const decl: AnyCommand = defineCommand({
    name: 'check',
    summary: 'the PR gate: dist/ is up to date with clusters/, valid, and the IAM scenarios hold',
    description:
      'Loads the fleet, synthesizes in memory, compares with the committed dist/ (a diff per stale\n' +
      'file), validates dist/ and runs the policy scenario table. With --base or --previous, the\n' +
      "CRDs' transition rules are evaluated between that previous dist/ and the committed one.",
    options: CHECK_OPTIONS,
    positionals: { name: 'FILE...', description: 'with --join: the summary of every shard' },
    usage: ['check --join [--format FORMAT] FILE...'],
    exitCodes: '0 all steps passed, 1 a step found problems, 2 usage error, 70 internal error',
    run: async ({ values, positionals }, io): Promise<number> => {
      const env = io.env ?? process.env;
      if (values.join) {
        if (positionals.length === 0)
          return usageError('check', decl, '--join needs the summary FILEs of every shard', io);
        return shardCli().runJoin(positionals, io.cwd, values.format ?? 'text', io);
      }
      if (positionals.length > 0)
        return usageError(
          'check',
          decl,
          `unexpected argument '${positionals[0]}' (only --join takes files)`,
          io,
        );
      const options = checkOptionsFrom(values, env);
      if (typeof options === 'string') return usageError('check', decl, options, io);
      return checkRun(options, io.cwd, { ...io, env, now: () => performance.now() }, deps);
    },
  });
  return decl;
}

export const checkCommand = checkCommandWith();

/** Renders the result for stdout. */
export function renderCheck(result: CheckResult, format: CheckFormat, shard?: ShardSpec): string[] {
  const lines: string[] = [];
  const gh = format === 'github' ? annotations() : undefined;
  for (const step of result.steps) {
    const findings = sortDiagnostics(step.findings);
    for (const d of findings) {
      lines.push(gh ? gh.annotation(d, `karpenter-gitops check: ${step.step}`) : formatDiagnostic(d));
      // Each stale file's diff right under its finding.
      const stale =
        step.step === 'stale' ? result.stale.find((s) => d.file.endsWith(`/${s.file}`)) : undefined;
      if (!stale?.diff) continue;
      if (gh) lines.push(gh.groupStart(`diff of ${d.file}`), stale.diff, gh.groupEnd());
      else lines.push(...stale.diff.split('\n').map((l) => `    ${l}`));
    }
  }
  lines.push(summaryLine(result, shard));
  return lines;
}

/**
 * The previous dist/ named by --base or --previous (read when the validate step runs); `work`:
 * what `check`'s worker was started on (for --base, git already reads the base there).
 */
function previousDist(
  options: CheckCliOptions,
  projectRoot: string,
  work: CheckWork,
): { previous?: PreviousDist } {
  const { base, previous, dist } = options;
  if (base !== undefined && work.base) {
    const reader = work.base;
    return { previous: { label: `${base}:${dist}`, read: reader.read, provenBase: reader.toolSources } };
  }
  if (previous !== undefined)
    return { previous: { label: previous, read: () => readDistDir(path.resolve(projectRoot, previous)) } };
  return {};
}

export function summaryLine(result: CheckResult, shard?: ShardSpec): string {
  const parts = result.steps.map((s) => `${s.step} ${s.status === 'ok' ? 'ok' : s.status}: ${s.summary}`);
  const which = shard ? ` shard ${shardModule().shardLabel(shard)}` : '';
  return `check${which}: ${result.ok ? 'passed' : 'FAILED'} (${parts.join('; ')})`;
}

export interface CheckIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  readonly env: NodeJS.ProcessEnv;
  /** Print the stack of an internal error. @default false */
  readonly debug?: boolean;
  /** Monotonic milliseconds, for progress output. */
  readonly now: () => number;
}

/** The CLI over a command line; resolves to the exit code and never rejects. */
export async function checkCli(
  argv: readonly string[],
  projectRoot: string,
  io: CheckIo,
  deps?: CheckDeps,
): Promise<number> {
  const command = checkCommandWith(deps === undefined ? undefined : () => deps);
  return runCommand('check', command, argv, { ...io, cwd: projectRoot });
}

/** `check` with parsed options, in the project (the user's repository) at `projectRoot`. */
export async function checkRun(
  options: CheckCliOptions,
  projectRoot: string,
  io: CheckIo,
  makeDeps?: (projectRoot: string, clustersDir: string, env: NodeJS.ProcessEnv) => CheckDeps,
): Promise<number> {
  const clustersDir = path.resolve(projectRoot, options.clusters ?? 'clusters');
  // git and cfn-lint start first (in one worker, review/threads/check-work.ts), then the
  // pipeline's modules load: the real pipeline is required only now, while they run alongside. A
  // shard lints only its own files, known once the fleet is loaded.
  const fresh = options.full === true;
  const work = startCheckWork({
    distDir: path.resolve(projectRoot, options.dist),
    ...(makeDeps || options.shard ? {} : { lint: { fresh, place: { cwd: projectRoot, env: io.env } } }),
    ...(options.base !== undefined
      ? { base: { ref: options.base, distDir: options.dist, cwd: projectRoot } }
      : {}),
  });
  const previous = previousDist(options, projectRoot, work);
  const lint = work.lint;
  const deps = makeDeps
    ? makeDeps(projectRoot, clustersDir, io.env)
    : // eslint-disable-next-line @typescript-eslint/no-require-imports
      (require('./check-wiring') as typeof Wiring).defaultCheckDeps(projectRoot, clustersDir, io.env, lint);
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
        ...previous,
        ...(options.full ? { full: true } : {}),
        ...(options.skipPolicies ? { skipPolicies: `skipped (${SKIP_POLICIES_FLAG})` } : {}),
        ...(options.requireCfnLint ? { requireCfnLint: true } : {}),
        ...(options.shard ? { shard: options.shard } : {}),
        onProgress: progress,
      },
      deps,
    );
    for (const line of renderCheck(result, options.format, options.shard)) io.out(line);
    if (options.summaryJson !== undefined)
      shardCli().writeSummary(options.summaryJson, projectRoot, result, options.shard);
    return result.ok ? 0 : 1;
  } catch (e) {
    return reportInternalError('check', e, { ...io, cwd: projectRoot });
  }
}

if (require.main === module) {
  // The check alone, without the command frame's dispatch (the benchmark times this).
  void runCommand('check', checkCommand, process.argv.slice(2), processIo()).then((code) => {
    process.exitCode = code;
  });
}
