/**
 * The fleet load cache never changes a run: a seeded sequence of edits of the demo fleet (the
 * fuzz harness' cases: broken YAML, wrong types, secrets, hostile names, `_defaults.yaml`
 * edits, added and removed files, and the accepted variants, one after another, so earlier
 * edits are undone and unchanged files come from the cache), and after each one `synth` with
 * the caches (the fleet load cache and each cluster folder's validation findings) gives exactly
 * what a run that reads no cache gives: the same outcome, the same messages (file:line
 * included) and warnings, and a byte-identical dist/; and a load of the unchanged fleet right
 * after (every file and the findings across clusters from the cache) gives what a load without
 * the cache gives.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClusterLoadCache } from '../../model/load-fleet';
import { fleetLoadCache } from '../../io/fleet-load-cache';
import { synthOnce } from '../support/synth-once';
import { loadFleet } from '../../io/read-fleet';
import { formatDiagnostic, UserError } from '../../model';
import { inThisRealm } from '../support/in-this-realm';
import { counting as countingStore } from '../support/counting-store';
import { clusterFindingsCache } from '../../validation/cluster-findings-cache';
import { exampleFleetRoot, readExampleFleet } from '../reliability/example-fleet';
import { deriveCases, FuzzCase } from '../reliability/mutators';
import { createPrng } from '../reliability/prng';

const SEEDS = [11, 12];
const STEPS = 9;

function writeFleet(root: string, c: FuzzCase): void {
  const dir = join(root, 'clusters');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const f of c.files) writeFileSync(join(root, f.path), f.content);
}

/** What loading the fleet of `root` gives: the fleet and its warnings, or the messages of its errors. */
function loaded(root: string, cache: ClusterLoadCache | null): unknown {
  try {
    const { fleet, warnings } = loadFleet(root, { cache });
    return { fleet: JSON.stringify(fleet), warnings: warnings.map(formatDiagnostic) };
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    return { errors: e.diagnostics.map(formatDiagnostic) };
  }
}

describe.each(SEEDS)('seed %i', (seed) => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'fleet-cache-property-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('cached and uncached synth agree after every edit, and the cache is used', () => {
    const prng = createPrng(seed);
    const cases = deriveCases(readExampleFleet(exampleFleetRoot()), seed).filter((c) => !c.isolate);
    const accepted = cases.filter((c) => c.expect !== 'reject');
    const rejected = cases.filter((c) => c.expect === 'reject');
    const root = join(work, 'project');
    let hits = 0;
    let sets = 0;
    const kept = fleetLoadCache(join(work, 'cache'), 'property test build');
    const across = countingStore(kept.acrossClusters, inThisRealm);
    const counting: ClusterLoadCache = {
      get: (key) => {
        const r = kept.get(key);
        if (r) hits++;
        return r;
      },
      set: (key, record) => {
        sets++;
        kept.set(key, record);
      },
      ...(kept.defaultsPassed ? { defaultsPassed: kept.defaultsPassed } : {}),
      ...(kept.recordDefaultsPassed ? { recordDefaultsPassed: kept.recordDefaultsPassed } : {}),
      acrossClusters: across,
    };
    const findings = countingStore(clusterFindingsCache(join(work, 'findings'), 'property test build'));
    let failed = 0;
    for (let step = 0; step < STEPS; step++) {
      const c = prng.pick(step % 3 === 1 ? rejected : accepted);
      writeFleet(root, c);
      const runs = prng.next() < 0.5 ? (['cached', 'plain'] as const) : (['plain', 'cached'] as const);
      const shown: Record<string, string[]> = {};
      for (const which of runs)
        shown[which] = synthOnce(
          root,
          join(work, `dist-${which}`),
          which === 'cached' ? { load: counting, findings } : undefined,
        );
      expect({ case: c.id, shown: shown.cached }).toEqual({ case: c.id, shown: shown.plain });
      // The unchanged fleet again: every file (and the checks across clusters) from the cache.
      expect({ case: c.id, load: loaded(root, counting) }).toEqual({ case: c.id, load: loaded(root, null) });
      if (shown.plain[0] === 'failed') failed++;
    }
    // Not a sequence that proves nothing: records were kept and used, and some runs failed.
    expect(sets).toBeGreaterThan(0);
    expect(hits).toBeGreaterThan(0);
    expect(across.hits).toBeGreaterThan(0);
    expect(findings.hits).toBeGreaterThan(0);
    expect(failed).toBeGreaterThan(0);
    expect(readdirSync(join(work, 'cache')).length).toBe(kept.written);
  });
});
