/**
 * `check` synthesizes in memory through the generation cache (review/check-wiring.ts): with it,
 * every run gives exactly what a run without it gives (exit code and every line), on an
 * up-to-date dist/, after a cluster edit that leaves dist/ stale, and per shard, while the kept
 * clusters are taken from the cache.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadFleetFromDir } from '../../io/cli-common';
import { checkCli } from '../../review/check';
import { defaultCheckDeps } from '../../review/check-wiring';
import type { CheckDeps } from '../../review/check-types';
import { synthesizeThroughCache } from '../../synth/cached-synthesize';
import { GenerationCache, generationCache } from '../../synth/generation-cache';
import { runSynth } from '../../synth/synth';
import { synthesizeFiles } from '../../synth/synthesize';
import { DEMO_CLUSTERS_DIR } from '../support/demo-fleet';
import { inThisRealm } from '../support/in-this-realm';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'check-generation-cache-'));
  cpSync(DEMO_CLUSTERS_DIR, join(root, 'clusters'), { recursive: true });
  runSynth(
    { projectRoot: root, clustersDir: join(root, 'clusters'), outDir: join(root, 'dist') },
    { loadFleet: loadFleetFromDir, generationCache: null },
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The real check without cfn-lint and the policy scenarios (neither reads generated files from the cache). */
function deps(synthesize: CheckDeps['synthesize']): CheckDeps {
  const real = defaultCheckDeps(root);
  return {
    loadFleet: real.loadFleet,
    ...(real.listClusterFiles ? { listClusterFiles: real.listClusterFiles } : {}),
    ...(real.synthesizeFleetWide ? { synthesizeFleetWide: real.synthesizeFleetWide } : {}),
    ...(real.validate ? { validate: real.validate } : {}),
    synthesize,
  };
}

async function check(argv: string[], d: CheckDeps) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await checkCli(
    argv,
    root,
    { out: (l) => out.push(l), err: (l) => err.push(l), env: {}, now: () => 0 },
    d,
  );
  // Steps' times vary from run to run.
  return { code, out, err: err.map((l) => l.replace(/\(\d+ ms\)$/, '(… ms)')) };
}

describe('check with the generation cache', () => {
  it('gives what check without it gives, up to date, stale and per shard, taking kept clusters', async () => {
    const kept = generationCache(join(root, '.cache'), 'check test build');
    let hits = 0;
    const cache: GenerationCache = {
      get: (key) => {
        const r = kept.get(key);
        if (r) hits++;
        return r && inThisRealm(r);
      },
      set: (key, record) => kept.set(key, record),
    };
    const plain = deps((fleet) => synthesizeFiles(fleet));
    const cached = deps((fleet) => synthesizeThroughCache(fleet, cache));
    const both = async (argv: string[], runs = 1) => {
      const expected = await check(argv, plain);
      for (let run = 0; run < runs; run++)
        expect({ argv, run, ...(await check(argv, cached)) }).toEqual({ argv, run, ...expected });
      return expected;
    };
    expect((await both([], 2)).code).toBe(0);
    expect(hits).toBe(4);
    for (const shard of ['1/2', '2/2']) expect((await both(['--shard', shard])).code).toBe(0);
    // One cluster edited: its files in dist/ are stale, the others still come from the cache.
    const file = join(root, 'clusters', 'ticketing.yaml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('  team: ticketing\n', '  team: ticketing\n  extra: "1"\n'),
    );
    const before = hits;
    const stale = await both([]);
    expect(stale.code).toBe(1);
    expect(stale.out.some((l) => l.startsWith('dist/ticketing/'))).toBe(true);
    expect(hits - before).toBe(3);
  });
});
