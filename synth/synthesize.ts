/**
 * Runs every generator over the fleet and merges their output into one set of generated
 * files, in memory: nothing touches the disk until everything (including validation) succeeded.
 */
import { DistFiles, FleetModel, GeneratedFile, GeneratedFiles, textsOf } from '../model';
import { GENERATORS, NamedGenerator } from './generators';
import { checkPaths } from '../io/write-dist';

/**
 * All generated files (text and, where known, value), keyed by path relative to `dist/`, in
 * sorted path order. Throws a plain Error (a bug, not a user mistake) when two generators
 * produce the same path or a generator produces a path that would leave `dist/`; a UserError
 * thrown by a generator passes through unchanged.
 */
export function synthesizeFiles(
  fleet: FleetModel,
  generators: readonly NamedGenerator[] = GENERATORS,
): GeneratedFiles {
  return mergeGenerated(generators.map((g) => [g.name, () => g.generate(fleet)]));
}

/**
 * The files of each named part, run in order, merged and sorted by path: a path produced by two
 * parts is a bug (plain Error), and so is one that would leave `dist/`.
 */
export function mergeGenerated(
  parts: Iterable<readonly [name: string, run: () => ReadonlyMap<string, GeneratedFile>]>,
): GeneratedFiles {
  const producedBy = new Map<string, string>();
  const merged: GeneratedFiles = new Map();
  for (const [name, run] of parts) {
    for (const [path, file] of run()) {
      const earlier = producedBy.get(path);
      if (earlier !== undefined) {
        throw new Error(
          `generated path '${path}' is produced by both the '${earlier}' and '${name}' generators`,
        );
      }
      producedBy.set(path, name);
      merged.set(path, file);
    }
  }
  const sorted: GeneratedFiles = new Map();
  for (const path of checkPaths(textsOf(merged))) {
    sorted.set(path, merged.get(path) as GeneratedFile);
  }
  return sorted;
}

/** The texts of synthesizeFiles: for callers that only read or write the files. */
export function synthesize(fleet: FleetModel, generators: readonly NamedGenerator[] = GENERATORS): DistFiles {
  return textsOf(synthesizeFiles(fleet, generators));
}
