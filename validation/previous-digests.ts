/**
 * The previous dist/ (the PR's base) as validation groups it: each cluster folder's files and the
 * files outside cluster folders, in the tree's order, with the digest of each group, which keys
 * that group's findings in the findings cache (validation/validate-tree.ts). `check`'s git worker
 * (review/base-prefetch.ts) computes the digests beside reading the base, and hands them over
 * with the files they were computed from, so the main thread does not hash the base again.
 */
import { createHash } from 'node:crypto';
import type { DistFiles } from '../model';
import { distCluster, VALIDATED_EXTENSIONS } from './dist-cluster';

/** The validated files of a previous tree, grouped. */
export interface PreviousGroups {
  /** Files outside cluster folders, name and text, in the tree's order. */
  readonly loose: readonly [string, string][];
  /** Each cluster folder's files, name and text, in the tree's order. */
  readonly clusters: ReadonlyMap<string, readonly [string, string][]>;
}

export function groupPrevious(files: DistFiles): PreviousGroups {
  const loose: [string, string][] = [];
  const clusters = new Map<string, [string, string][]>();
  for (const [rel, text] of files) {
    if (!VALIDATED_EXTENSIONS.test(rel)) continue;
    const where = distCluster(rel);
    if (!where) loose.push([rel, text]);
    else {
      const list = clusters.get(where.cluster);
      if (list) list.push([rel, text]);
      else clusters.set(where.cluster, [[rel, text]]);
    }
  }
  return { loose, clusters };
}

/** A group's digest: the sha256 of its names and texts. */
export function groupDigest(list: readonly (readonly [string, string])[]): string {
  return createHash('sha256').update(JSON.stringify(list)).digest('hex');
}

export interface PreviousDigests {
  readonly loose: string;
  readonly clusters: ReadonlyMap<string, string>;
}

export function previousDigests(files: DistFiles): PreviousDigests {
  const groups = groupPrevious(files);
  return {
    loose: groupDigest(groups.loose),
    clusters: new Map([...groups.clusters].map(([c, list]) => [c, groupDigest(list)])),
  };
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
