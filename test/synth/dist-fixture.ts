/** Temporary project folders with a pre-existing dist/ for write and synth tests. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function makeTempProject(prefix = 'kg-synth-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeTempProject(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Writes `files` (relative path → content) below `root`. */
export function writeTree(root: string, files: Readonly<Record<string, string>>): void {
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, ...path.split('/'));
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, content);
  }
}

/**
 * Every file below `root` as relative path → content (sorted). The default latin1 decoding
 * maps bytes one-to-one, so comparing trees compares bytes.
 */
export function readTree(root: string, encoding: BufferEncoding = 'latin1'): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      else out[`${prefix}${entry.name}`] = readFileSync(join(dir, entry.name), encoding);
    }
  };
  walk(root, '');
  return out;
}

/** Names in `dir` (not recursive), sorted. */
export function listNames(dir: string): string[] {
  return readdirSync(dir).sort();
}
