/**
 * Atomic replacement of the output folder (`dist/`) by a complete set of generated files.
 *
 *   1. Recover from a crashed earlier run (see below) and delete its leftovers.
 *   1b. When `<name>` already holds exactly the files, stop: nothing is written (io/same-tree.ts).
 *   2. Write every file into a fresh temporary sibling `.<name>-<pid>-<random>/`.
 *   3. Swap: `<name>` → `.<name>-old-<pid>-<random>`, temporary → `<name>`, delete the old one.
 *
 * Any failure before the swap deletes the temporary folder and leaves `<name>` untouched,
 * byte for byte. A run killed between the two renames of step 3 leaves no `<name>` but an
 * intact `.<name>-old-*`; the next run renames it back before doing anything else.
 * Nothing is ever written outside `<name>` and its temporary siblings: every path is
 * checked to be a plain relative POSIX path first.
 */
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { DistFiles, compareCodeUnits } from '../model';
import { swapFolderIntoPlace } from './atomic-write';
import { holdsExactly } from './same-tree';

export interface WriteDistOptions {
  /**
   * Writes one file. Tests inject a writer that fails part-way to prove atomicity.
   * @default fs.writeFileSync with flag 'wx' (never overwrites)
   */
  readonly writeFile?: (absolutePath: string, content: string | Uint8Array) => void;
  /**
   * Whether a process id is still running (to tell a crashed run's leftovers from a live one's).
   * @default process.kill(pid, 0)
   */
  readonly isProcessAlive?: (pid: number) => boolean;
}

export interface WriteDistResult {
  /** Absolute path of the folder that now holds exactly the given files. */
  readonly outDir: string;
  readonly fileCount: number;
  /** Leftovers of crashed runs that were removed (folder names). */
  readonly removedStale: readonly string[];
  /** Set when a crashed run had left the previous output in `.<name>-old-*` and it was restored first. */
  readonly restoredFrom?: string;
  /** The folder already held exactly these files, so nothing was written (io/same-tree.ts). */
  readonly unchanged: boolean;
}

/** Replaces `outDir` with exactly `files` (paths relative to it), atomically. */
/**
 * File content `writeDist` accepts: generated text, or the raw bytes of a file carried over
 * unchanged from an existing `dist/` (`npm run policies` keeps every file it does not own byte
 * for byte, whatever its encoding).
 */
export type DistContent = string | Uint8Array;

export function writeDist(
  outDir: string,
  files: DistFiles | ReadonlyMap<string, DistContent>,
  options: WriteDistOptions = {},
): WriteDistResult {
  const target = resolve(outDir);
  const parent = dirname(target);
  const name = basename(target);
  if (parent === target || name === '' || name === '.' || name === '..') {
    throw new Error(`refusing to replace '${target}': not a folder below another folder`);
  }
  const paths = checkPaths(files);
  const writeFile = options.writeFile ?? ((p: string, c: DistContent) => writeFileSync(p, c, { flag: 'wx' }));
  const isAlive = options.isProcessAlive ?? processIsAlive;

  mkdirSync(parent, { recursive: true });
  if (existsSync(target) && !lstatSync(target).isDirectory()) {
    throw new Error(`refusing to replace '${target}': it exists and is not a folder`);
  }
  for (const marker of PROJECT_MARKERS) {
    if (existsSync(join(target, marker))) {
      throw new Error(
        `refusing to replace '${target}': it holds ${marker}, so it is not a generated output folder`,
      );
    }
  }
  const { removed, restoredFrom } = recoverAndClean(parent, name, target, isAlive);
  if (holdsExactly(target, files))
    return { outDir: target, fileCount: paths.length, removedStale: removed, restoredFrom, unchanged: true };

  const temp = makeTempSibling(parent, `.${name}-${process.pid}-`);
  try {
    const made = new Set<string>();
    for (const path of paths) {
      const full = join(temp, ...path.split('/'));
      const dir = dirname(full);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFile(full, files.get(path) as DistContent);
    }
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    throw err;
  }

  // A leftover `old` (its removal failed) is removed by a later run: its pid is gone by then.
  const old = join(parent, `.${name}-old-${basename(temp).slice(name.length + 2)}`);
  try {
    swapFolderIntoPlace(temp, target, old);
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    throw err;
  }
  return { outDir: target, fileCount: paths.length, removedStale: removed, restoredFrom, unchanged: false };
}

/**
 * The sorted paths of `files`, each checked to be a plain relative POSIX path that stays
 * inside the output folder, and no path being a folder of another. Violations are bugs in
 * a generator (user input never chooses paths unchecked), so they throw plain Errors.
 */
export function checkPaths(files: ReadonlyMap<string, DistContent>): string[] {
  const paths = [...files.keys()].sort(compareCodeUnits);
  const fileSet = new Set(paths);
  for (const path of paths) {
    const segments = path.split('/');
    const bad =
      path === '' ||
      path.includes('\\') ||
      path.includes('\0') ||
      segments.some((s) => s === '' || s === '.' || s === '..');
    if (bad) {
      throw new Error(`generated path '${path}' is not a plain relative path inside the output folder`);
    }
    for (let i = 1; i < segments.length; i++) {
      const prefix = segments.slice(0, i).join('/');
      if (fileSet.has(prefix)) {
        throw new Error(`generated path '${prefix}' is both a file and the folder of '${path}'`);
      }
    }
    const content = files.get(path);
    if (typeof content !== 'string' && !(content instanceof Uint8Array)) {
      throw new Error(`generated file '${path}' has no content`);
    }
  }
  return paths;
}

/** Entries that never occur in generated output: their presence means the target is a project, not an output. */
const PROJECT_MARKERS = ['.git', 'package.json', 'node_modules'] as const;

const LEFTOVER = /^(old-)?(\d+)-[A-Za-z0-9]{6}$/;

/**
 * Deletes temporary and old folders of runs that are no longer alive. If the target is
 * missing and a dead run left an old folder, that folder is the previous output: restore it.
 */
function recoverAndClean(
  parent: string,
  name: string,
  target: string,
  isAlive: (pid: number) => boolean,
): { removed: string[]; restoredFrom?: string } {
  const prefix = `.${name}-`;
  const leftovers = readdirSync(parent, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name.startsWith(prefix))
    .map((e) => ({ entry: e.name, match: LEFTOVER.exec(e.name.slice(prefix.length)) }))
    .filter((l): l is { entry: string; match: RegExpExecArray } => l.match !== null)
    .filter((l) => !isAlive(Number(l.match[2])))
    .sort((a, b) => compareCodeUnits(a.entry, b.entry));
  let restoredFrom: string | undefined;
  if (!existsSync(target)) {
    // The newest old folder is the last complete output (normally there is only one).
    const olds = leftovers
      .filter((l) => l.match[1] !== undefined)
      .map((l) => ({ entry: l.entry, mtime: statSync(join(parent, l.entry)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime || compareCodeUnits(a.entry, b.entry));
    if (olds.length > 0) {
      renameSync(join(parent, olds[0].entry), target);
      restoredFrom = olds[0].entry;
    }
  }
  const removed: string[] = [];
  for (const l of leftovers) {
    if (l.entry !== restoredFrom) {
      rmSync(join(parent, l.entry), { recursive: true, force: true });
      removed.push(l.entry);
    }
  }
  return { removed, restoredFrom };
}

/**
 * Creates `<parent>/<prefix><6 random letters/digits>`. Unlike mkdtemp (mode 0700) it gets
 * the normal umask-based mode, which the folder keeps once it becomes the output.
 */
function makeTempSibling(parent: string, prefix: string): string {
  for (let attempt = 0; ; attempt++) {
    const suffix = randomBytes(6)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, '0')
      .slice(0, 6);
    const path = join(parent, `${prefix}${suffix}`);
    try {
      mkdirSync(path);
      return path;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 16) throw err;
    }
  }
}

function processIsAlive(pid: number): boolean {
  if (pid === process.pid) {
    return true;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
