/**
 * Runs every generator over the fleet and merges their output into one DistFiles, in
 * memory: nothing touches the disk until everything (including validation) succeeded.
 */
import { DistFiles, FleetModel } from '../model';
import { GENERATORS, NamedGenerator } from './generators';
import { checkPaths } from '../io/write-dist';

/**
 * All generated files, keyed by path relative to `dist/`, in sorted path order.
 * Throws a plain Error (a bug, not a user mistake) when two generators produce the same
 * path or a generator produces a path that would leave `dist/`; a UserError thrown by a
 * generator passes through unchanged.
 */
export function synthesize(fleet: FleetModel, generators: readonly NamedGenerator[] = GENERATORS): DistFiles {
  const producedBy = new Map<string, string>();
  const merged: DistFiles = new Map();
  for (const generator of generators) {
    const files = generator.generate(fleet);
    for (const [path, content] of files) {
      const earlier = producedBy.get(path);
      if (earlier !== undefined) {
        throw new Error(
          `generated path '${path}' is produced by both the '${earlier}' and '${generator.name}' generators`,
        );
      }
      producedBy.set(path, generator.name);
      merged.set(path, content);
    }
  }
  const sorted: DistFiles = new Map();
  for (const path of checkPaths(merged)) {
    sorted.set(path, merged.get(path) as string);
  }
  return sorted;
}
