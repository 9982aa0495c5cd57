/**
 * What the command-line tools that read `clusters/` and write `dist/` share (`npm run synth`,
 * `npm run policies`): exit codes, output, where the folders are, and how a failed run is
 * reported. A user mistake prints its diagnostics and no stack trace; anything else is a bug.
 */
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { formatDiagnostic, sortDiagnostics, UserError } from '../model/diagnostics';
import { loadFleet, LoadedFleet } from '../model/load-fleet';

/** The project root (this file is compiled to build/io/). */
export const PROJECT_ROOT = resolve(__dirname, '..', '..');

export const EXIT_OK = 0;
export const EXIT_USER_ERROR = 1;
export const EXIT_USAGE = 2;
/** EX_SOFTWARE: a bug in the tool. */
export const EXIT_INTERNAL = 70;

export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** Folder relative paths on the command line are resolved against. */
  readonly cwd: string;
}

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

export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** `dist/` for a folder inside cwd, the absolute path otherwise; always POSIX separators and a trailing slash. */
export function displayPath(cwd: string, dir: string): string {
  const rel = relative(cwd, dir);
  const shown = rel === '' ? '.' : rel.startsWith('..') ? dir : rel;
  return `${shown.split(sep).join('/')}/`;
}

export interface CliFolders {
  readonly outDir: string;
  readonly clustersDir: string;
  /** `outDir` as messages show it. */
  readonly shownOut: string;
}

/** The terminal and working folder of this process, for a CLI's entry point. */
export function processIo(): CliIo {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    cwd: process.cwd(),
  };
}

/**
 * The first step of every CLI: a command line that could not be parsed (a sentence) is printed
 * with the usage text (exit code 2); `--help` prints the usage (exit code 0). Returns the exit code
 * to stop with, or the parsed arguments to go on with.
 */
export function argsOrExit<T extends { readonly help: boolean }>(
  command: string,
  parsed: T | string,
  usage: string,
  io: CliIo,
): T | number {
  if (typeof parsed === 'string') {
    io.err(`${command}: ${parsed}.\n${usage}`);
    return EXIT_USAGE;
  }
  if (parsed.help) {
    io.out(usage);
    return EXIT_OK;
  }
  return parsed;
}

/**
 * Resolves `--out` and `--clusters` (defaults `dist/` and `clusters/` of the project; given
 * values against the working folder). Returns a usage error sentence when the output folder,
 * which is replaced as a whole, would hold the project, the fleet description or the
 * working folder.
 */
export function resolveCliFolders(
  args: { readonly out?: string; readonly clusters?: string },
  io: CliIo,
  projectRoot: string,
): CliFolders | string {
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
    return `--out ${shownOut} would replace a folder that holds ${guarded.what}. Choose a dedicated output folder such as dist/`;
  }
  return { outDir, clustersDir, shownOut };
}

/** True when `path` is `folder` or inside it. */
function isSameOrInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Reports a failed run of `tool` and returns its exit code: a UserError as its sorted
 * diagnostics and a count (exit 1), anything else as a bug with its stack (exit 70). Either
 * way the output folder was not changed, and the last line says so.
 */
export function reportFailure(tool: string, err: unknown, shownOut: string, io: CliIo): number {
  if (err instanceof UserError) {
    const diagnostics = sortDiagnostics(err.diagnostics);
    for (const d of diagnostics) io.err(formatDiagnostic(d));
    const count = diagnostics.filter((d) => d.severity === 'error').length;
    io.err(`${tool}: ${plural(count, 'error')}; ${shownOut} was not changed.`);
    return EXIT_USER_ERROR;
  }
  const error = err instanceof Error ? err : new Error(String(err));
  io.err(`${tool}: internal error: ${error.message}`);
  io.err(`this is a bug in karpenter-gitops, not in your fleet description; ${shownOut} was not changed.`);
  io.err(error.stack ?? '(no stack trace)');
  return EXIT_INTERNAL;
}
