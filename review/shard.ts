/**
 * `check --shard K/N`: which clusters shard K of N checks.
 *
 * The key of a cluster is the stem of its file (`clusters/<stem>.yaml`), known before the file
 * parses, so that a cluster whose file is broken still has exactly one shard. The keys are put
 * in the order of their SHA-256 (ties, which do not happen in practice, by the key) and that
 * order is cut into N runs of ⌊M/N⌋ or ⌈M/N⌉ clusters: shard sizes differ by at most one, for
 * any names. A cluster's place in the hash order depends on its name only, so adding or
 * removing a cluster moves no other cluster except at the N−1 cuts, where at most one
 * cluster each crosses into the neighbouring shard.
 *
 * (The hash alone, `hash mod N`, would move nothing at all, but is only balanced on average:
 * 100 clusters on 8 shards come out up to 60 % above the mean; see docs/pr-job.md.)
 */
import { createHash } from 'node:crypto';

/** The form `--shard` takes, for usage errors and help. */
export const SHARD_FORM = 'K/N';

/** Shard `index` of `count` (both 1-based, 1 ≤ index ≤ count). */
export interface ShardSpec {
  readonly index: number;
  readonly count: number;
}

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

/** The 1-based shard of every key, for `count` shards (keys are cluster file stems). */
export function assignShards(keys: Iterable<string>, count: number): Map<string, number> {
  const ordered = [...new Set(keys)]
    .map((key) => ({ key, hash: hashOf(key) }))
    .sort((a, b) =>
      a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
    );
  const out = new Map<string, number>();
  const total = ordered.length;
  ordered.forEach(({ key }, rank) => out.set(key, Math.floor((rank * count) / total) + 1));
  return out;
}

/** The stem of a cluster file path (`clusters/shop.yaml` → `shop`). */
export function clusterFileStem(file: string): string {
  return (file.split('/').pop() ?? file).replace(/\.yaml$/, '');
}
