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
import { Diagnostic, FLEET_DIR, FleetModel, GeneratedFiles } from '../model';
import { assignShards, clusterFileStem, isFleetShard, ShardSpec } from './shard';

export interface ShardScope {
  readonly shard: ShardSpec;
  /** Whether this shard checks the fleet-wide parts. */
  readonly fleetWide: boolean;
  /** Cluster files in the whole fleet. */
  readonly clusterCount: number;
  /** The shard of a cluster file (`clusters/shop.yaml`), undefined for any other file. */
  readonly shardOfFile: (file: string) => number | undefined;
  /** Whether this shard owns a dist/-relative path. */
  readonly ownsDist: (rel: string) => boolean;
  /** Whether this shard reports a finding of the load step. */
  readonly ownsFinding: (d: Diagnostic) => boolean;
}

/**
 * @param clusterFiles every cluster file of the fleet, relative to the project root (what the
 *   shards are cut from: a file that does not parse still has its shard)
 * @param fleet the clusters that loaded (all of them, or the valid ones after errors)
 */
export function shardScope(
  shard: ShardSpec,
  clusterFiles: readonly string[],
  fleet?: FleetModel,
): ShardScope {
  const byStem = assignShards(clusterFiles.map(clusterFileStem), shard.count);
  const fileShard = new Map(clusterFiles.map((f) => [f, byStem.get(clusterFileStem(f)) as number]));
  // A cluster's dist/ folder is named by its name, which `name:` may set apart from its file.
  const byName = new Map<string, number>(byStem);
  for (const c of fleet?.clusters ?? []) {
    const s = fileShard.get(c.source.file) ?? byStem.get(clusterFileStem(c.source.file));
    if (s !== undefined) byName.set(c.name, s);
  }
  const fleetWide = isFleetShard(shard);
  const mine = (s: number | undefined) => (s === undefined ? fleetWide : s === shard.index);
  return {
    shard,
    fleetWide,
    clusterCount: clusterFiles.length,
    shardOfFile: (file) => fileShard.get(file),
    ownsDist: (rel) => mine(clusterOfDistPath(rel, byName)),
    ownsFinding: (d) => mine(fileShard.get(d.file)),
  };
}

/** The shard of the cluster a dist/ path belongs to; undefined for fleet-wide and unknown paths. */
function clusterOfDistPath(rel: string, byName: ReadonlyMap<string, number>): number | undefined {
  const segs = rel.split('/');
  if (segs.length < 2) return undefined;
  if (segs[0] !== FLEET_DIR) return byName.get(segs[0]);
  const root = /^root-(.+)\.yaml$/.exec(segs[1]);
  if (segs.length === 2 && root) return byName.get(root[1]);
  const params = segs[1] === 'clusters' && segs.length === 3 ? /^(.+)\.json$/.exec(segs[2]) : null;
  return params ? byName.get(params[1]) : undefined;
}

/** The clusters of `fleet` this shard checks. */
export function shardFleet(scope: ShardScope, fleet: FleetModel): FleetModel {
  return {
    clusters: fleet.clusters.filter((c) => scope.shardOfFile(c.source.file) === scope.shard.index),
  };
}

/** The clusters of a fleet that loaded without error that shard `shard` checks. */
export function fleetOfShard(fleet: FleetModel, shard: ShardSpec): FleetModel {
  const files = fleet.clusters.map((c) => c.source.file);
  return shardFleet(shardScope(shard, files, fleet), fleet);
}

/** The files of a dist/ tree this shard owns. */
export function ownedFiles<F>(scope: ShardScope, files: ReadonlyMap<string, F>): Map<string, F> {
  const out = new Map<string, F>();
  for (const [rel, file] of files) if (scope.ownsDist(rel)) out.set(rel, file);
  return out;
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

/** A path of dist/fleet/ no single cluster owns (ApplicationSet, AppProject, argocd-cm patch). */
export function fleetWidePath(rel: string): boolean {
  const segs = rel.split('/');
  if (segs[0] !== FLEET_DIR || segs.length < 2) return false;
  const perCluster =
    (segs.length === 2 && /^root-.+\.yaml$/.test(segs[1])) || (segs.length === 3 && segs[1] === 'clusters');
  return !perCluster;
}

function isFleetWidePath(scope: ShardScope, rel: string): boolean {
  return scope.fleetWide && fleetWidePath(rel);
}
