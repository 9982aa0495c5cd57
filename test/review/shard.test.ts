import { createHash } from 'node:crypto';
import { benchClusterName } from '../../bench/bench-fleet';
import { assignShards, clusterFileStem, fleetShardSize, parseShard, SHARD_FORM } from '../../review/shard';

/** Names as teams write them: numbered, team-env-region, and arbitrary. */
const NAMING: Readonly<Record<string, (i: number) => string>> = {
  numbered: benchClusterName,
  'team-env-region': (i) =>
    `${['shop', 'pay', 'ml', 'data', 'edge', 'search', 'ads'][i % 7]}-${['prod', 'stage', 'dev'][Math.floor(i / 7) % 3]}-${['euw1', 'use1', 'apne2'][Math.floor(i / 21) % 3]}-${Math.floor(i / 63)}`,
  hashed: (i) => `c${createHash('md5').update(String(i)).digest('hex').slice(0, 10)}`,
};

function sizes(keys: readonly string[], count: number): number[] {
  const out = new Array<number>(count).fill(0);
  for (const s of assignShards(keys, count).values()) out[s - 1]++;
  return out;
}

describe('parseShard', () => {
  it('reads K/N', () => {
    expect(parseShard('3/8')).toEqual({ index: 3, count: 8 });
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
  });

  it.each([
    ['0/4', 'K must be between 1 and 4'],
    ['5/4', 'K must be between 1 and 4'],
    ['x', 'K and N are whole numbers separated by /'],
    ['2/0', 'N must be between 1 and 256'],
    ['1/4/2', 'K and N are whole numbers separated by /'],
    ['-1/4', 'K and N are whole numbers separated by /'],
  ])('refuses %s, naming the form', (text, why) => {
    expect(parseShard(text)).toBe(
      `--shard takes the form ${SHARD_FORM} with 1 ≤ K ≤ N ≤ 256 (e.g. --shard 2/4), not '${text}': ${why}`,
    );
  });
});

describe('assignShards', () => {
  it.each(Object.keys(NAMING))(
    'keeps every shard within ±20%% of the mean from 100 clusters up (%s names)',
    (naming) => {
      for (const clusters of [100, 101, 250, 2000])
        for (const count of [2, 3, 4, 8, 16, 20]) {
          const keys = Array.from({ length: clusters }, (_, i) => NAMING[naming](i));
          const mean = clusters / count;
          const got = sizes(keys, count);
          for (const size of got) expect(Math.abs(size - mean) / mean).toBeLessThanOrEqual(0.2);
          // Shard 1 (which also loads the others' clusters) a little smaller; the others within
          // one cluster of each other, for any names.
          expect(got[0]).toBe(fleetShardSize(clusters, count));
          expect(got[0]).toBeLessThan(mean);
          const restMean = (clusters - got[0]) / (count - 1);
          for (const size of got.slice(1))
            expect(size === Math.floor(restMean) || size === Math.ceil(restMean)).toBe(true);
        }
    },
  );

  it('gives every cluster one shard, the same on every run and in any order', () => {
    const keys = Array.from({ length: 300 }, (_, i) => benchClusterName(i));
    const a = assignShards(keys, 4);
    const b = assignShards([...keys].reverse(), 4);
    expect([...a].sort()).toEqual([...b].sort());
    expect(a.size).toBe(300);
    expect(new Set(a.values())).toEqual(new Set([1, 2, 3, 4]));
  });

  it('moves at most one cluster across each cut when a cluster is added, never further', () => {
    const keys = Array.from({ length: 200 }, (_, i) => benchClusterName(i));
    for (const count of [4, 8]) {
      const before = assignShards(keys, count);
      for (const added of ['cluster-9999', 'shop-prod-euw1', 'a', 'zz-top']) {
        const after = assignShards([...keys, added], count);
        const moved = keys.filter((k) => after.get(k) !== before.get(k));
        expect(moved.length).toBeLessThanOrEqual(count - 1);
        for (const k of moved) expect(Math.abs((after.get(k) ?? 0) - (before.get(k) ?? 0))).toBe(1);
      }
    }
  });

  it('is the order of the SHA-256 of the names, cut into equal runs', () => {
    const keys = ['b', 'a', 'c', 'd'];
    const byHash = [...keys].sort((x, y) => {
      const hx = createHash('sha256').update(x).digest('hex');
      const hy = createHash('sha256').update(y).digest('hex');
      return hx < hy ? -1 : 1;
    });
    const shards = assignShards(keys, 2);
    expect(byHash.map((k) => shards.get(k))).toEqual([1, 1, 2, 2]);
  });

  it('gives shard 1 fewer clusters by what loading the others costs it, never under 80 % of a share', () => {
    // m₁ + (M − m₁)·0.02 = (M − m₁)/(N − 1): 2,000 on 8 shards → 219 (an equal share is 250).
    expect(fleetShardSize(2000, 8)).toBe(219);
    expect(fleetShardSize(2000, 1)).toBe(2000);
    expect(fleetShardSize(200, 4)).toBe(48);
    // 2,000 on 32 shards: the formula gives 12, the floor 80 % of 62.5.
    expect(fleetShardSize(2000, 32)).toBe(50);
    expect(fleetShardSize(3, 8)).toBe(1);
    expect(fleetShardSize(0, 4)).toBe(0);
    const keys = Array.from({ length: 2000 }, (_, i) => benchClusterName(i));
    expect(sizes(keys, 8)).toEqual([219, 255, 254, 255, 254, 255, 254, 254]);
  });

  it('names the stem of a cluster file', () => {
    expect(clusterFileStem('clusters/shop.yaml')).toBe('shop');
    expect(clusterFileStem('shop.yaml')).toBe('shop');
  });
});
