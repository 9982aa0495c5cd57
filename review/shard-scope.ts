/**
 * What one shard of `check --shard K/N` owns, once the fleet description is loaded: its
 * clusters (review/shard.ts assigns cluster files to shards), every file of dist/ generated
 * for them (`<cluster>/...`, `fleet/root-<cluster>.yaml`, `fleet/clusters/<cluster>.json`), and
 * the findings in their cluster files. Shard 1 also owns everything fleet-wide: the other files
 * of dist/fleet/ (ApplicationSet, AppProject, the argocd-cm patch), any file in dist/ no
 * cluster generates, and findings in files that are not a cluster file (`_defaults.yaml`).
 * Checks across clusters (duplicate names, rings) report at a cluster file, so the shard
 * owning that file reports them: every finding comes from exactly one shard.
 */
import { clusterOfDistPath, Diagnostic, FleetModel, fleetWidePath, GeneratedFiles } from '../model';
import { assignShards, clusterFileStem, isFleetShard, ShardSpec } from './shard';

export interface ShardScope {
  readonly shard: ShardSpec;
  /** Whether this shard checks the fleet-wide parts. */
  readonly fleetWide: boolean;
  /** Cluster files in the whole fleet. */
  readonly clusterCount: number;
  /** The cluster files of this shard, sorted (also those that do not load). */
  readonly ownFiles: readonly string[];
  /** The shard of a cluster file (`clusters/shop.yaml`), undefined for any other file. */
  readonly shardOfFile: (file: string) => number | undefined;
  /** Whether this shard owns a dist/-relative path. */
  readonly ownsDist: (rel: string) => boolean;
  /** Whether this shard reports a finding of the load step. */
  readonly ownsFinding: (d: Pick<Diagnostic, 'file'>) => boolean;
}

/**
 * @param clusterFiles every cluster file of the fleet, relative to the project root (what the
 *   shards are cut from: a file that does not parse still has its shard)
 * @param names the cluster name of each cluster file this shard knows (`name:` or the stem): its
 *   own, and in shard 1 every file that parsed
 */
export function shardScope(
  shard: ShardSpec,
  clusterFiles: readonly string[],
  names: ReadonlyMap<string, string> = new Map(),
): ShardScope {
  const byStem = assignShards(clusterFiles.map(clusterFileStem), shard.count);
  const fileShard = new Map(clusterFiles.map((f) => [f, byStem.get(clusterFileStem(f)) as number]));
  const byName = distOwners(clusterFiles, fileShard, names);
  const fleetWide = isFleetShard(shard);
  const mine = (s: number | undefined) => (s === undefined ? fleetWide : s === shard.index);
  return {
    shard,
    fleetWide,
    clusterCount: clusterFiles.length,
    ownFiles: clusterFiles.filter((f) => fileShard.get(f) === shard.index).sort(),
    shardOfFile: (file) => fileShard.get(file),
    ownsDist: (rel) => mine(shardOfDistPath(rel, byName)),
    ownsFinding: (d) => mine(fileShard.get(d.file)),
  };
}

/**
 * The shard of each dist/ folder name (`dist/<cluster>/`): a cluster's folder is named by its
 * name, which `name:` may set apart from its file's stem. A name known to this shard is its
 * file's (the first file in path order, when two claim one name: an error the checks across
 * clusters report); the stem of a file whose name is not known stands for it (a file that does
 * not parse, or another shard's file, which shards 2…N never read). So a shard claims a folder
 * only for a cluster it reads, and shard 1, which reads every file, agrees with every shard.
 */
function distOwners(
  clusterFiles: readonly string[],
  fileShard: ReadonlyMap<string, number>,
  names: ReadonlyMap<string, string>,
): Map<string, number> {
  const owners = new Map<string, number>();
  for (const f of clusterFiles) {
    const name = names.get(f);
    if (name !== undefined && !owners.has(name)) owners.set(name, fileShard.get(f) as number);
  }
  for (const f of clusterFiles) {
    const stem = clusterFileStem(f);
    if (!names.has(f) && !owners.has(stem)) owners.set(stem, fileShard.get(f) as number);
  }
  return owners;
}

/** The cluster name of each cluster file of a loaded fleet. */
export function clusterNames(fleet: FleetModel | undefined): Map<string, string> {
  return new Map((fleet?.clusters ?? []).map((c) => [c.source.file, c.name]));
}

/** The shard of the cluster a dist/ path belongs to; undefined for fleet-wide and unknown paths. */
function shardOfDistPath(rel: string, byName: ReadonlyMap<string, number>): number | undefined {
  const cluster = clusterOfDistPath(rel);
  return cluster === undefined ? undefined : byName.get(cluster);
}

/** The clusters of `fleet` this shard checks. */
export function shardFleet(scope: ShardScope, fleet: FleetModel): FleetModel {
  return {
    clusters: fleet.clusters.filter((c) => scope.shardOfFile(c.source.file) === scope.shard.index),
  };
}

/** Generated files: this shard's clusters' from `own`, plus (shard 1) the fleet-wide ones from `fleetWide`. */
export function shardGenerated(
  scope: ShardScope,
  own: GeneratedFiles,
  fleetWide: GeneratedFiles | undefined,
): GeneratedFiles {
  const out = new Map([...own].filter(([rel]) => scope.ownsDist(rel) && !isFleetWidePath(scope, rel)));
  for (const [rel, file] of fleetWide ?? []) if (isFleetWidePath(scope, rel)) out.set(rel, file);
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function isFleetWidePath(scope: ShardScope, rel: string): boolean {
  return scope.fleetWide && fleetWidePath(rel);
}
