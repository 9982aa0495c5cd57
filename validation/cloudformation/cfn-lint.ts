/**
 * cfn-lint, the CloudFormation linter with the full resource specification, run on templates
 * when it is on the PATH (otherwise the built-in check of validation/cloudformation-check.ts
 * is used).
 *
 * Two ways to run it:
 * - `runCfnLint`: once, synchronously, on every template (the cdk8s plugin; templates a caller of
 *   `lintTemplates` did not find);
 * - `lintTemplates`: started early and awaited later (`check`, `validate`), with results kept by content
 *   (validation/cloudformation/cfn-lint-cache.ts), so that only templates cfn-lint has not judged before are
 *   linted, split among several processes when there are many and cores to spare. When the
 *   installation's identity is known (validation/cloudformation/cfn-lint-identity.ts; it is asked only when
 *   results can be cached), the program run is the console script it resolved: for a pyenv shim,
 *   the script `pyenv which cfn-lint` names in the folder cfn-lint runs in, started directly (no
 *   bash and `pyenv exec` per run); otherwise, and without an identity, `bin`. A small batch goes
 *   first to a long-lived cfn-lint process (validation/cloudformation/cfn-lint-server.ts), the CLI whenever it
 *   cannot answer.
 *
 * cfn-lint exits 0, or with the bits 2 (errors), 4 (warnings) and 8 (informational) set; any
 * other exit is a failure of cfn-lint itself, reported as an error (never as a clean template).
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  CachedFinding,
  cachedFinding,
  cfnLintConfigs,
  cfnLintCacheKey,
  cfnLintEnvironment,
  pruneCache,
  readCachedFindings,
  writeCachedFindings,
} from './cfn-lint-cache';
import { CfnLintInstallation, cfnLintIdentity, findCfnLint } from './cfn-lint-identity';
import {
  CfnLintRun,
  CfnLintServer,
  CfnLintServerSettings,
  lintOnServer,
  serverForBatch,
} from './cfn-lint-server';
import { wholeFileError } from '../../model/basics';
import { Finding } from '../finding';

export { findCfnLint };

/** A template to lint: the name findings carry, and its text. */
export interface CfnLintTemplate {
  readonly file: string;
  readonly text: string;
}

/** The check name of cfn-lint's findings. */
export const CFN_LINT_CHECK = 'cloudformation/cfn-lint';

/**
 * What a summary says when cfn-lint is not installed: the templates got only the built-in check.
 * @param templates how many there were @default not counted
 */
export function cfnLintMissingNote(templates?: number): string {
  const what =
    templates === undefined
      ? 'CloudFormation templates'
      : `${templates} CloudFormation template${templates === 1 ? '' : 's'}`;
  return `${what} not linted: cfn-lint not found (built-in check only)`;
}

/** The flag of `check` and `validate` that makes a missing cfn-lint an error (the generated workflow passes it). */
export const REQUIRE_CFN_LINT_FLAG = 'require-cfn-lint';

/** The error `--require-cfn-lint` adds when cfn-lint is not installed; `file` names what was validated. */
export function cfnLintRequiredFinding(file: string): Finding {
  return {
    ...wholeFileError(
      file,
      `cfn-lint was not found on PATH, so the CloudFormation templates were not linted (--${REQUIRE_CFN_LINT_FLAG})`,
      `Install cfn-lint (python -m pip install cfn-lint) so that it is on PATH, or run without --${REQUIRE_CFN_LINT_FLAG}`,
    ),
    check: CFN_LINT_CHECK,
  };
}

interface CfnLintMatch {
  Filename?: string;
  Rule?: { Id?: string };
  Level?: string;
  Message?: string;
  Location?: { Start?: { LineNumber?: number; ColumnNumber?: number }; Path?: (string | number)[] };
}

/** Did cfn-lint end normally (0, or only its finding bits 2, 4 and 8)? */
export function isLintExit(code: number | null): boolean {
  return code !== null && (code & ~14) === 0;
}

/**
 * cfn-lint's JSON output as findings, each named by the template whose temporary copy
 * (`paths[i]`) it is about; undefined when the output is not cfn-lint's JSON.
 */
export function parseCfnLintOutput(
  stdout: string,
  paths: readonly string[],
  templates: readonly CfnLintTemplate[],
): Finding[] | undefined {
  let matches: unknown;
  try {
    matches = JSON.parse(stdout === '' ? '[]' : stdout);
  } catch {
    return undefined;
  }
  if (!Array.isArray(matches)) return undefined;
  return (matches as CfnLintMatch[]).map((m) => {
    const i = paths.findIndex((p) => p === m.Filename);
    const file = templates[i >= 0 ? i : 0].file;
    return {
      file,
      document: 0,
      severity: m.Level === 'Error' ? 'error' : 'warning',
      line: m.Location?.Start?.LineNumber ?? 0,
      col: m.Location?.Start?.ColumnNumber ?? 0,
      path: (m.Location?.Path ?? []).join('.'),
      message: `${m.Rule?.Id ?? 'cfn-lint'}: ${(m.Message ?? '').replace(/\.$/, '')}`,
      check: CFN_LINT_CHECK,
    } satisfies Finding;
  });
}

/** The finding for a run of cfn-lint that did not end normally: never a clean template. */
function failedRun(templates: readonly CfnLintTemplate[], code: number | null, stderr: string): Finding[] {
  const why = stderr.trim().split('\n').filter(Boolean).pop() ?? 'no error output';
  return templates.map((t) => ({
    ...wholeFileError(
      t.file,
      `cfn-lint failed (exit code ${code ?? 'none'}: ${why}), so this template was not checked`,
      `Run \`cfn-lint ${basename(t.file)}\` to see the failure; reinstall or upgrade cfn-lint, or take it off the PATH to use the built-in check`,
    ),
    document: 0,
    check: CFN_LINT_CHECK,
  }));
}

/** Writes the templates into a temporary folder, one file each, keeping their names' endings. */
function writeTemporaryCopies(templates: readonly CfnLintTemplate[]): { dir: string; paths: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'kg-cfn-'));
  const paths = templates.map((t, i) => {
    const p = join(dir, `${i}-${basename(t.file)}`);
    writeFileSync(p, t.text);
    return p;
  });
  return { dir, paths };
}

/** Runs cfn-lint on template texts, synchronously; undefined when it is not installed. */
export function runCfnLint(templates: readonly CfnLintTemplate[]): Finding[] | undefined {
  const bin = findCfnLint();
  if (!bin || templates.length === 0) return bin ? [] : undefined;
  const { dir, paths } = writeTemporaryCopies(templates);
  try {
    let stdout: string;
    let stderr = '';
    let code: number | null = 0;
    try {
      stdout = execFileSync(bin, cliArgs(paths), {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 256 * 1024 * 1024,
      });
    } catch (err) {
      const e = err as { stdout?: unknown; stderr?: unknown; status?: number | null };
      stdout = String(e.stdout ?? '');
      stderr = String(e.stderr ?? '');
      code = e.status ?? null;
    }
    const findings = isLintExit(code) ? parseCfnLintOutput(stdout, paths, templates) : undefined;
    return findings ?? failedRun(templates, code, stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** cfn-lint's arguments for some templates' temporary copies. */
function cliArgs(paths: readonly string[]): string[] {
  return ['--format', 'json', '--', ...paths];
}

/** Runs the cfn-lint CLI once, asynchronously: its output and exit code. */
function runCli(bin: string, args: readonly string[], cwd: string): Promise<CfnLintRun> {
  return new Promise((resolve) => {
    execFile(bin, [...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ stdout, stderr, code: err ? (typeof err.code === 'number' ? err.code : null) : 0 }),
    );
  });
}

/** Where cfn-lint runs: the CLI (`bin`), or first the server (validation/cloudformation/cfn-lint-server.ts) when it can. */
interface Linter {
  readonly bin: string;
  readonly cwd: string;
  readonly server?: CfnLintServer;
}

/**
 * Runs cfn-lint once on some templates, asynchronously: on the server when there is one to ask
 * and it answers with cfn-lint's findings, else (no answer, or cfn-lint failed there: the CLI
 * has the last word on a failure) with the CLI.
 */
async function lintOnce(
  linter: Linter,
  templates: readonly CfnLintTemplate[],
): Promise<{ findings: Finding[]; ok: boolean; served: boolean }> {
  const { dir, paths } = writeTemporaryCopies(templates);
  const judge = ({ code, stdout }: CfnLintRun) =>
    isLintExit(code) ? parseCfnLintOutput(stdout, paths, templates) : undefined;
  try {
    const args = cliArgs(paths);
    const served = linter.server ? await lintOnServer(linter.server, args, linter.cwd) : undefined;
    const fromServer = served ? judge(served) : undefined;
    if (fromServer) return { findings: fromServer, ok: true, served: true };
    const run = await runCli(linter.bin, args, linter.cwd);
    const findings = judge(run);
    return findings
      ? { findings, ok: true, served: false }
      : { findings: failedRun(templates, run.code, run.stderr), ok: false, served: false };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface LintOptions {
  /** The cache folder (validation/cloudformation/cfn-lint-cache.ts `cfnLintCacheDir`). @default none: nothing is cached */
  readonly cacheDir?: string;
  /** Take results from the cache; false lints everything again and refreshes the cache (`check --full`). @default true */
  readonly readCache?: boolean;
  /** The folder cfn-lint runs in (it reads `.cfnlintrc` there). @default process.cwd() */
  readonly cwd?: string;
  /** The home folder (cfn-lint reads `~/.cfnlintrc`). @default os.homedir() */
  readonly home: string;
  /** Most cfn-lint processes at once. @default every core but one (at least 1) */
  readonly processes?: number;
  /** cfn-lint's path. @default found on the PATH */
  readonly bin?: string | null;
  /**
   * Tells the installation's identity run in a folder (the cache key's part) and the program to
   * start (a pyenv shim's real script); when it tells none, `bin` runs and nothing is cached.
   * @default validation/cloudformation/cfn-lint-identity.ts `cfnLintIdentity`
   */
  readonly identity?: (bin: string, cwd: string) => Promise<CfnLintInstallation | undefined>;
  /**
   * Where the long-lived cfn-lint server runs (validation/cloudformation/cfn-lint-server.ts `cfnLintServerSettings`);
   * it lints a batch of at most `TEMPLATES_PER_PROCESS` templates whose results may be cached,
   * when the installation's interpreter is known. @default none: the CLI only
   */
  readonly server?: CfnLintServerSettings;
}

export interface LintResult {
  /** cfn-lint's findings, named by each template's `file`. */
  readonly findings: readonly Finding[];
  /** Each template that was judged (by cfn-lint now, or from the cache): file → text. */
  readonly judged: ReadonlyMap<string, string>;
  /** How many templates cfn-lint judged now, and how many came from the cache. */
  readonly linted: number;
  readonly cached: number;
  /** How many of the `linted` templates the cfn-lint server judged (the rest: the CLI). @default 0 */
  readonly served?: number;
  /** Why the cache was not used at all, when it was not. */
  readonly uncached?: string;
}

/** Templates per cfn-lint process worth another process's start-up (about 1.7 s of Python). */
const TEMPLATES_PER_PROCESS = 10;

/** Splits `items` into `n` runs of nearly equal size, in order. */
function split<T>(items: readonly T[], n: number): T[][] {
  const size = Math.ceil(items.length / n);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Lints the templates `given` (or that it gives when called: asked only when cfn-lint is
 * installed) with cfn-lint, taking the result of every template it judged before from the cache;
 * undefined when cfn-lint is not installed.
 */
export async function lintTemplates(
  given: readonly CfnLintTemplate[] | (() => readonly CfnLintTemplate[]),
  options: LintOptions,
): Promise<LintResult | undefined> {
  const bin = options.bin === undefined ? findCfnLint() : options.bin;
  if (!bin) return undefined;
  // Found only when cfn-lint is there to lint them (finding them parses every candidate file).
  const templates = typeof given === 'function' ? given() : given;
  const keys = await cacheKeys(bin, templates, options);
  const findings: Finding[] = [];
  const misses: { template: CfnLintTemplate; key?: string }[] = [];
  templates.forEach((template, i) => {
    const key = keys.keys[i];
    const hit =
      key !== undefined && options.cacheDir !== undefined && options.readCache !== false
        ? readCachedFindings(options.cacheDir, key)
        : undefined;
    if (hit) findings.push(...hit.map((f) => replayed(template.file, f)));
    else misses.push({ template, ...(key !== undefined ? { key } : {}) });
  });
  const cores = options.processes ?? Math.max(1, availableParallelism() - 1);
  const runs = split(misses, Math.max(1, Math.min(cores, Math.ceil(misses.length / TEMPLATES_PER_PROCESS))));
  const linter: Linter = {
    bin: keys.installation?.program ?? bin,
    cwd: options.cwd ?? process.cwd(),
    // One batch of templates whose results may be cached (more are split among CLI processes).
    ...serverForBatch(options.server, keys.installation, misses, TEMPLATES_PER_PROCESS),
  };
  const results = await Promise.all(
    runs.map((run) =>
      lintOnce(
        linter,
        run.map((m) => m.template),
      ),
    ),
  );
  results.forEach((result, r) => {
    findings.push(...result.findings);
    if (!result.ok || options.cacheDir === undefined) return;
    for (const m of runs[r]) {
      if (m.key === undefined) continue;
      writeCachedFindings(
        options.cacheDir,
        m.key,
        result.findings.filter((f) => f.file === m.template.file),
      );
    }
  });
  if (options.cacheDir !== undefined && misses.length > 0) pruneCache(options.cacheDir);
  const served = results.reduce((n, result, r) => n + (result.served ? runs[r].length : 0), 0);
  return {
    findings,
    judged: new Map(templates.map((t) => [t.file, t.text])),
    linted: misses.length,
    cached: templates.length - misses.length,
    ...(served > 0 ? { served } : {}),
    ...(keys.uncached !== undefined ? { uncached: keys.uncached } : {}),
  };
}

/**
 * A cached finding as cfn-lint's output gives it (`parseCfnLintOutput`), fields in the same
 * order, so that `--format json` prints a replayed finding byte for byte as a fresh one.
 */
function replayed(file: string, f: CachedFinding): Finding {
  return { file, document: 0, ...cachedFinding(f) };
}

/**
 * Each template's cache key (undefined: not cached), why nothing is cached, if so, and the
 * program to run when the installation's identity was found.
 */
async function cacheKeys(
  bin: string,
  templates: readonly CfnLintTemplate[],
  options: LintOptions,
): Promise<{ keys: readonly (string | undefined)[]; uncached?: string; installation?: CfnLintInstallation }> {
  const none = (why?: string) => ({
    keys: templates.map(() => undefined),
    ...(why ? { uncached: why } : {}),
  });
  if (options.cacheDir === undefined || templates.length === 0) return none();
  const cwd = options.cwd ?? process.cwd();
  const configs = cfnLintConfigs(cwd, options.home);
  if ('uncached' in configs) return none(configs.uncached);
  const found = await (options.identity ?? cfnLintIdentity)(bin, cwd);
  if (found === undefined) return none(`the version of ${bin} cannot be told without running it`);
  return {
    // The environment the CLI (and the server) lint with: this process's.
    keys: templates.map((t) =>
      cfnLintCacheKey(found.identity, configs.text + cfnLintEnvironment(process.env), t.file, t.text),
    ),
    installation: found,
  };
}
