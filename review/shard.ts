/**
 * `check --shard K/N`: which clusters shard K of N checks.
 *
 * The key of a cluster is the stem of its file (`clusters/<stem>.yaml`), known before the file
 * parses, so that a cluster whose file is broken still has exactly one shard. The keys are put
 * in the order of their SHA-256 (ties, which do not happen in practice, by the key) and that
 * order is cut into N runs: shard 1 a little shorter (it also loads every other shard's
 * clusters, for the checks across clusters), the others of sizes that differ by at most one, for
 * any names. A cluster's place in the hash order depends on its name only, so adding or
 * removing a cluster moves no other cluster except at the N−1 cuts, where at most one
 * cluster each crosses into the neighbouring shard.
 *
 * The key is the file's stem, not its `name:`: the two are one unless the file sets `name:`,
 * and the stem is known from the folder listing alone, so that shards 2…N never read another
 * shard's files. A cluster named apart from its file is checked by its file's shard, and its
 * dist/ folder (named by its name) follows it there (review/shard-scope.ts).
 *
 * (The hash alone, `hash mod N`, would move nothing at all, but is only balanced on average:
 * 100 clusters on 8 shards come out up to 60 % above the mean; see docs/pr-job.md.)
 */
import { createHash } from 'node:crypto';
import { SHARD_FORM, ShardSpec } from './check-types';

// Defined beside check's other options (review/check-types.ts), which `check` loads without this module.
export { SHARD_FORM };
export type { ShardSpec };

/** The largest N accepted: more shards than a CI matrix runs is a typo. */
export const MAX_SHARDS = 256;

/** `3/8` → { index: 3, count: 8 }; anything else is a usage error sentence naming the form. */
export function parseShard(text: string): ShardSpec | string {
  const match = /^([0-9]+)\/([0-9]+)$/.exec(text.trim());
  const bad = (why: string) =>
    `--shard takes the form ${SHARD_FORM} with 1 ≤ K ≤ N ≤ ${MAX_SHARDS} (e.g. --shard 2/4), not '${text}': ${why}`;
  if (!match) return bad('K and N are whole numbers separated by /');
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || count > MAX_SHARDS) return bad(`N must be between 1 and ${MAX_SHARDS}`);
  if (index < 1 || index > count) return bad(`K must be between 1 and ${count}`);
  return { index, count };
}

export function shardLabel(shard: ShardSpec): string {
  return `${shard.index}/${shard.count}`;
}

/** The shard checking the fleet-wide parts (dist/fleet/, ApplicationSet, AppProject, checks across clusters). */
export function isFleetShard(shard: ShardSpec): boolean {
  return shard.index === 1;
}

function hashOf(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * What shard 1 pays for each cluster of another shard (it loads the whole fleet for the checks
 * across clusters), as a share of what checking one cluster in full costs (load, synth, stale,
 * validate, cfn-lint, scenarios): loading 2,000 clusters of 6 pools takes 8.4 s, their
 * `check --full` about 450 s (docs/performance.md), 0.019.
 */
export const FOREIGN_LOAD_SHARE = 0.02;

/** Shard 1 never gets less than this share of an equal cut (shard sizes within ±20 % of the mean). */
const MIN_FLEET_SHARD_SHARE = 0.8;

/**
 * How many clusters shard 1 takes of `total` on `count` shards: fewer than an equal share, by
 * what loading the other shards' clusters costs it, so that it finishes with the others
 * (m₁ + (M − m₁)·r = (M − m₁)/(N − 1)), and never under 80 % of an equal share.
 */
export function fleetShardSize(total: number, count: number): number {
  if (count <= 1) return total;
  const r = FOREIGN_LOAD_SHARE;
  const balanced = (total * (1 - r * (count - 1))) / ((1 - r) * (count - 1) + 1);
  const least = Math.ceil((MIN_FLEET_SHARD_SHARE * total) / count);
  return Math.min(total, Math.max(Math.round(balanced), least));
}

/**
 * The 1-based shard of every key, for `count` shards (keys are cluster file stems): the keys in
 * the order of their SHA-256, the first `fleetShardSize` of them shard 1's, the rest cut into
 * N − 1 runs whose sizes differ by at most one.
 */
export function assignShards(keys: Iterable<string>, count: number): Map<string, number> {
  const ordered = [...new Set(keys)]
    .map((key) => ({ key, hash: hashOf(key) }))
    .sort((a, b) =>
      a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
    );
  const out = new Map<string, number>();
  const total = ordered.length;
  const first = fleetShardSize(total, count);
  const rest = total - first;
  ordered.forEach(({ key }, rank) =>
    out.set(key, rank < first ? 1 : 2 + Math.floor(((rank - first) * (count - 1)) / rest)),
  );
  return out;
}

/** The stem of a cluster file path (`clusters/shop.yaml` → `shop`). */
export function clusterFileStem(file: string): string {
  return (file.split('/').pop() ?? file).replace(/\.yaml$/, '');
}
