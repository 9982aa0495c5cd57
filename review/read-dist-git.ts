/**
 * Reads dist/ as it is at a git revision, without a checkout: `git ls-tree` lists the blobs under
 * the folder, one `git cat-file --batch` process returns them all (no process per file).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { UserError, DistFiles, compareCodeUnits, wholeFileError } from '../model';

/**
 * @param ref any revision git understands (`origin/main`, a SHA, `HEAD~1`).
 * @param distDir the dist folder, relative to `cwd` or absolute; it must lie inside the repository.
 * @param cwd where to run git (a folder inside the work tree).
 * @returns the files under distDir at ref; empty when the folder did not exist there yet.
 */
export function readDistAtRef(ref: string, distDir: string, cwd: string): DistFiles {
  const toplevel = git(['rev-parse', '--show-toplevel'], cwd, ref).toString('utf8').trim();
  const rel = path.relative(toplevel, path.resolve(fs.realpathSync(cwd), distDir));
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new UserError([
      wholeFileError(
        distDir,
        `is not a folder inside the git repository at ${toplevel}`,
        'Run the command inside the repository and pass the dist folder with --dist',
      ),
    ]);
  }
  const treePath = `${rel.split(path.sep).join('/')}/`;
  git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], cwd, ref);
  const listing = git(['ls-tree', '-r', '-z', '--full-tree', ref, '--', treePath], cwd, ref).toString('utf8');
  const blobs: { sha: string; path: string }[] = [];
  for (const entry of listing.split('\0')) {
    if (!entry) continue;
    // <mode> SP <type> SP <object> TAB <file>
    const tab = entry.indexOf('\t');
    const [, type, sha] = entry.slice(0, tab).split(' ');
    if (type !== 'blob') continue;
    blobs.push({ sha, path: entry.slice(tab + 1).slice(treePath.length) });
  }
  const files: DistFiles = new Map();
  if (blobs.length === 0) return files;
  const out = git(['cat-file', '--batch'], cwd, ref, blobs.map((b) => b.sha).join('\n') + '\n');
  let pos = 0;
  for (const b of blobs) {
    const nl = out.indexOf(0x0a, pos);
    const header = out.subarray(pos, nl).toString('utf8'); // <sha> blob <size>
    const size = Number(header.split(' ')[2]);
    files.set(b.path, out.subarray(nl + 1, nl + 1 + size).toString('utf8'));
    pos = nl + 1 + size + 1;
  }
  return new Map([...files.entries()].sort(([a], [b]) => compareCodeUnits(a, b)));
}

function git(args: string[], cwd: string, ref: string, input?: string): Buffer {
  try {
    return execFileSync('git', args, {
      cwd,
      input,
      maxBuffer: 1024 * 1024 * 1024,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (e) {
    const stderr = String((e as { stderr?: Buffer }).stderr ?? '')
      .trim()
      .split('\n')[0];
    throw new UserError([
      wholeFileError(
        ref,
        `git ${args[0]} failed${stderr ? `: ${stderr}` : ''}`,
        'Pass a revision that exists in this repository (in CI fetch it first, e.g. `git fetch origin main`)',
      ),
    ]);
  }
}
