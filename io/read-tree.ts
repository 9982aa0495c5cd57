/**
 * Reading a folder tree: every file below a folder as a relative POSIX path (`a/b.yaml`), and
 * optionally its text. The one walk under `check` reading dist/, `validate` collecting its
 * inputs, `npm run import --check` comparing imports/ and the benchmark reading its output.
 * Its users differ in what counts as a file, in order and in what they skip; each says so
 * through the options, so each keeps what it did.
 */
import { Dirent, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareCodeUnits } from '../model/basics';

export interface ListTreeOptions {
  /**
   * Which entries are files: `regular` only regular files (a symbolic link, a socket or a
   * FIFO is left out); `not-folder` every entry that is not a folder, a symbolic link included
   * (a link is never followed into, even to a folder).
   * @default 'regular'
   */
  readonly files?: 'regular' | 'not-folder';
  /**
   * The order of the paths: `path` sorted by the whole relative path in code units
   * (`a-b/x` before `a/x`); `by-folder` each folder's entries sorted by name, a folder's files
   * listed where the folder stands (`a/x` before `a-b/x`).
   * @default 'path'
   */
  readonly order?: 'path' | 'by-folder';
  /**
   * Entries (files and folders) left out by name, e.g. dot files and `node_modules`.
   * @default nothing is left out
   */
  readonly skip?: (name: string) => boolean;
}

/** A file of the tree and its text. */
export interface TreeFile {
  /** Path relative to the folder, `/` separators. */
  readonly rel: string;
  readonly text: string;
}

/** Every file below `root` (paths relative to it, `/` separators). Throws when `root` cannot be read. */
export function listTree(root: string, options: ListTreeOptions = {}): string[] {
  const isFile =
    (options.files ?? 'regular') === 'regular' ? (e: Dirent) => e.isFile() : (e: Dirent) => !e.isDirectory();
  const byFolder = options.order === 'by-folder';
  const skip = options.skip ?? (() => false);
  const out: string[] = [];
  const walk = (rel: string): void => {
    const entries = readdirSync(rel === '' ? root : join(root, rel), { withFileTypes: true });
    if (byFolder) entries.sort((a, b) => compareCodeUnits(a.name, b.name));
    for (const e of entries) {
      if (skip(e.name)) continue;
      const child = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(child);
      else if (isFile(e)) out.push(child);
    }
  };
  walk('');
  return byFolder ? out : out.sort(compareCodeUnits);
}

/** Every file below `root` with its UTF-8 text, in the order of `listTree`. */
export function readTree(root: string, options: ListTreeOptions = {}): TreeFile[] {
  return listTree(root, options).map((rel) => ({ rel, text: readFileSync(join(root, rel), 'utf8') }));
}
