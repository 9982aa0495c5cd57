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
import { Diagnostic, formatDiagnostic, sortDiagnostics, UserError } from '../model/diagnostics';
import {
  argsOrExit,
  CliIo,
  EXIT_OK,
  EXIT_USAGE,
  FleetLoader,
  loadFleetFromDir,
  plural,
  processIo,
  PROJECT_ROOT,
  reportFailure,
  resolveCliFolders,
} from '../io/cli-common';
import { GENERATORS, NamedGenerator } from './generators';
import { synthesize } from './synthesize';
import { validateStep, ValidateStep } from './validate-step';
import { writeDist, WriteDistOptions } from '../io/write-dist';

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
   * @default validateStep from synth/validate-step.ts
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
}

/**
 * The whole pipeline. Throws UserError for mistakes (loading or validation errors) and
 * plain Errors for bugs; in both cases the output folder has not been touched.
 */
export function runSynth(options: SynthOptions, deps: SynthDeps): SynthResult {
  const { fleet, warnings } = deps.loadFleet(options.projectRoot, options.clustersDir);
  const files = synthesize(fleet, deps.generators ?? GENERATORS);
  const validate = deps.validate === undefined ? validateStep : deps.validate;
  const findings = validate === null ? [] : validate(fleet, files);
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
  };
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
  const args = argsOrExit('synth', parseSynthArgs(argv), USAGE, io);
  if (typeof args === 'number') return args;
  const folders = resolveCliFolders(args, io, projectRoot);
  if (typeof folders === 'string') {
    io.err(`synth: ${folders}.`);
    return EXIT_USAGE;
  }
  const { outDir, clustersDir, shownOut } = folders;
  try {
    const result = runSynth({ projectRoot, clustersDir, outDir }, deps);
    for (const warning of result.warnings) {
      io.err(formatDiagnostic(warning));
    }
    if (!args.quiet) {
      io.out(
        `synth: ${plural(result.clusters, 'cluster')}, ${plural(result.nodePools, 'node pool')}, ${plural(result.files, 'file')} → ${shownOut}`,
      );
    }
    return EXIT_OK;
  } catch (err) {
    return reportFailure('synth', err, shownOut, io);
  }
}

if (require.main === module) {
  const io = processIo();
  process.exitCode = synthCli(process.argv.slice(2), io, { loadFleet: loadFleetFromDir });
}
