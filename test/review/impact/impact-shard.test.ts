/**
 * `impact --shard K/N`: each shard reports the clusters `check --shard K/N` gives it, and the
 * shards' reports together hold every cluster of the whole report exactly once.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { benchClusterName, benchFleetSources } from '../../../bench/bench-fleet';
import { FleetSource, loadFleetFromSources } from '../../../model/load-fleet';
import { runImpact } from '../../../review/impact/impact';
import { assignShards } from '../../../review/shard';
import { synthesize } from '../../../synth/synthesize';

const CLUSTERS = 12;
const SHARDS = 3;
const NAMES = Array.from({ length: CLUSTERS }, (_, i) => benchClusterName(i));
let root: string;

function writeTree(dir: string, files: Iterable<readonly [string, string]>): void {
  for (const [rel, text] of files) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
}

const asEntries = (sources: readonly FleetSource[]) => sources.map((s) => [s.path, s.text] as const);

interface Report {
  readonly clusters: readonly { readonly name: string }[];
}

function impact(shard?: number, positional = ['old/dist', 'new/dist']): Report {
  const text = runImpact(
    {
      dist: 'dist',
      positional,
      format: 'json',
      ...(shard !== undefined ? { shard: { index: shard, count: SHARDS } } : {}),
    },
    root,
  );
  return JSON.parse(text) as Report;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'impact-shard-'));
  const before = benchFleetSources(CLUSTERS, 1);
  // A fleet-wide edit: every cluster's node classes get another tag.
  const after = before.map((s) =>
    s.path.endsWith('_defaults.yaml') ? { ...s, text: s.text.replace('"4200"', '"4300"') } : s,
  );
  writeTree(join(root, 'old', 'dist'), synthesize(loadFleetFromSources(before).fleet));
  writeTree(join(root, 'new', 'dist'), synthesize(loadFleetFromSources(after).fleet));
  writeTree(join(root, 'new'), asEntries(after));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('impact --shard K/N', () => {
  it('reports each cluster in the shard check gives it; together, the whole report', () => {
    const whole = impact();
    expect(whole.clusters.map((c) => c.name).sort()).toEqual(NAMES);
    const owner = assignShards(NAMES, SHARDS);
    const parts = [1, 2, 3].map((k) => impact(k));
    parts.forEach((p, i) =>
      expect(p.clusters.map((c) => c.name).sort()).toEqual(NAMES.filter((n) => owner.get(n) === i + 1)),
    );
    const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : 1);
    expect(parts.flatMap((p) => p.clusters).sort(byName)).toEqual([...whole.clusters].sort(byName));
  });

  it('without a clusters/ folder next to the new tree, cuts the cluster folders of the two trees', () => {
    const positional = ['old/dist', 'new/dist'];
    rmSync(join(root, 'new', 'clusters'), { recursive: true, force: true });
    try {
      const owner = assignShards(NAMES, SHARDS);
      for (const k of [1, 2, 3])
        expect(
          impact(k, positional)
            .clusters.map((c) => c.name)
            .sort(),
        ).toEqual(NAMES.filter((n) => owner.get(n) === k));
    } finally {
      writeTree(join(root, 'new'), asEntries(benchFleetSources(CLUSTERS, 1)));
    }
  });
});
