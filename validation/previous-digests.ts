/**
 * The previous dist/ (the PR's base) as validation groups it: each cluster folder's files and the
 * files outside cluster folders, in the tree's order, with the digest of each group, which keys
 * that group's findings in the findings cache (validation/validate-tree.ts). `check`'s git worker
 * (review/threads/base-prefetch.ts) computes the digests beside reading the base, and hands them over
 * with the files they were computed from, so the main thread does not hash the base again.
 */
import { createHash } from 'node:crypto';
import type { DistFiles } from '../model';

/** A group's digest: the sha256 of its names and texts. */
export function groupDigest(list: readonly (readonly [string, string])[]): string {
  return createHash('sha256').update(JSON.stringify(list)).digest('hex');
}

export interface PreviousDigests {
  readonly loose: string;
  readonly clusters: ReadonlyMap<string, string>;
}

/** Digests computed elsewhere for exactly these files (the same Map object). */
const known = new WeakMap<DistFiles, PreviousDigests>();

/** Notes the digests of `files` (computed by `previousDigests` of the same files) and returns them. */
export function withPreviousDigests(files: DistFiles, digests: PreviousDigests): DistFiles {
  known.set(files, digests);
  return files;
}

export function knownPreviousDigests(files: DistFiles): PreviousDigests | undefined {
  return known.get(files);
}
