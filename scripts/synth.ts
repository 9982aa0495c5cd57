/**
 * `npm run synth -- [--out DIR] [--clusters DIR] [--quiet]`
 *
 * clusters/*.yaml → resolved fleet → every generator (in memory) → validation →
 * `dist/` replaced atomically. Prints one summary line, e.g.
 * `synth: 3 clusters, 9 node pools, 42 files → dist/`.
 *
 * Exit codes: 0 done; 1 mistakes in the fleet description or generated output (formatted
 * diagnostics on stderr, no stack trace, `dist/` untouched); 2 bad command line;
 * 70 internal error (a bug: message, "this is a bug" and the stack on stderr, `dist/` untouched).
 */
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { Diagnostic, formatDiagnostic, sortDiagnostics, UserError } from '../model/diagnostics';
import { loadFleet, LoadedFleet } from '../model/load-fleet';
import { GENERATORS, NamedGenerator } from './generators';
import { synthesize } from './synthesize';
import { validateStep, ValidateStep } from './validate-step';
import { writeDist, WriteDistOptions } from './write-dist';

/** The project root when running as compiled JS from build/scripts/. */
export const PROJECT_ROOT = resolve(__dirname, '..', '..');

export const EXIT_OK = 0;
export const EXIT_USER_ERROR = 1;
export const EXIT_USAGE = 2;
/** EX_SOFTWARE from sysexits.h: an internal software error. */
export const EXIT_INTERNAL = 70;

/** Loads and resolves the fleet description in `clustersDir` (absolute); throws UserError with every mistake. */
export type FleetLoader = (projectRoot: string, clustersDir: string) => LoadedFleet;

/** The real loader (model/load-fleet.ts); diagnostics name files relative to the project root. */
export const loadFleetFromDir: FleetLoader = (projectRoot, clustersDir) => {
  const rel = relative(projectRoot, clustersDir).split(sep).join('/');
  // A folder outside the project is named from its parent (`clusters/x.yaml`), never
  // `../../tmp/...`: source paths reach generated files, which must not depend on the machine.
  if (rel === '..' || rel.startsWith('../') || isAbsolute(rel))
    return loadFleet(dirname(clustersDir), { clustersDir: basename(clustersDir) });
  return loadFleet(projectRoot, { clustersDir: rel === '' ? '.' : rel });
};

export interface SynthOptions {
  /** Root that diagnostics' file paths are relative to. */
  readonly projectRoot: string;
  /** Absolute folder of the fleet description. */
  readonly clustersDir: string;
  /** Absolute output folder, replaced as a whole. */
  readonly outDir: string;
}

export interface SynthDeps {
  readonly loadFleet: FleetLoader;
  /** @default GENERATORS */
  readonly generators?: readonly NamedGenerator[];
  /**
   * The validation step; `null` skips validation (tests of the pipeline itself).
   * @default validateStep from scripts/validate-step.ts (itself undefined until a validator is wired in)
   */
  readonly validate?: ValidateStep | null;
  /** @default real file system writes */
  readonly writeOptions?: WriteDistOptions;
}

export interface SynthResult {
  readonly clusters: number;
  readonly nodePools: number;
  readonly files: number;
  readonly outDir: string;
  /** Warnings from loading and validation, sorted. */
  readonly warnings: readonly Diagnostic[];
  /** False when no validator is wired into scripts/validate-step.ts yet. */
  readonly validated: boolean;
}

/**
 * The whole pipeline. Throws UserError for mistakes (loading or validation errors) and
 * plain Errors for bugs; in both cases the output folder has not been touched.
 */
export function runSynth(options: SynthOptions, deps: SynthDeps): SynthResult {
  const { fleet, warnings } = deps.loadFleet(options.projectRoot, options.clustersDir);
  const files = synthesize(fleet, deps.generators ?? GENERATORS);
  const validate = deps.validate === undefined ? validateStep : (deps.validate ?? undefined);
  const findings = validate === undefined ? [] : validate(fleet, files);
  const errors = findings.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    throw new UserError(findings);
  }
  const written = writeDist(options.outDir, files, deps.writeOptions);
  return {
    clusters: fleet.clusters.length,
    nodePools: fleet.clusters.reduce((n, c) => n + c.nodePools.length, 0),
    files: written.fileCount,
    outDir: written.outDir,
    warnings: sortDiagnostics([...warnings, ...findings]),
    validated: validate !== undefined,
  };
}

export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** Folder relative paths on the command line are resolved against. */
  readonly cwd: string;
}

const USAGE = 'usage: npm run synth -- [--out DIR] [--clusters DIR] [--quiet]';

interface CliArgs {
  readonly out?: string;
  readonly clusters?: string;
  readonly quiet: boolean;
  readonly help: boolean;
}

/** Parses the command line; returns an error sentence for bad input. */
export function parseSynthArgs(argv: readonly string[]): CliArgs | string {
  let out: string | undefined;
  let clusters: string | undefined;
  let quiet = false;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (flag === '--out' || flag === '--clusters') {
      const value = inline ?? argv[i + 1];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
        return `${flag} needs a folder`;
      }
      if (inline === undefined) i++;
      if (flag === '--out') out = value;
      else clusters = value;
    } else if (arg === '--quiet' || arg === '-q') {
      quiet = true;
    } else if (arg === '--help' || arg === '-h') {
      help = true;
    } else {
      return `unknown argument '${arg}'`;
    }
  }
  return { out, clusters, quiet, help };
}

/** The CLI: returns the exit code; never throws. */
export function synthCli(
  argv: readonly string[],
  io: CliIo,
  deps: SynthDeps,
  projectRoot: string = PROJECT_ROOT,
): number {
  const args = parseSynthArgs(argv);
  if (typeof args === 'string') {
    io.err(`synth: ${args}.\n${USAGE}`);
    return EXIT_USAGE;
  }
  if (args.help) {
    io.out(USAGE);
    return EXIT_OK;
  }
  const outDir = args.out === undefined ? resolve(projectRoot, 'dist') : resolve(io.cwd, args.out);
  const clustersDir =
    args.clusters === undefined ? resolve(projectRoot, 'clusters') : resolve(io.cwd, args.clusters);
  const shownOut = displayPath(io.cwd, outDir);
  const guarded = [
    { dir: projectRoot, what: 'the project' },
    { dir: clustersDir, what: 'the fleet description' },
    { dir: io.cwd, what: 'the working folder' },
  ].find(({ dir }) => isSameOrInside(dir, outDir));
  if (guarded !== undefined) {
    io.err(
      `synth: --out ${shownOut} would replace a folder that holds ${guarded.what}. Choose a dedicated output folder such as dist/.`,
    );
    return EXIT_USAGE;
  }
  try {
    const result = runSynth({ projectRoot, clustersDir, outDir }, deps);
    for (const warning of result.warnings) {
      io.err(formatDiagnostic(warning));
    }
    if (!args.quiet) {
      if (!result.validated) {
        io.err(
          'synth: note: no validator is wired into scripts/validate-step.ts yet; output was not validated.',
        );
      }
      io.out(
        `synth: ${plural(result.clusters, 'cluster')}, ${plural(result.nodePools, 'node pool')}, ${plural(result.files, 'file')} → ${shownOut}`,
      );
    }
    return EXIT_OK;
  } catch (err) {
    if (err instanceof UserError) {
      const diagnostics = sortDiagnostics(err.diagnostics);
      for (const d of diagnostics) {
        io.err(formatDiagnostic(d));
      }
      const count = diagnostics.filter((d) => d.severity === 'error').length;
      io.err(`synth: ${plural(count, 'error')}; ${shownOut} was not changed.`);
      return EXIT_USER_ERROR;
    }
    const error = err instanceof Error ? err : new Error(String(err));
    io.err(`synth: internal error: ${error.message}`);
    io.err(`this is a bug in karpenter-gitops, not in your fleet description; ${shownOut} was not changed.`);
    io.err(error.stack ?? '(no stack trace)');
    return EXIT_INTERNAL;
  }
}

/** True when `path` is `folder` or inside it. */
function isSameOrInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** `dist/` for a folder inside cwd, the absolute path otherwise; always POSIX separators and a trailing slash. */
function displayPath(cwd: string, dir: string): string {
  const rel = relative(cwd, dir);
  const shown = rel === '' ? '.' : rel.startsWith('..') ? dir : rel;
  return `${shown.split(sep).join('/')}/`;
}

if (require.main === module) {
  const io: CliIo = {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    cwd: process.cwd(),
  };
  process.exitCode = synthCli(process.argv.slice(2), io, { loadFleet: loadFleetFromDir });
}
