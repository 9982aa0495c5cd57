/**
 * Reads a dist/ folder from disk into DistFiles (paths relative to it, POSIX separators), the
 * same shape the synth pipeline produces in memory, so both can be compared directly.
 */
import * as fs from 'fs';
import { join } from 'path';
import { listTree } from '../io/read-tree';
import type { DistFiles } from '../model';
import { UserError, wholeFileError } from '../model/basics';

/**
 * @param dir folder to read; a missing folder is a UserError unless `allowMissing` (then empty).
 * @param keep the files read (paths relative to `dir`; `check --shard` reads its own) @default every file
 */
export function readDistDir(dir: string, allowMissing = false, keep?: (rel: string) => boolean): DistFiles {
  const files: DistFiles = new Map();
  if (!fs.existsSync(dir)) {
    if (allowMissing) return files;
    throw new UserError([
      wholeFileError(
        dir,
        'folder does not exist',
        'Pass an existing dist/ folder or run `karpenter-gitops synth` first',
      ),
    ]);
  }
  for (const rel of listTree(dir))
    if (keep === undefined || keep(rel)) files.set(rel, fs.readFileSync(join(dir, rel), 'utf8'));
  return files;
}
