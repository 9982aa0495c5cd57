/**
 * `karpenter-gitops synth [--out DIR] [--clusters DIR] [--quiet]`
 *
 * clusters/*.yaml → resolved fleet → every generator (in memory) → validation →
 * `dist/` replaced atomically. Prints one summary line, e.g.
 * `synth: 3 clusters, 9 node pools, 42 files → dist/`, ending in ` (unchanged)` when dist/
 * already held exactly those files (then nothing is written).
 *
 * Exit codes: 0 done; 1 mistakes in the fleet description or generated output (formatted
 * diagnostics on stderr, no stack trace, `dist/` untouched); 2 bad command line;
 * 70 internal error (a bug: message, "this is a bug" and the stack on stderr, `dist/` untouched).
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import {
  carryOverLine,
  Diagnostic,
  DistFiles,
  FleetModel,
  formatDiagnostic,
  loadCrdTraits,
  plural,
  shapeRulesNote,
  sortDiagnostics,
  textsOf,
  UserError,
  valuesOf,
} from '../model';
import {
  CliIo,
  EXIT_OK,
  EXIT_USAGE,
  FleetLoader,
  loadFleetFromDir,
  processIo,
  reportFailure,
  resolveCliFolders,
} from '../io/cli-common';
import { defineCommand, OptionValues, parseCommand } from '../io/command';
import { atFleetFields } from './fleet-origin';
import { dedupeDiagnostics } from '../model/load-fleet';
import { GENERATORS, NamedGenerator } from './generators';
import { synthesizeFiles } from './synthesize';
import { synthesizeThroughCache } from './cached-synthesize';
import { defaultGenerationCache, GenerationCache } from './generation-cache';
import { validateStep, ValidateStep } from './validate-step';
import { writeDist, WriteDistOptions } from '../io/write-dist';
import { buildId, fleetHash, recordSynth } from './synth-replay';

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
   * Each cluster's files generated before (synth/generation-cache.ts); `null`: none. Used only
   * with the default generators, which its records were made by.
   * @default the user's cache folder, unless KARPENTER_GITOPS_FLEET_CACHE=off or running from sources
   */
  readonly generationCache?: GenerationCache | null;
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
  /** The output folder already held exactly these files: nothing was written. */
  readonly unchanged: boolean;
  /** Warnings from loading and validation, sorted. */
  readonly warnings: readonly Diagnostic[];
  /**
   * One line per cluster on an imported Karpenter version: its nearest shipped version and
   * which semantic checks carried over (model/facts/carry-over.ts).
   */
  readonly carryOver: readonly CarryOverReport[];
}

/** A cluster's carry-over line, and whether it reports checks not applied (warning level: `--quiet` keeps it). */
export interface CarryOverReport {
  readonly line: string;
  readonly notApplied: boolean;
}

/**
 * The whole pipeline. Throws UserError for mistakes (loading or validation errors) and
 * plain Errors for bugs; in both cases the output folder has not been touched.
 */
export function runSynth(options: SynthOptions, deps: SynthDeps): SynthResult {
  return runSynthWithTexts(options, deps).result;
}

/** runSynth, and the texts of the files the output folder now holds. */
function runSynthWithTexts(
  options: SynthOptions,
  deps: SynthDeps,
): { readonly result: SynthResult; readonly texts: DistFiles } {
  const validate = deps.validate === undefined ? validateStep : deps.validate;
  const textOf = fleetTextReader(options.projectRoot);
  const cache =
    deps.generators !== undefined
      ? undefined
      : deps.generationCache === undefined
        ? defaultGenerationCache()
        : (deps.generationCache ?? undefined);
  const defaultsFile = defaultsPath(options);
  /** Generates and validates `fleet`; findings on generated objects point at their fleet fields. */
  const generateAndValidate = (fleet: FleetModel) => {
    const generated =
      cache !== undefined
        ? synthesizeThroughCache(fleet, cache)
        : synthesizeFiles(fleet, deps.generators ?? GENERATORS);
    const files = textsOf(generated);
    // The values of what was just rendered: validation does not parse these texts back.
    const found = validate === null ? [] : validate(fleet, files, valuesOf(generated));
    return { files, findings: atFleetFields(found, fleet, textOf, defaultsFile) };
  };
  let loaded: ReturnType<FleetLoader>;
  try {
    loaded = deps.loadFleet(options.projectRoot, options.clustersDir);
  } catch (err) {
    // One run, every mistake: the clusters whose own description is valid are generated and
    // validated too, and everything is reported together (dist/ is not touched).
    if (!(err instanceof UserError) || err.validFleet === undefined) throw err;
    const { findings } = generateAndValidate(err.validFleet);
    throw new UserError(dedupeDiagnostics([...err.diagnostics, ...findings]));
  }
  const { fleet, warnings } = loaded;
  const { files, findings } = generateAndValidate(fleet);
  const errors = findings.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    // The fleet's warnings are printed with the errors, not lost.
    throw new UserError(dedupeDiagnostics([...warnings, ...findings]));
  }
  const written = writeDist(options.outDir, files, deps.writeOptions);
  const result: SynthResult = {
    clusters: fleet.clusters.length,
    nodePools: fleet.clusters.reduce((n, c) => n + c.nodePools.length, 0),
    files: written.fileCount,
    outDir: written.outDir,
    unchanged: written.unchanged,
    warnings: sortDiagnostics([...warnings, ...findings]),
    carryOver: fleet.clusters.flatMap((c) =>
      c.karpenter.imported
        ? [
            {
              line:
                carryOverLine(c.name, c.karpenter.version, c.karpenter.imported.carryOver) +
                shapeRulesNote(loadCrdTraits(c.karpenter.imported.artifactDir)),
              notApplied: c.karpenter.imported.carryOver.verdicts.some((v) => !v.applies),
            },
          ]
        : [],
    ),
  };
  return { result, texts: files };
}

/** Reads a fleet file by its project-relative path (diagnostics name files so). */
function fleetTextReader(projectRoot: string): (file: string) => string | undefined {
  return (file) => {
    try {
      return readFileSync(join(projectRoot, file), 'utf8');
    } catch {
      return undefined;
    }
  };
}

/** `_defaults.yaml` of the fleet, project-relative. */
function defaultsPath(options: SynthOptions): string {
  return relative(options.projectRoot, join(options.clustersDir, '_defaults.yaml')).split(sep).join('/');
}

/** Options of `synth` that name folders (also used by `policies` and `check`). */
export const FOLDER_OPTIONS = {
  out: {
    type: 'string',
    value: 'DIR',
    description: 'output folder, replaced as a whole',
    defaultText: 'dist/ of the working folder',
  },
  clusters: {
    type: 'string',
    value: 'DIR',
    description: 'folder of the fleet description',
    defaultText: 'clusters/ of the working folder',
  },
} as const;

const SYNTH_OPTIONS = {
  ...FOLDER_OPTIONS,
  quiet: {
    type: 'boolean',
    short: 'q',
    description: 'print only warnings, errors and carry-over lines of checks not applied',
  },
} as const;

type SynthArgs = OptionValues<typeof SYNTH_OPTIONS>;

export const synthCommand = defineCommand({
  name: 'synth',
  summary: 'generate dist/ from clusters/*.yaml: Karpenter resources, Helm values, Argo CD, CloudFormation',
  description:
    'Loads the fleet description, generates every file in memory, validates it, and replaces the\n' +
    'output folder atomically: a failed run leaves it exactly as it was.',
  options: SYNTH_OPTIONS,
  exitCodes: '0 done, 1 mistakes in the fleet description, 2 usage error, 70 internal error',
  run: (args, io) => synthRun(args.values, io, { loadFleet: loadFleetFromDir }),
});

/** The CLI: returns the exit code; never throws. */
export function synthCli(argv: readonly string[], io: CliIo, deps: SynthDeps, projectRoot?: string): number {
  const args = parseCommand('synth', synthCommand, argv, io);
  if (typeof args === 'number') return args;
  return synthRun(args.values, io, deps, projectRoot);
}

/**
 * `synth` with parsed options. The project is the working folder unless `projectRoot` is given
 * (diagnostics name files relative to it; `dist/` and `clusters/` default to its folders).
 */
export function synthRun(args: SynthArgs, io: CliIo, deps: SynthDeps, projectRoot: string = io.cwd): number {
  const folders = resolveCliFolders(args, io, projectRoot);
  if (typeof folders === 'string') {
    io.err(`synth: ${folders}.`);
    return EXIT_USAGE;
  }
  const { outDir, clustersDir, shownOut } = folders;
  // The fleet as this run reads it, for the record of a packaged build (synth/synth-replay.ts).
  const env = io.env ?? process.env;
  const build =
    deps.loadFleet === loadFleetFromDir && projectRoot === io.cwd && deps.writeOptions === undefined
      ? buildId()
      : undefined;
  const fleetRead = build !== undefined ? hashFleet(clustersDir, projectRoot) : undefined;
  try {
    const { result, texts } = runSynthWithTexts({ projectRoot, clustersDir, outDir }, deps);
    const err = result.warnings.map(formatDiagnostic);
    // --quiet prints only warning-level lines: a carry-over line that reports checks not applied
    // is one (the tool checks less than for a shipped version); the summary and a line saying
    // every check applies are not.
    const quiet = args.quiet === true;
    const carryOver = result.carryOver.filter((c) => !quiet || c.notApplied).map((c) => `synth: ${c.line}`);
    const summary = (unchanged: boolean) =>
      `synth: ${plural(result.clusters, 'cluster')}, ${plural(result.nodePools, 'node pool')}, ${plural(result.files, 'file')} → ${shownOut}${unchanged ? ' (unchanged)' : ''}`;
    const outLines = (unchanged: boolean) => (quiet ? carryOver : [...carryOver, summary(unchanged)]);
    for (const line of err) io.err(line);
    for (const line of outLines(result.unchanged)) io.out(line);
    if (fleetRead !== undefined) {
      // What the next run of this command line prints when nothing has changed.
      recordSynth(
        { out: args.out, clusters: args.clusters, quiet },
        { cwd: io.cwd, env },
        {
          clustersDir,
          outDir,
          fleet: fleetRead,
          texts,
          out: outLines(true),
          err,
        },
        build,
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

/** fleetHash, or undefined when the folder cannot be read (the run reports that itself). */
function hashFleet(clustersDir: string, projectRoot: string): string | undefined {
  try {
    return fleetHash(clustersDir, projectRoot);
  } catch {
    return undefined;
  }
}
