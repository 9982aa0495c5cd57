/**
 * What every cache folder of the tool does with its files (the cfn-lint cache, the fleet load
 * cache, the validation findings): a file read is marked used, and a folder past its size keeps
 * only the most recently used files. A cache that cannot be marked or pruned is still a cache:
 * neither ever fails a run.
 */
import { readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

/** Marks `file` as used now: pruning keeps the most recently used files. */
export function markUsed(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // A read-only cache is still a cache.
  }
}

/**
 * Keeps the `keep` most recently used files ending in `ext` in `dir` once there are more than
 * `keep + slack` (the slack spares a full cache from being listed by age on every run).
 */
export function pruneLeastRecentlyUsed(dir: string, ext: string, keep: number, slack = 0): void {
  try {
    const names = readdirSync(dir).filter((n) => n.endsWith(ext));
    if (names.length <= keep + slack) return;
    const aged = names
      .map((n) => ({ n, t: statSync(join(dir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
      .sort((a, b) => b.t - a.t || (a.n < b.n ? -1 : a.n > b.n ? 1 : 0));
    for (const { n } of aged.slice(keep)) rmSync(join(dir, n), { force: true });
  } catch {
    // A cache that cannot be pruned is still a cache; the run goes on.
  }
}
