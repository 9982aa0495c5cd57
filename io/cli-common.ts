/**
 * What the commands of `karpenter-gitops` share (`synth`, `policies`, `check`, ...): exit
 * codes, output, where the folders are, and how a failed run is reported. A user mistake
 * prints its diagnostics and no stack trace; anything else is a bug.
 *
 * Two roots, never mixed up: the user's repository is the working folder (`io.cwd`), where
 * `clusters/`, `dist/` and `.git` are; the tool's own install root (TOOL_ROOT) is only for
 * the tool's own files (its package.json).
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { formatDiagnostic, plural, sortDiagnostics, UserError } from '../model';
import type { LoadedFleet } from '../model/load-fleet';
import { linePrompts } from './line-prompts';
import type * as ReadFleet from './read-fleet';
import type { LoadFleetOptions } from './read-fleet';
import { TOOL_ROOT } from './tool-root';

export interface ToolPackage {
  readonly name: string;
  readonly version: string;
  /** Where to report a bug. */
  readonly bugs: string;
}

let toolPackage: ToolPackage | undefined;

/** The tool's own package.json: name, version and where to report bugs. */
export function readToolPackage(): ToolPackage {
  if (toolPackage === undefined) {
    const json = JSON.parse(readFileSync(join(TOOL_ROOT, 'package.json'), 'utf8')) as {
      name?: string;
      version?: string;
      bugs?: string | { url?: string };
    };
    const bugs = typeof json.bugs === 'string' ? json.bugs : json.bugs?.url;
    toolPackage = {
      name: json.name ?? 'karpenter-gitops',
      version: json.version ?? '0.0.0',
      bugs: bugs ?? 'the karpenter-gitops issue tracker',
    };
  }
  return toolPackage;
}

export const EXIT_OK = 0;
export const EXIT_USER_ERROR = 1;
export const EXIT_USAGE = 2;
/** EX_SOFTWARE: a bug in the tool. */
export const EXIT_INTERNAL = 70;

export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
  /** The working folder: the user's repository, and what relative paths on the command line are resolved against. */
  readonly cwd: string;
  /** Environment variables (CI, ...). @default process.env */
  readonly env?: NodeJS.ProcessEnv;
  /** Print stack traces of internal errors (`--debug`). @default false */
  readonly debug?: boolean;
  /**
   * Asks the user one question on the terminal and resolves to the answer; only set when stdin
   * is a terminal. @default none (commands never prompt)
   */
  readonly prompt?: (question: string) => Promise<string>;
  /**
   * Closes what `prompt` opened (the terminal's input, shared by every question of a run, so
   * that answers typed or pasted ahead are kept); a command that prompted calls it once when it
   * has asked everything. @default nothing to close
   */
  readonly closePrompts?: () => void;
}

/** Loads and resolves the fleet description in `clustersDir` (absolute); throws UserError with every mistake. */
export type FleetLoader = (
  projectRoot: string,
  clustersDir: string,
  part?: Pick<LoadFleetOptions, 'only' | 'onDetails'>,
) => LoadedFleet;

/**
 * The fleet reader (io/read-fleet.ts: the YAML library, the schema, the loader), required when a
 * command first reads the fleet, not when this module loads: a command can start other work
 * (`check` starts git and cfn-lint's identity) while it loads.
 */
function readFleet(): typeof ReadFleet {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./read-fleet') as typeof ReadFleet;
}

/** The root and folder the fleet is read from, so that its files are named as in diagnostics. */
function fleetFolder(projectRoot: string, clustersDir: string): { root: string; clustersDir: string } {
  const rel = relative(projectRoot, clustersDir).split(sep).join('/');
  // A folder outside the project is named from its parent (`clusters/x.yaml`), never
  // `../../tmp/...`: source paths reach generated files, which must not depend on the machine.
  if (rel === '..' || rel.startsWith('../') || isAbsolute(rel))
    return { root: dirname(clustersDir), clustersDir: basename(clustersDir) };
  return { root: projectRoot, clustersDir: rel === '' ? '.' : rel };
}

/** The real loader (model/load-fleet.ts); diagnostics name files relative to the project root. */
export const loadFleetFromDir: FleetLoader = (projectRoot, clustersDir, part) => {
  const at = fleetFolder(projectRoot, clustersDir);
  return readFleet().loadFleet(at.root, { clustersDir: at.clustersDir, ...part });
};

/** The cluster files of the fleet in `clustersDir`, named as loadFleetFromDir names them (io/read-fleet.ts). */
export function clusterFilesInDir(projectRoot: string, clustersDir: string): string[] {
  const at = fleetFolder(projectRoot, clustersDir);
  return readFleet().listClusterFiles(at.root, { clustersDir: at.clustersDir });
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
  // One input for every question of the run (io/line-prompts.ts), opened at the first question:
  // answers pasted at once are kept in order, and Ctrl+D is an empty answer, never an error.
  const prompts = process.stdin.isTTY === true ? linePrompts(process.stdin, process.stderr) : undefined;
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    cwd: process.cwd(),
    env: process.env,
    ...(prompts !== undefined ? { prompt: prompts.ask, closePrompts: prompts.close } : {}),
  };
}

/**
 * An internal error (a bug), the one way every command reports it: one sentence, where to
 * report it, and the stack trace only with `--debug`. Returns EXIT_INTERNAL.
 */
export function reportInternalError(tool: string, err: unknown, io: CliIo, unchanged?: string): number {
  const error = err instanceof Error ? err : new Error(String(err));
  io.err(`${tool}: internal error: ${error.message}`);
  io.err(
    `This is a bug in karpenter-gitops ${readToolPackage().version}, not in your input` +
      `${unchanged !== undefined ? `; ${unchanged} was not changed` : ''}. Please report it at ${readToolPackage().bugs}` +
      `${io.debug ? '' : ' (run again with --debug for the stack trace)'}.`,
  );
  if (io.debug) io.err(error.stack ?? '(no stack trace)');
  return EXIT_INTERNAL;
}

/**
 * Resolves `--out` and `--clusters` (defaults `dist/` and `clusters/` of the project, which is
 * the working folder unless a test gives another; given values against the working folder). Returns a usage error sentence when the output folder,
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
 * diagnostics and a count (exit 1), anything else as a bug (exit 70, reportInternalError). Either
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
  return reportInternalError(tool, err, io, shownOut);
}
