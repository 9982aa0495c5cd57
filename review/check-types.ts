/**
 * What `check` (review/run-check.ts) is made of: its steps and their results, what a run
 * covered, the pipeline it runs (CheckDeps, injected by tests) and its options.
 */
import type { Diagnostic, DistFiles, FleetModel, GeneratedFiles } from '../model';
import type { LintResult } from '../validation/cloudformation/cfn-lint';
import type { PreLinted } from '../validation/validate-tree';
import type { PreviousDist } from './previous-dist';
import type { ProvenBase } from './proof-reuse';
import type { LoadFleetOptions } from '../io/read-fleet';
import type { StaleFile } from './stale-dist';

export const CHECK_STEPS = ['load', 'synth', 'stale', 'validate', 'policies'] as const;

/** cfn-lint started on the committed dist/ by a worker that read the folder itself. */
export interface StartedLint {
  /** Whether it judges every template again (`--full`). */
  readonly fresh: boolean;
  readonly result: Promise<LintResult | undefined>;
  /**
   * The committed dist/ as the worker read it, once it has (undefined before, or when it could
   * not): `check` then need not read it again.
   */
  readonly committed: () => DistFiles | undefined;
}

/** The form `--shard` takes, for usage errors and help (review/shard.ts). */
export const SHARD_FORM = 'K/N';

/** Shard `index` of `count` (both 1-based, 1 ≤ index ≤ count): `--shard K/N` (review/shard.ts). */
export interface ShardSpec {
  readonly index: number;
  readonly count: number;
}

/** The flag that skips the policies step, named in its finding when the simulator is missing. */
export const SKIP_POLICIES_FLAG = '--skip-policies';
export type CheckStepName = (typeof CHECK_STEPS)[number];

export type StepStatus = 'ok' | 'failed' | 'skipped';

export interface StepResult {
  readonly step: CheckStepName;
  readonly status: StepStatus;
  /** Errors and warnings, sorted; files relative to the project root. */
  readonly findings: readonly Diagnostic[];
  /** One line for the summary, e.g. `42 files up to date`, or why the step was skipped. */
  readonly summary: string;
  /** Policy scenarios run (the policies step). @default none */
  readonly scenarios?: number;
}

/** What a run covered, for `--summary-json` and joining shards (review/check-summary.ts). */
export interface CheckCoverage {
  /** Names of the clusters checked (that loaded), sorted. */
  readonly clusters: readonly string[];
  /** Cluster files of the fleet description checked, sorted (also those that did not load). */
  readonly clusterFiles: readonly string[];
  /** Paths relative to dist/ compared or validated (generated or committed), sorted. */
  readonly files: readonly string[];
}

export interface CheckResult {
  readonly steps: readonly StepResult[];
  readonly stale: readonly StaleFile[];
  readonly ok: boolean;
  readonly coverage: CheckCoverage;
}

export interface CheckDeps {
  /**
   * Loads and resolves the fleet description under projectRoot (throws UserError); with `part`,
   * only `_defaults.yaml` and the cluster files in `part.only`, without the checks across
   * clusters (shards 2…N of `check --shard`, review/shard-steps.ts).
   */
  readonly loadFleet: (
    projectRoot: string,
    part?: Pick<LoadFleetOptions, 'only' | 'onDetails'>,
  ) => {
    readonly fleet: FleetModel;
    readonly warnings: readonly Diagnostic[];
  };
  /**
   * The fleet's cluster files (`clusters/<stem>.yaml`), from the folder listing alone: what
   * `--shard` cuts. Undefined: every shard loads the whole fleet (and cuts what loaded).
   */
  readonly listClusterFiles?: (projectRoot: string) => readonly string[];
  /**
   * All generated files, relative to dist/ (pure): texts, or texts with the values they were
   * rendered from (which spare validation the parse of committed files identical to them).
   */
  readonly synthesize: (fleet: FleetModel) => DistFiles | GeneratedFiles;
  /**
   * The generators that write the fleet-wide files of dist/fleet/ (ApplicationSet, AppProject),
   * for shard 1 of `--shard`: run over the whole fleet. @default synthesize
   */
  readonly synthesizeFleetWide?: (fleet: FleetModel) => DistFiles | GeneratedFiles;
  /**
   * Validates a dist/ tree (paths relative to dist/); `fleet` is undefined when the fleet
   * description did not load. Findings name files relative to dist/ or as `dist/<path>`.
   * `previous` is the previous dist/ tree (paths relative to dist/) for transition rules, when
   * one was given. Undefined: no validator available, the step is reported as skipped.
   */
  readonly validate?: (
    files: DistFiles,
    fleet: FleetModel | undefined,
    previous?: DistFiles,
    context?: ValidateContext,
  ) => readonly Diagnostic[];
  /**
   * Starts cfn-lint on the committed dist/'s CloudFormation templates (`fresh`: take nothing
   * from its cache); resolves to its result, or undefined when cfn-lint is not installed.
   * Started before the first step and awaited by validate. Undefined: the validator runs its
   * own CloudFormation check.
   */
  readonly lintTemplates?: (committed: DistFiles, fresh: boolean) => Promise<LintResult | undefined>;
  /**
   * cfn-lint already started on the committed dist/ by the caller (review/threads/check-work.ts
   * `startCheckWork`, before the pipeline's modules loaded), in place of `lintTemplates` for
   * the whole tree (a shard still lints its own files through `lintTemplates`).
   * @default none: `lintTemplates` starts it before the first step
   */
  readonly startedLint?: StartedLint;
  /**
   * Runs the policy scenario table; started as soon as synth finished and awaited last, so it
   * overlaps stale and validate. Undefined: reported as skipped.
   */
  readonly policies?: (
    fleet: FleetModel,
    context: PolicyContext,
  ) => Promise<{
    readonly findings: readonly Diagnostic[];
    readonly summary: string;
    readonly scenarios?: number;
  }>;
}

/** What the validate step gets besides the files. */
export interface ValidateContext {
  /** The value of each file that is byte for byte what synth generated from it, by path. */
  readonly values?: ReadonlyMap<string, unknown>;
  /**
   * cfn-lint's result for the templates (started early), or false when cfn-lint is not
   * installed (the built-in check). @default the validator lints the templates itself
   */
  readonly cfnLint?: false | PreLinted;
}

/** What the policy step gets besides the fleet. */
export interface PolicyContext {
  /** How dist/ is named in findings (`dist`). */
  readonly distLabel: string;
  /** What synth generated; undefined when it failed. */
  readonly generated?: DistFiles;
  /** The proven base whose proofs may be reused; undefined proves everything. */
  readonly base?: ProvenBase;
  /** Why a proven base (--base) was not used, e.g. the tool's own sources changed since. */
  readonly notReused?: string;
}

export interface CheckOptions {
  readonly projectRoot: string;
  /** dist/ folder, absolute. */
  readonly distDir: string;
  /** How dist/ is named in messages (`dist`). */
  readonly distLabel: string;
  /** @default DEFAULT_DIFF_LINES */
  readonly diffLines?: number;
  /**
   * The previous dist/ (e.g. at the PR's base commit), read when the validate step runs (a
   * UserError from `read`, such as an unknown git revision, fails that step); CEL transition
   * rules are evaluated against it.
   * @default none (transition rules are not evaluated)
   */
  readonly previous?: PreviousDist;
  /**
   * Fail the validate step when cfn-lint is not installed (the CloudFormation templates would
   * get only the built-in check). Without it, the step passes and its summary says so.
   * @default false
   */
  readonly requireCfnLint?: boolean;
  /**
   * Prove and validate everything, reusing nothing from the base.
   * @default false
   */
  readonly full?: boolean;
  /**
   * Why the policy step is skipped (e.g. `--skip-policies`).
   * @default undefined: the step runs
   */
  readonly skipPolicies?: string;
  /**
   * Check only this shard's clusters (review/shard.ts); shard 1 also the fleet-wide parts.
   * @default the whole fleet
   */
  readonly shard?: ShardSpec;
  /** Called when a step starts and ends (progress output). */
  readonly onProgress?: (step: CheckStepName, phase: 'start' | 'end', result?: StepResult) => void;
}
