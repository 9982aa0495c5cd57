/**
 * Where karpenter-gitops itself is: the nearest folder above this file whose package.json is
 * named `karpenter-gitops`. The same answer from the TypeScript sources (io/, under ts-jest),
 * the compiled commands (build/io/, lib/io/) and an installed package; a package.json of
 * another name on the way up (a nested build folder's) is passed over.
 *
 * Only for the tool's own files (its package.json, imports/, codegen's ../shared); everything
 * of the user is relative to the working folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The package name the search looks for. */
export const TOOL_PACKAGE_NAME = 'karpenter-gitops';

/** The nearest folder at or above `from` holding the tool's package.json; `from/../..` when there is none. */
export function findToolRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (isToolPackage(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(from, '..', '..');
  }
}

function isToolPackage(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === TOOL_PACKAGE_NAME;
  } catch {
    return false;
  }
}

/** Where karpenter-gitops is installed (this repository's root when run from it). */
export const TOOL_ROOT = findToolRoot(__dirname);
