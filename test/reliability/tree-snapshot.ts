/**
 * Byte-level snapshots of folders, to prove `dist/` was left exactly as it was (or that two
 * runs wrote exactly the same tree).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every file below `dir` (dot files included), path (POSIX, relative) → bytes as hex-free base64. */
export function snapshotTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (abs: string, rel: string): void => {
    for (const e of readdirSync(abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const childAbs = join(abs, e.name);
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        out.set(`${childRel}/`, '<dir>');
        walk(childAbs, childRel);
      } else {
        out.set(childRel, readFileSync(childAbs).toString('base64'));
      }
    }
  };
  if (existsSync(dir)) walk(dir, '');
  return out;
}

/** Paths that differ between two snapshots (missing, extra or changed), sorted. */
export function diffSnapshots(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): string[] {
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  return keys
    .filter((k) => a.get(k) !== b.get(k))
    .map((k) => (!a.has(k) ? `+${k}` : !b.has(k) ? `-${k}` : `~${k}`));
}

/** Entries of `parent` other than `keep` (temporary or old folders a run left behind). */
export function siblingsBesides(parent: string, keep: readonly string[]): string[] {
  return readdirSync(parent)
    .filter((n) => !keep.includes(n))
    .sort();
}
