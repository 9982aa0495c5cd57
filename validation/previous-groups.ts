/**
 * The previous dist/ grouped as validation groups it (validation/previous-digests.ts has the
 * digests): each cluster folder's files, and the files outside cluster folders.
 */
import type { DistFiles } from '../model';
import { distCluster, VALIDATED_EXTENSIONS } from './dist-cluster';
import { groupDigest, PreviousDigests } from './previous-digests';

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

export function previousDigests(files: DistFiles): PreviousDigests {
  const groups = groupPrevious(files);
  return {
    loose: groupDigest(groups.loose),
    clusters: new Map([...groups.clusters].map(([c, list]) => [c, groupDigest(list)])),
  };
}
