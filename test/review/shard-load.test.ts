/**
 * The load step of `check --shard K/N` (review/shard-steps.ts) on a real fleet folder: shards
 * 2…N read only `_defaults.yaml` and their own cluster files, and shard 1, which loads every
 * file, alone reports the checks across clusters.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { benchClusterName, benchFleetSources } from '../../bench/bench-fleet';
import { defaultCheckDeps } from '../../review/check-wiring';
import type { CheckDeps } from '../../review/check-types';
import { assignShards } from '../../review/shard';
import { loadShard } from '../../review/shard-steps';

const CLUSTERS = 12;
const SHARDS = 3;
const NAMES = Array.from({ length: CLUSTERS }, (_, i) => benchClusterName(i));
const OWNER = assignShards(NAMES, SHARDS);
const inShard = (k: number) => NAMES.filter((n) => OWNER.get(n) === k);
let root: string;

function write(rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

/** The real loader, recording which files each load was limited to. */
function recordingDeps(): { deps: CheckDeps; only: (ReadonlySet<string> | undefined)[] } {
  const real = defaultCheckDeps(root);
  const only: (ReadonlySet<string> | undefined)[] = [];
  return {
    only,
    deps: {
      ...real,
      loadFleet: (r, part) => {
        only.push(part?.only);
        return real.loadFleet(r, part);
      },
    },
  };
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'shard-load-'));
  for (const s of benchFleetSources(CLUSTERS, 1)) write(s.path, s.text);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('loadShard on a fleet folder', () => {
  it('shards 2…N load only their own cluster files; shard 1 the whole fleet', () => {
    for (let k = 1; k <= SHARDS; k++) {
      const { deps, only } = recordingDeps();
      const load = loadShard(root, deps, { index: k, count: SHARDS });
      expect(load.status).toBe('ok');
      expect(load.fleet?.clusters.map((c) => c.name)).toEqual(inShard(k));
      expect(load.clusterFiles).toEqual(inShard(k).map((n) => `clusters/${n}.yaml`));
      expect(only).toEqual([k === 1 ? undefined : new Set(inShard(k).map((n) => `clusters/${n}.yaml`))]);
      expect(load.whole?.clusters.length ?? 0).toBe(k === 1 ? CLUSTERS : 0);
      expect(load.summary).toBe(
        `${inShard(k).length} clusters of ${CLUSTERS} (shard ${k}/${SHARDS}), ${inShard(k).length} node pools`,
      );
    }
  });

  it('a broken cluster file fails only its own shard (shards 2…N never read it)', () => {
    const broken = inShard(3)[0];
    write(`clusters/${broken}.yaml`, 'aws: [unclosed\n');
    const statuses = [1, 2, 3].map((k) =>
      loadShard(root, defaultCheckDeps(root), { index: k, count: SHARDS }),
    );
    expect(statuses.map((s) => s.status)).toEqual(['ok', 'ok', 'failed']);
    expect(statuses[2].findings.map((d) => d.file)).toEqual([`clusters/${broken}.yaml`]);
    expect(statuses[2].findings[0]).toMatchObject({
      line: 2,
      message: 'YAML syntax error: bad indentation or an unclosed bracket',
    });
    expect(statuses[1].findings).toEqual([]);
    // Shard 1 read it (its whole fleet did not load) and leaves the finding to shard 3.
    expect(statuses[0].findings).toEqual([]);
    expect(statuses[0].whole).toBeUndefined();
  });

  it('a finding across clusters (one Argo CD destination for two clusters) comes from shard 1 only', () => {
    const [a] = inShard(2);
    const [b] = inShard(3);
    const file = `clusters/${b}.yaml`;
    write(file, readFileSync(join(root, file), 'utf8').replace(`    name: ${b}\n`, `    name: ${a}\n`));
    const loads = [1, 2, 3].map((k) => loadShard(root, defaultCheckDeps(root), { index: k, count: SHARDS }));
    expect(loads.map((s) => s.status)).toEqual(['failed', 'ok', 'ok']);
    expect(loads[0].findings).toHaveLength(1);
    expect(loads[0].findings[0]).toMatchObject({
      severity: 'error',
      path: 'gitops.destination',
    });
    expect([`clusters/${a}.yaml`, file]).toContain(loads[0].findings[0].file);
    expect(loads[0].findings[0].message).toMatch(
      /^Argo CD destination .* is also used by clusters\/.*\.yaml:\d+:\d+$/,
    );
    expect(loads[1].findings).toEqual([]);
    expect(loads[2].findings).toEqual([]);
  });

  it('a cluster named apart from its file is its file’s shard’s, and so is its dist/ folder', () => {
    const [renamed] = inShard(2);
    const file = `clusters/${renamed}.yaml`;
    write(file, `name: shop-prod\n${readFileSync(join(root, file), 'utf8')}`);
    const loads = [1, 2, 3].map((k) => loadShard(root, defaultCheckDeps(root), { index: k, count: SHARDS }));
    expect(loads.map((s) => s.status)).toEqual(['ok', 'ok', 'ok']);
    expect(loads[1].fleet?.clusters.map((c) => c.name)).toContain('shop-prod');
    expect(loads.map((s) => s.scope.ownsDist('shop-prod/values/karpenter.yaml'))).toEqual([
      false,
      true,
      false,
    ]);
    expect(loads.map((s) => s.scope.ownsDist(`${renamed}/values/karpenter.yaml`))).toEqual([
      true,
      false,
      false,
    ]);
  });
});
