/**
 * Reads dist/ as it is at a git revision, without a checkout: `git ls-tree` lists the blobs under
 * the folder, one `git cat-file --batch` process returns them all (no process per file).
 *
 * Given the files as they are in the working tree (`check` has read them anyway), a file whose
 * bytes hash to the blob's id at the revision is that blob: git names a blob by the hash of
 * `blob <size>\0<bytes>` (SHA-1, or SHA-256 in a repository of that object format), so the
 * working text is taken and only the other blobs are asked of git. On an unchanged dist/, no
 * `cat-file` runs at all. A file whose text does not encode back to its bytes (not UTF-8), or
 * that git converts on checkout (line endings), hashes differently and is read from git as before.
 *
 * Imports from model/basics.ts, not model/: this runs in `check`'s worker thread
 * (review/threads/check-worker.ts), which loads only what it uses.
 */
import { execFileSync } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { DistFiles } from '../model';
import { compareCodeUnits, UserError, wholeFileError } from '../model/basics';

/**
 * @param ref any revision git understands (`origin/main`, a SHA, `HEAD~1`).
 * @param distDir the dist folder, relative to `cwd` or absolute; it must lie inside the repository.
 * @param cwd where to run git (a folder inside the work tree).
 * @param working the same folder's files as they are on disk now (paths relative to it), whose
 *   texts are taken for the blobs they are byte for byte. @default none: every blob is read from git
 * @returns the files under distDir at ref; empty when the folder did not exist there yet.
 */
export function readDistAtRef(ref: string, distDir: string, cwd: string, working?: DistFiles): DistFiles {
  // One process for both: the work tree's top folder, then the revision's commit (`--verify`
  // fails with status 1 and no message for a revision git does not know, after printing the top).
  const [toplevel, commit, said] = revParse(ref, cwd);
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
  if (commit === undefined) throw gitFailed(ref, 'rev-parse', said);
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
  const asked = blobs.filter((b) => {
    const text = working?.get(b.path);
    if (text === undefined || blobId(text, b.sha.length) !== b.sha) return true;
    files.set(b.path, text);
    return false;
  });
  if (asked.length > 0) {
    const out = git(['cat-file', '--batch'], cwd, ref, asked.map((b) => b.sha).join('\n') + '\n');
    let pos = 0;
    for (const b of asked) {
      const nl = out.indexOf(0x0a, pos);
      const header = out.subarray(pos, nl).toString('utf8'); // <sha> blob <size>
      const size = Number(header.split(' ')[2]);
      files.set(b.path, out.subarray(nl + 1, nl + 1 + size).toString('utf8'));
      pos = nl + 1 + size + 1;
    }
  }
  return new Map([...files.entries()].sort(([a], [b]) => compareCodeUnits(a, b)));
}

/**
 * The id git gives a blob of `text`'s UTF-8 bytes: SHA-1 of `blob <size>\0<bytes>`, or SHA-256
 * where the ids are 64 hex digits (a repository with `extensions.objectFormat=sha256`).
 */
export function blobId(text: string, idLength: number): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash(idLength === 64 ? 'sha256' : 'sha1')
    .update(`blob ${bytes.length}\0`)
    .update(bytes)
    .digest('hex');
}

/**
 * `git rev-parse --show-toplevel --verify --quiet <ref>^{commit}`: the top folder, and the
 * commit or undefined when git does not know the revision (status 1, the top still printed,
 * with what git said on stderr, if anything).
 */
function revParse(ref: string, cwd: string): [string, string | undefined, string] {
  try {
    const [top, commit] = execFileSync(
      'git',
      ['rev-parse', '--show-toplevel', '--verify', '--quiet', `${ref}^{commit}`],
      { cwd, stdio: ['pipe', 'pipe', 'pipe'] },
    )
      .toString('utf8')
      .split('\n');
    return [top, commit, ''];
  } catch (e) {
    const failed = e as { status?: number; stdout?: Buffer; stderr?: Buffer };
    const top = String(failed.stdout ?? '').split('\n')[0];
    if (failed.status === 1 && top !== '') return [top, undefined, String(failed.stderr ?? '')];
    throw gitFailed(ref, 'rev-parse', String(failed.stderr ?? ''));
  }
}

/** The error for a failed git command, with the first line of what git said. */
function gitFailed(ref: string, command: string, said: string): UserError {
  const first = said.trim().split('\n')[0];
  return new UserError([
    wholeFileError(
      ref,
      `git ${command} failed${first ? `: ${first}` : ''}`,
      'Pass a revision that exists in this repository (in CI fetch it first, e.g. `git fetch origin main`)',
    ),
  ]);
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
    throw gitFailed(ref, args[0], String((e as { stderr?: Buffer }).stderr ?? ''));
  }
}
