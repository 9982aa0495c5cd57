/**
 * The PR gate as a sequence of steps, each reporting Diagnostics:
 *
 *   1. load      clusters/*.yaml → FleetModel (errors with file:line)
 *   2. synth     every generator, in memory (same code path as `npm run synth` up to the write)
 *   3. stale     committed dist/ byte-for-byte equal to what synth generates (diff per file)
 *   4. validate  the committed dist/ (what Argo CD syncs): schemas, CEL rules, cross-artifact
 *                checks, CloudFormation; with a previous dist/ (the PR's base), also the CEL
 *                transition rules (`oldSelf`) between the two. cfn-lint starts on the committed
 *                templates before step 1 and runs while the others do (templates it judged
 *                before come from its cache, see validation/cloudformation/cfn-lint-cache.ts)
 *   5. policies  the policy scenario table, started after synth and collected last; with a proven
 *                base (--base, not --full) only the clusters whose proof record changed run
 *
 * Every step that can run does run, so one PR run shows every problem. The generated tree is
 * never written to dist/ (or anywhere): nothing here changes the work tree.
 */
import {
  Diagnostic,
  sortDiagnostics,
  UserError,
  DistFiles,
  FleetModel,
  fleetWidePath,
  GeneratedFiles,
  plural,
} from '../model';
import { cfnLintMissingNote, cfnLintRequiredFinding } from '../validation/cloudformation/cfn-lint';
import { generatedTexts, unchangedValues } from './check-inputs';
import { readDistDir } from './read-dist-dir';
import { awaitedByValidate, lintSummary, startLint } from './check-lint';
import { previousReader, provenBase } from './previous-dist';
import { DEFAULT_DIFF_LINES, findStaleFiles, StaleFile, staleMessage } from './stale-dist';
import type * as ShardSteps from './shard-steps';
import type { ShardLoad } from './shard-steps';

/** The shard steps (and review/shard-scope.ts), required by a sharded run (--shard) only. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const shardSteps = () => require('./shard-steps') as typeof ShardSteps;

export type { PreviousDist } from './previous-dist';

export { CHECK_STEPS } from './check-types';
export type {
  StartedLint,
  CheckCoverage,
  CheckDeps,
  CheckOptions,
  CheckResult,
  CheckStepName,
  PolicyContext,
  StepResult,
  StepStatus,
  ValidateContext,
} from './check-types';
import type {
  CheckDeps,
  CheckOptions,
  CheckResult,
  CheckStepName,
  PolicyContext,
  StepResult,
  ValidateContext,
} from './check-types';

type StepOutcome = Omit<StepResult, 'step'>;

export async function runCheck(options: CheckOptions, deps: CheckDeps): Promise<CheckResult> {
  const steps: StepResult[] = [];
  const run = stepRunner(steps, options.onProgress);
  const readPrevious = previousReader(options.previous);
  const fresh = options.full === true;
  // cfn-lint started by the caller on the whole tree, as `check` starts it (a shard lints its own).
  const started = !options.shard && deps.startedLint?.fresh === fresh ? deps.startedLint : undefined;
  // Read once, before the first step, so that cfn-lint can start on its templates at once (a
  // shard knows its files once the fleet is loaded, and reads only those; a lint started by the
  // caller read them itself, and they are taken from it after synth).
  const allCommitted = options.shard || started ? undefined : readDistDir(options.distDir, true);
  let lint = started
    ? awaitedByValidate(started.result)
    : allCommitted
      ? startLint(allCommitted, deps.lintTemplates, fresh)
      : undefined;

  let fleet: FleetModel | undefined;
  let shard: ShardLoad | undefined;
  run('load', () => {
    if (options.shard) {
      const s = (shard = shardSteps().loadShard(options.projectRoot, deps, options.shard));
      fleet = s.fleet;
      return { status: s.status, findings: s.findings, summary: s.summary };
    }
    const load = loadStep(options, deps);
    fleet = load.fleet;
    return load.outcome;
  });
  const owned = shard;
  const committedFiles = owned
    ? readDistDir(options.distDir, true, owned.scope.ownsDist)
    : (allCommitted ?? started?.committed() ?? readDistDir(options.distDir, true));
  lint ??= startLint(committedFiles, deps.lintTemplates, fresh);
  let generatedFiles: GeneratedFiles | undefined;
  let generated: DistFiles | undefined;
  run('synth', () => {
    const synth = synthStep(fleet, owned ? (f) => shardSteps().synthShard(owned, f, deps) : deps.synthesize);
    generatedFiles = synth.generated?.files;
    generated = synth.generated?.texts;
    return synth.outcome;
  });
  const policiesRun = startPolicies(fleet, generated, options, deps, readPrevious);
  let committed: DistFiles | undefined;
  let stale: StaleFile[] = [];
  run('stale', () => {
    // Shard 1 without the whole fleet (errors elsewhere) cannot render dist/fleet/'s shared files.
    const compared =
      owned?.scope.fleetWide && !owned.whole
        ? new Map([...committedFiles].filter(([rel]) => !fleetWidePath(rel)))
        : committedFiles;
    const check = staleStep(generated, compared, options);
    // Validated whole, also what was not compared.
    committed = check.committed === undefined ? undefined : committedFiles;
    stale = check.stale;
    return check.outcome;
  });
  options.onProgress?.('validate', 'start');
  const linted = await lint;
  const validated: StepResult = {
    step: 'validate',
    ...validateStep(committed, fleet, readPrevious, options, deps, {
      ...(generatedFiles && committed ? { values: unchangedValues(generatedFiles, committed) } : {}),
      ...(linted !== undefined ? { cfnLint: linted.result ?? false } : {}),
      ...(linted?.result ? { lintSummary: lintSummary(linted.result) } : {}),
      ...(linted !== undefined && linted.result === undefined ? { lintMissing: true } : {}),
    }),
  };
  steps.push(validated);
  options.onProgress?.('validate', 'end', validated);
  await finishPolicies(policiesRun, run, steps, options, deps);
  const checked = fleet?.clusters ?? [];
  return {
    steps,
    stale,
    ok: steps.every((s) => s.status !== 'failed'),
    coverage: {
      clusters: checked.map((c) => c.name).sort(),
      clusterFiles: owned ? owned.clusterFiles : checked.map((c) => c.source.file).sort(),
      files: [...new Set([...(generated?.keys() ?? []), ...committedFiles.keys()])].sort(),
    },
  };
}

type StepRunner = (step: CheckStepName, body: () => StepOutcome) => void;

/** Runs a step between its progress calls and records its result. */
function stepRunner(steps: StepResult[], onProgress: CheckOptions['onProgress']): StepRunner {
  return (step, body) => {
    onProgress?.(step, 'start');
    const result: StepResult = { step, ...body() };
    steps.push(result);
    onProgress?.(step, 'end', result);
  };
}

function skipped(why: string): StepOutcome {
  return { status: 'skipped', findings: [], summary: why };
}

function loadStep(
  options: CheckOptions,
  deps: CheckDeps,
): { readonly outcome: StepOutcome; readonly fleet?: FleetModel } {
  let fleet: FleetModel | undefined;
  const outcome = guard(() => {
    const loaded = deps.loadFleet(options.projectRoot);
    fleet = loaded.fleet;
    const pools = loaded.fleet.clusters.reduce((n, c) => n + c.nodePools.length, 0);
    return {
      status: 'ok',
      findings: loaded.warnings,
      summary: `${plural(loaded.fleet.clusters.length, 'cluster')}, ${plural(pools, 'node pool')}`,
    };
  });
  return { outcome, fleet };
}

function synthStep(
  fleet: FleetModel | undefined,
  synthesize: CheckDeps['synthesize'],
): { readonly outcome: StepOutcome; readonly generated?: ReturnType<typeof generatedTexts> } {
  if (!fleet) return { outcome: skipped('the fleet description did not load') };
  const f = fleet;
  let generated: ReturnType<typeof generatedTexts> | undefined;
  const outcome = guard(() => {
    generated = generatedTexts(synthesize(f));
    const files = generated.texts;
    return { status: 'ok', findings: [], summary: `${plural(files.size, 'file')} generated` };
  });
  return { outcome, generated };
}

/**
 * The policy scenarios run while stale and validate do (in worker threads where there are
 * cores to spare): start them now, collect them last.
 */
function startPolicies(
  fleet: FleetModel | undefined,
  generated: DistFiles | undefined,
  options: CheckOptions,
  deps: CheckDeps,
  readPrevious: () => DistFiles | undefined,
): Promise<StepOutcome> | undefined {
  const policiesRun =
    fleet && deps.policies && options.skipPolicies === undefined
      ? startStep(
          deps.policies,
          fleet,
          {
            distLabel: options.distLabel,
            ...(generated ? { generated } : {}),
            ...provenBase(options.previous, options.full, readPrevious),
          },
          () => options.onProgress?.('policies', 'start'),
        )
      : undefined;
  // If a later step hits a bug, the CLI reports that one; this keeps a late failure here quiet.
  policiesRun?.catch(() => undefined);
  return policiesRun;
}

function staleStep(
  generated: DistFiles | undefined,
  committedFiles: DistFiles,
  options: CheckOptions,
): { readonly outcome: StepOutcome; readonly committed?: DistFiles; readonly stale: StaleFile[] } {
  let committed: DistFiles | undefined;
  let stale: StaleFile[] = [];
  const outcome = guard(() => {
    committed = committedFiles;
    if (!generated) return skipped('nothing was generated to compare with');
    stale = findStaleFiles(generated, committed, options.distLabel, options.diffLines ?? DEFAULT_DIFF_LINES);
    const findings = stale.map((s): Diagnostic => ({
      severity: 'error',
      file: `${options.distLabel}/${s.file}`,
      line: s.line,
      col: 1,
      path: '',
      message: staleMessage(s),
      fix: 'Run `karpenter-gitops synth` and commit dist/',
    }));
    return stale.length > 0
      ? {
          status: 'failed',
          findings,
          summary: `${plural(stale.length, 'stale file')} in ${options.distLabel}/`,
        }
      : { status: 'ok', findings: [], summary: `${plural(generated.size, 'file')} up to date` };
  });
  return { outcome, committed, stale };
}

function validateStep(
  committed: DistFiles | undefined,
  fleet: FleetModel | undefined,
  readPrevious: () => DistFiles | undefined,
  options: CheckOptions,
  deps: CheckDeps,
  context: ValidateContext & { readonly lintSummary?: string; readonly lintMissing?: boolean },
): StepOutcome {
  if (!deps.validate) return skipped('no validator is wired in');
  const validate = deps.validate;
  const files = committed ?? new Map<string, string>();
  if (files.size === 0)
    return skipped(
      options.shard
        ? `shard ${options.shard.index}/${options.shard.count} owns no file of ${options.distLabel}/`
        : `${options.distLabel}/ is empty`,
    );
  return guard(() => {
    const previous = readPrevious();
    const { lintSummary: linted, lintMissing, ...validateContext } = context;
    const findings = validate(files, fleet, previous, validateContext).map((d) =>
      inDist(d, options.distLabel, files),
    );
    if (lintMissing && options.requireCfnLint) findings.push(cfnLintRequiredFinding(`${options.distLabel}/`));
    const errors = findings.filter((d) => d.severity === 'error').length;
    const warnings = findings.length - errors;
    const also =
      (warnings > 0 ? `, ${plural(warnings, 'warning')}` : '') +
      (options.previous ? `, transition rules against ${options.previous.label}` : '') +
      (linted !== undefined ? `, ${linted}` : '') +
      (lintMissing ? `, ${cfnLintMissingNote()}` : '');
    return {
      status: errors > 0 ? 'failed' : 'ok',
      findings,
      summary:
        errors > 0
          ? `${plural(errors, 'error')}${also} in ${options.distLabel}/`
          : `${plural(files.size, 'file')} valid${also}`,
    };
  });
}

/** The policy step last: its started run awaited, or skipped with why it did not start. */
async function finishPolicies(
  policiesRun: Promise<StepOutcome> | undefined,
  run: StepRunner,
  steps: StepResult[],
  options: CheckOptions,
  deps: CheckDeps,
): Promise<void> {
  if (!policiesRun) {
    run('policies', () =>
      skipped(
        options.skipPolicies ??
          (deps.policies ? 'the fleet description did not load' : 'no policy scenario runner is wired in'),
      ),
    );
    return;
  }
  const settled = await policiesRun;
  const result: StepResult = { step: 'policies', ...settled };
  steps.push(result);
  options.onProgress?.('policies', 'end', result);
}

/** Starts an asynchronous step; its outcome is judged like a synchronous one when awaited. */
async function startStep(
  body: NonNullable<CheckDeps['policies']>,
  fleet: FleetModel,
  context: PolicyContext,
  onStart: () => void,
): Promise<Omit<StepResult, 'step'>> {
  onStart();
  try {
    const r = await body(fleet, context);
    const failed = r.findings.some((d) => d.severity === 'error');
    return {
      status: failed ? 'failed' : 'ok',
      findings: r.findings,
      summary: r.summary,
      ...(r.scenarios !== undefined ? { scenarios: r.scenarios } : {}),
    };
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    return guard(() => {
      throw e;
    });
  }
}

/** A UserError from a step becomes its findings; anything else is a bug and propagates. */
function guard(body: () => Omit<StepResult, 'step'>): Omit<StepResult, 'step'> {
  try {
    return body();
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    const findings = sortDiagnostics(e.diagnostics);
    return {
      status: 'failed',
      findings,
      summary: plural(findings.filter((d) => d.severity === 'error').length, 'error'),
    };
  }
}

/** Validator findings name files relative to dist/ (or as `dist/<path>`); name them as the user's dist folder. */
function inDist(d: Diagnostic, distLabel: string, files: DistFiles): Diagnostic {
  if (files.has(d.file)) return { ...d, file: `${distLabel}/${d.file}` };
  if (d.file.startsWith('dist/') && files.has(d.file.slice(5)))
    return { ...d, file: `${distLabel}/${d.file.slice(5)}` };
  return d;
}
