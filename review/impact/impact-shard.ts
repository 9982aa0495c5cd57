/**
 * `impact --shard K/N`: the part of a change to dist/ that shard K reports, cut as
 * `check --shard K/N` cuts the fleet (review/shard.ts): the cluster files next to the new dist/
 * (`clusters/*.yaml`, from the folder listing) in the order of their hash, each cluster's files
 * of dist/ (`<cluster>/...`, `fleet/root-<cluster>.yaml`, `fleet/clusters/<cluster>.json`) with
 * its file's shard, and everything else (dist/fleet/'s shared files, the folder of a cluster
 * that is gone or named apart from its file) with shard 1 (review/shard-scope.ts). Without a
 * clusters/ folder (two dist folders anywhere), the cluster folders of the two trees are cut.
 * Every file of either tree is in exactly one shard's report.
 */
import * as path from 'path';
import { DistFiles, FLEET_DIR } from '../../model';
import { listClusterFiles } from '../../io/read-fleet';
import { ShardSpec } from '../shard';
import { shardScope } from '../shard-scope';

export interface ImpactShard {
  /** Whether the shard reports a dist/-relative path. */
  readonly ownsDist: (rel: string) => boolean;
  /** Whether the shard reports something found in a fleet file (`clusters/shop.yaml`). */
  readonly ownsFleetFile: (file: string) => boolean;
}

/** The cluster folders of two dist/ trees, as cluster files (`clusters/<name>.yaml`). */
function clusterFoldersOf(trees: readonly DistFiles[]): string[] {
  const names = new Set<string>();
  for (const files of trees)
    for (const rel of files.keys()) {
      const segs = rel.split('/');
      if (segs.length > 1 && segs[0] !== FLEET_DIR) names.add(segs[0]);
    }
  return [...names].sort().map((n) => `clusters/${n}.yaml`);
}

/**
 * @param clustersDir the fleet description next to the new dist/ (absolute; may not exist)
 */
export function impactShard(
  shard: ShardSpec,
  clustersDir: string,
  before: DistFiles,
  after: DistFiles,
): ImpactShard {
  const listed = listClusterFiles(path.dirname(clustersDir), { clustersDir: path.basename(clustersDir) });
  const scope = shardScope(shard, listed.length > 0 ? listed : clusterFoldersOf([before, after]));
  return { ownsDist: scope.ownsDist, ownsFleetFile: (file) => scope.ownsFinding({ file }) };
}

/** The files of a tree the shard reports. */
export function shardOfTree(shard: ImpactShard, files: DistFiles): DistFiles {
  return new Map([...files].filter(([rel]) => shard.ownsDist(rel)));
}
