/**
 * The fast path of the installed package's everyday `synth`: the fleet has not changed since the
 * last successful run and the output folder still holds exactly what that run wrote, so the run
 * would load, generate and validate only to find every file unchanged and print what it printed
 * then. Replaying that record prints the same lines, writes nothing and exits 0, without
 * loading the tool (this module needs only Node's own modules).
 *
 * A record is kept per command line, in the user's cache folder
 * (`$XDG_CACHE_HOME/karpenter-gitops/synth/`, `~/.cache/…` by default, the cfn-lint cache's
 * convention), named by the sha256 of everything the run's result depends on besides the fleet:
 * the tool's build (`lib/build-id.json`, written by bin/build-package.js: the sha256 of every file
 * the package runs), Node's version, cdk8s's `CDK8S_*` environment variables, the working folder
 * and the options. The record holds the
 * sha256 of the fleet (every `*.yaml` / `*.yml` name and content, as io/read-fleet.ts reads them,
 * and every file of the repository's `karpenter-imports/`, which decides the imported versions),
 * the sha256 of every output file, and the lines printed. It is replayed only when:
 *
 *   - the fleet's files hash to the recorded fleet;
 *   - the output folder holds exactly the recorded files (no other file or folder, none
 *     executable: io/same-tree.ts's rule), each with the recorded sha256;
 *   - no interrupted run left a sibling of the output folder behind (io/write-dist.ts cleans
 *     those up on a real run).
 *
 * Anything else (a changed fleet, an edited or missing output file, another option, another
 * build, a record that cannot be read) runs the real synth, which records its result again. Only
 * successful runs are recorded: a fleet with mistakes is always loaded and reported in full.
 * The tool in this repository (build/) has no build id, so it always runs in full.
 * `KARPENTER_GITOPS_SYNTH_CACHE=off` turns the record and the replay off.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, renameSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { REPOSITORY_IMPORTS_DIR } from '../io/repository-imports-folder';

/** Bumped when what a record holds changes shape. */
const RECORD_FORMAT = 'karpenter-gitops synth record 1';

/** The environment variable that turns the records off (`off`). */
export const SYNTH_CACHE_ENV = 'KARPENTER_GITOPS_SYNTH_CACHE';

/** Records kept; the least recently used beyond this are deleted when one is written. */
export const RECORDS_KEPT = 200;

/** The options of a `synth` command line that decide its result (the rest are refused). */
export interface SynthLine {
  readonly out?: string;
  readonly clusters?: string;
  readonly quiet: boolean;
}

/** What one successful run printed and wrote. */
export interface SynthRecord {
  readonly clustersDir: string;
  readonly outDir: string;
  readonly fleet: string;
  /** [path relative to outDir, sha256], sorted by path. */
  readonly files: readonly (readonly [string, string])[];
  readonly out: readonly string[];
  readonly err: readonly string[];
}

export interface ReplayIo {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

/**
 * `synth` command-line arguments (after `synth`) in the plain forms the fast path takes:
 * `--out DIR`, `--out=DIR`, `--clusters DIR`, `--clusters=DIR`, `--quiet`, `-q`, each at most
 * once. Anything else (help, `--debug`, `--`, an unknown or repeated option, a value that looks
 * like an option) is undefined: the real command line parser decides.
 */
export function parseSynthLine(args: readonly string[]): SynthLine | undefined {
  const values: { out?: string; clusters?: string } = {};
  let quiet: boolean | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--quiet' || arg === '-q') {
      if (quiet !== undefined) return undefined;
      quiet = true;
      continue;
    }
    const m = /^--(out|clusters)(?:=(.*))?$/s.exec(arg);
    if (!m) return undefined;
    const key = m[1] as 'out' | 'clusters';
    const value = m[2] ?? args[++i];
    if (values[key] !== undefined || value === undefined || value === '' || value.startsWith('-')) {
      return undefined;
    }
    values[key] = value;
  }
  return { ...values, quiet: quiet ?? false };
}

/** The build id of the tool this module belongs to (lib/build-id.json), or undefined (a repository build). */
export function buildId(from: string = __dirname): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      const parsed = JSON.parse(readFileSync(join(dir, 'build-id.json'), 'utf8')) as { id?: unknown };
      return typeof parsed.id === 'string' ? parsed.id : undefined;
    } catch {
      // Not here; stop at the package root.
    }
    if (dirname(dir) === dir || statSafe(join(dir, 'package.json')) !== undefined) return undefined;
  }
}

function statSafe(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** The cache folder of the records (XDG base directory convention). */
export function synthRecordDir(env: NodeJS.ProcessEnv): string {
  const home = env.HOME !== undefined && env.HOME !== '' ? env.HOME : homedir();
  const base =
    env.XDG_CACHE_HOME !== undefined && env.XDG_CACHE_HOME !== '' ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(base, 'karpenter-gitops', 'synth');
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The record's file name for this build, Node, cdk8s's environment variables, working folder and options. */
export function recordKey(build: string, cwd: string, line: SynthLine, env: NodeJS.ProcessEnv): string {
  // cdk8s reads a few CDK8S_* variables (key sorting, name hashes) while it renders objects.
  const cdk8s = Object.keys(env)
    .filter((k) => k.startsWith('CDK8S_'))
    .sort()
    .map((k) => [k, env[k]]);
  return sha256(
    JSON.stringify([
      RECORD_FORMAT,
      build,
      process.version,
      cdk8s,
      cwd,
      line.out ?? null,
      line.clusters ?? null,
      line.quiet,
    ]),
  );
}

/**
 * sha256 of the fleet description in `clustersDir` (every `*.yaml` / `*.yml` name and content,
 * sorted) and of the repository's imports below `projectRoot` (every file's path and content).
 */
export function fleetHash(clustersDir: string, projectRoot: string): string {
  const hash = createHash('sha256');
  hashTree(hash, join(projectRoot, REPOSITORY_IMPORTS_DIR), '');
  const names = readdirSync(clustersDir)
    .filter((n) => /\.ya?ml$/.test(n))
    .sort();
  for (const name of names) {
    hash.update(`${name}\0`);
    hash.update(readFileSync(join(clustersDir, name)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Every file below `dir` (absent: nothing), path and content, in code-unit order. */
function hashTree(hash: ReturnType<typeof createHash>, dir: string, rel: string): void {
  let entries;
  try {
    entries = readdirSync(rel === '' ? dir : join(dir, rel), { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) hashTree(hash, dir, path);
    else {
      hash.update(`imports/${path}\0`);
      hash.update(readFileSync(join(dir, path)));
      hash.update('\0');
    }
  }
}

/** True when `outDir` holds exactly `files` (path → sha256), none executable, and no interrupted run's sibling. */
export function holdsRecorded(outDir: string, files: readonly (readonly [string, string])[]): boolean {
  const prefix = `.${basename(outDir)}-`;
  if (readdirSync(dirname(outDir)).some((n) => n.startsWith(prefix))) return false;
  const expected = new Map(files);
  const folders = new Set<string>();
  for (const [path] of files) {
    for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) folders.add(path.slice(0, i));
  }
  let seen = 0;
  const walk = (rel: string): boolean => {
    for (const e of readdirSync(rel === '' ? outDir : join(outDir, rel), { withFileTypes: true })) {
      const path = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (!folders.has(path) || !walk(path)) return false;
        continue;
      }
      const want = expected.get(path);
      if (!e.isFile() || want === undefined) return false;
      const full = join(outDir, path);
      if ((statSync(full).mode & 0o111) !== 0 || sha256(readFileSync(full)) !== want) return false;
      seen++;
    }
    return true;
  };
  return walk('') && seen === expected.size;
}

/**
 * Replays the record of this `synth` command line (arguments after `synth`) when it holds;
 * true when it did (the lines are printed; the exit code is 0). Never throws.
 */
export function replaySynth(
  args: readonly string[],
  io: ReplayIo,
  build: string | undefined = buildId(),
): boolean {
  try {
    if (build === undefined || io.env[SYNTH_CACHE_ENV] === 'off') return false;
    const line = parseSynthLine(args);
    if (line === undefined) return false;
    const file = join(synthRecordDir(io.env), `${recordKey(build, io.cwd, line, io.env)}.json`);
    const text = readFileSync(file, 'utf8');
    const record = JSON.parse(text) as SynthRecord & { format?: string };
    if (record.format !== RECORD_FORMAT) return false;
    if (fleetHash(record.clustersDir, io.cwd) !== record.fleet) return false;
    if (!holdsRecorded(record.outDir, record.files)) return false;
    for (const l of record.err) io.err(l);
    for (const l of record.out) io.out(l);
    return true;
  } catch {
    return false;
  }
}

/**
 * Records a successful run for the next run of the same command line: the fleet as the run read
 * it (fleetHash before loading), what it printed, and the output folder as it now holds `texts`.
 * Only a packaged build records; never throws.
 */
export function recordSynth(
  line: SynthLine,
  io: Pick<ReplayIo, 'cwd' | 'env'>,
  record: Omit<SynthRecord, 'files'> & { readonly texts: ReadonlyMap<string, string> },
  build: string | undefined = buildId(),
): void {
  try {
    if (build === undefined || io.env[SYNTH_CACHE_ENV] === 'off') return;
    const dir = synthRecordDir(io.env);
    mkdirSync(dir, { recursive: true });
    const files = [...record.texts]
      .map(([path, text]) => [path, sha256(text)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const body: SynthRecord & { format: string } = {
      format: RECORD_FORMAT,
      clustersDir: resolve(record.clustersDir),
      outDir: resolve(record.outDir),
      fleet: record.fleet,
      files,
      out: record.out,
      err: record.err,
    };
    const file = join(dir, `${recordKey(build, io.cwd, line, io.env)}.json`);
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(body));
    renameSync(temp, file);
    prune(dir);
  } catch {
    // A record that cannot be written only costs the next run its speed.
  }
}

/** Deletes the least recently written records beyond RECORDS_KEPT. */
function prune(dir: string): void {
  const names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  if (names.length <= RECORDS_KEPT) return;
  const byAge = names.map((n) => ({ n, t: statSafe(join(dir, n))?.mtimeMs ?? 0 })).sort((a, b) => a.t - b.t);
  for (const { n } of byAge.slice(0, names.length - RECORDS_KEPT)) rmSync(join(dir, n), { force: true });
}
