/**
 * Loading and synthesizing a fleet description folder, for programs that use the package as a
 * library. The same pipeline as `karpenter-gitops synth`: parse, check, resolve, generate,
 * validate; mistakes throw one UserError carrying every diagnostic.
 */
import { resolve } from 'node:path';
import { loadFleetFromDir } from '../io/cli-common';
import { Diagnostic, sortDiagnostics, UserError, FleetModel, textsOf, valuesOf } from '../model';
import { runSynth, SynthResult } from '../synth/synth';
import { synthesizeFiles } from '../synth/synthesize';
import { validateStep } from '../synth/validate-step';

export interface FleetFolderOptions {
  /**
   * Folder that relative paths are resolved against and that diagnostics name files from
   * (`clusters/shop.yaml:12:7 …`).
   * @default process.cwd()
   */
  readonly cwd?: string;
}

export interface LoadedFleetResult {
  /** The resolved, typed fleet: every default applied, clusters sorted by name. */
  readonly fleet: FleetModel;
  /** Findings that do not stop the run (e.g. an unpinned AMI the description opted into). */
  readonly warnings: readonly Diagnostic[];
}

export interface SynthesizedFleet extends LoadedFleetResult {
  /** Every generated file, keyed by its path below `dist/` (sorted), exactly what `synth` writes. */
  readonly files: ReadonlyMap<string, string>;
}

function folders(clustersDir: string, options: FleetFolderOptions | undefined) {
  const cwd = resolve(options?.cwd ?? process.cwd());
  return { cwd, clustersDir: resolve(cwd, clustersDir) };
}

/**
 * Reads `<clustersDir>/*.yaml` (with `_defaults.yaml` merged under each cluster) and resolves it.
 * Throws UserError with every mistake of every file.
 */
export function loadFleetFolder(clustersDir: string, options?: FleetFolderOptions): LoadedFleetResult {
  const where = folders(clustersDir, options);
  const { fleet, warnings } = loadFleetFromDir(where.cwd, where.clustersDir);
  return { fleet, warnings: sortDiagnostics(warnings) };
}

/**
 * Loads, generates and validates the fleet in memory; nothing is written. Throws UserError
 * with every mistake (description or generated output).
 */
export function synthesizeFleet(clustersDir: string, options?: FleetFolderOptions): SynthesizedFleet {
  const { fleet, warnings } = loadFleetFolder(clustersDir, options);
  const generated = synthesizeFiles(fleet);
  const files = textsOf(generated);
  const findings = validateStep(fleet, files, valuesOf(generated));
  if (findings.some((d) => d.severity === 'error')) throw new UserError(findings);
  return { fleet, files, warnings: sortDiagnostics([...warnings, ...findings]) };
}

/**
 * `karpenter-gitops synth` as a function: synthesizes `clustersDir` and replaces `outDir`
 * atomically (a failed run leaves it exactly as it was). Throws UserError with every mistake.
 */
export function synthFleetToFolder(
  clustersDir: string,
  outDir: string,
  options?: FleetFolderOptions,
): SynthResult {
  const where = folders(clustersDir, options);
  return runSynth(
    { projectRoot: where.cwd, clustersDir: where.clustersDir, outDir: resolve(where.cwd, outDir) },
    { loadFleet: loadFleetFromDir },
  );
}
