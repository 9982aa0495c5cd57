/**
 * Reads a dist/ folder from disk into DistFiles (paths relative to it, POSIX separators), the
 * same shape the synth pipeline produces in memory, so both can be compared directly.
 */
import * as fs from 'fs';
import * as path from 'path';
import { UserError, DistFiles, compareCodeUnits } from '../model';

/**
 * @param dir folder to read; a missing folder is a UserError unless `allowMissing` (then empty).
 */
export function readDistDir(dir: string, allowMissing = false): DistFiles {
  const files: DistFiles = new Map();
  if (!fs.existsSync(dir)) {
    if (allowMissing) return files;
    throw new UserError([
      {
        severity: 'error',
        file: dir,
        line: 0,
        col: 0,
        path: '',
        message: 'folder does not exist',
        fix: 'Pass an existing dist/ folder or run `npm run synth` first',
      },
    ]);
  }
  walk(dir, '', files);
  return new Map([...files.entries()].sort(([a], [b]) => compareCodeUnits(a, b)));
}

function walk(root: string, rel: string, into: DistFiles): void {
  const entries = fs.readdirSync(path.join(root, rel), { withFileTypes: true });
  for (const e of entries) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) walk(root, child, into);
    else if (e.isFile()) into.set(child, fs.readFileSync(path.join(root, child), 'utf8'));
  }
}
