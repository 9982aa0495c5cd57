/**
 * `check --shard K/4` on a 200-cluster bench fleet: the four shards together check exactly the
 * clusters, files and scenarios of one `check --full`, and a mistake planted in one cluster
 * fails only the shard that owns it, while the joined result names it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { benchFleetSources } from '../../bench/bench-fleet';
import { loadFleetFromSources } from '../../model/load-fleet';
import { synthesize } from '../../synth/synthesize';
import { checkCli } from '../../review/check';
import { CheckSummary } from '../../review/check-summary';
import { assignShards } from '../../review/shard';

// Five checks of 200 clusters with their policy scenarios, four without: minutes on a busy machine.
jest.setTimeout(60 * 60_000);

const CLUSTERS = 200;
const SHARDS = 4;
let root: string;

function write(rel: string, text: string): void {
  const abs = join(root, rel);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, text);
}

async function check(argv: readonly string[]): Promise<{ code: number; out: string[] }> {
  const out: string[] = [];
  const code = await checkCli(argv, root, {
    out: (l) => out.push(l),
    err: () => undefined,
    env: { CI: 'true' },
    now: () => 0,
  });
  return { code, out };
}

const readSummary = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as CheckSummary;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'shard-check-'));
  const sources = benchFleetSources(CLUSTERS, 1);
  for (const s of sources) write(s.path, s.text);
  for (const [rel, text] of synthesize(loadFleetFromSources(sources).fleet)) write(`dist/${rel}`, text);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('check --shard K/4 on a 200-cluster bench fleet', () => {
  it('the four shards together check exactly the clusters, files and scenarios of check --full', async () => {
    const full = await check(['--full', '--summary-json', 'full.json']);
    expect(full.code).toBe(0);
    const whole = readSummary('full.json');
    expect(whole.clusters).toHaveLength(CLUSTERS);
    expect(whole.scenarios).toBeGreaterThan(CLUSTERS);
    const shards: CheckSummary[] = [];
    for (let k = 1; k <= SHARDS; k++) {
      const r = await check(['--full', '--shard', `${k}/${SHARDS}`, '--summary-json', `s${k}.json`]);
      expect(r.out[r.out.length - 1]).toMatch(new RegExp(`^check shard ${k}/${SHARDS}: passed `));
      expect(r.code).toBe(0);
      shards.push(readSummary(`s${k}.json`));
    }
    const union = (pick: (s: CheckSummary) => readonly string[]) => shards.flatMap(pick).sort();
    expect(union((s) => s.clusters)).toEqual(whole.clusters);
    expect(union((s) => s.clusterFiles)).toEqual(whole.clusterFiles);
    expect(union((s) => s.files)).toEqual(whole.files);
    expect(shards.reduce((n, s) => n + s.scenarios, 0)).toBe(whole.scenarios);
    // Each shard's share is its part of the hash order (shard 1, which also loads the others'
    // clusters, 48; the others 50 or 51); fleet-wide files in shard 1.
    const owner = assignShards(whole.clusters, SHARDS);
    expect(shards.map((s) => s.clusters.length)).toEqual([48, 51, 51, 50]);
    shards.forEach((s, i) => {
      for (const c of s.clusters) expect(owner.get(c)).toBe(i + 1);
    });
    expect(shards[0].files).toContain('fleet/appproject-argocd.yaml');
    for (const s of shards.slice(1))
      expect(s.files.filter((f) => f === 'fleet/appproject-argocd.yaml')).toEqual([]);
    const joined = await check(['--join', 's1.json', 's2.json', 's3.json', 's4.json']);
    expect(joined.code).toBe(0);
    expect(joined.out[joined.out.length - 1]).toMatch(
      new RegExp(
        `^check --join: passed \\(4 shards: 200 clusters, ${whole.files.length} files, ${whole.scenarios} scenarios; load ok in 4 shards;`,
      ),
    );
  });

  it('a mistake planted in one cluster fails only its shard, and the join names it', async () => {
    const victim = 'cluster-0042';
    const file = `clusters/${victim}.yaml`;
    const text = readFileSync(join(root, file), 'utf8');
    write(file, text.replace(/^(\s+)limits: \{ cpu: "[^"]*"/m, '$1limits: { cpu: "lots"'));
    // A stale file in another cluster's folder too: reported by that cluster's shard only.
    const other = 'cluster-0007';
    const values = `dist/${other}/values/karpenter.yaml`;
    const original = readFileSync(join(root, values), 'utf8');
    write(values, `${original}# edited by hand\n`);
    try {
      const owner = assignShards(
        Array.from({ length: CLUSTERS }, (_, i) => `cluster-${String(i + 1).padStart(4, '0')}`),
        SHARDS,
      );
      const codes: number[] = [];
      for (let k = 1; k <= SHARDS; k++) {
        const r = await check([
          '--skip-policies',
          '--shard',
          `${k}/${SHARDS}`,
          '--summary-json',
          `p${k}.json`,
        ]);
        codes.push(r.code);
        const mine = r.out.filter((l) => l.includes(file) || l.includes(values));
        expect(mine.length > 0).toBe(owner.get(victim) === k || owner.get(other) === k);
      }
      expect(codes).toEqual(
        Array.from({ length: SHARDS }, (_, i) =>
          owner.get(victim) === i + 1 || owner.get(other) === i + 1 ? 1 : 0,
        ),
      );
      const joined = await check(['--join', 'p1.json', 'p2.json', 'p3.json', 'p4.json']);
      expect(joined.code).toBe(1);
      expect(joined.out.find((l) => l.startsWith(`${file}:`))).toMatch(/limits.*'lots'/);
      expect(joined.out.find((l) => l.startsWith(`${values}:`))).toMatch(/differs|stale|generated/);
      expect(joined.out[joined.out.length - 1]).toMatch(
        new RegExp(
          `^check --join: FAILED .*load failed in shard ${owner.get(victim)}/4 \\(p${owner.get(victim)}\\.json\\)`,
        ),
      );
    } finally {
      write(file, text);
      write(values, original);
    }
  });
});
