/**
 * Writing so that a reader never sees half a file or half a folder: everything is written
 * beside its destination first (same folder, so the rename stays on one file system), then
 * renamed into place. A failure before the rename leaves the destination as it was.
 *
 * The one primitive under every write of the tool: `writeDist` (dist/), `npm run import`
 * (imports/), the convert report and `init`'s files.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Writes `content` to a temporary file beside `file`, then renames it over `file`. */
export function writeFileAtomically(file: string, content: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, content);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  renameSync(tmp, file);
}

/**
 * Puts the complete folder `staged` in the place of `target`: `target` (when it exists) is
 * renamed to `old`, `staged` to `target`, then `old` is deleted. When the second rename fails,
 * `old` is renamed back so `target` is as it was, and the error is thrown. A failure to delete
 * `old` is ignored: the new folder is in place, and the leftover is the caller's to clean up.
 * Both `staged` and `old` must be in the same folder as `target`.
 */
export function swapFolderIntoPlace(staged: string, target: string, old: string): void {
  const hadTarget = existsSync(target);
  if (hadTarget) renameSync(target, old);
  try {
    renameSync(staged, target);
  } catch (err) {
    if (hadTarget) renameSync(old, target);
    throw err;
  }
  if (hadTarget) {
    try {
      rmSync(old, { recursive: true, force: true });
    } catch {
      // The new folder is in place; the caller removes this leftover on its next run.
    }
  }
}
