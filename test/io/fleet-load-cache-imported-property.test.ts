/**
 * The caches on a repository that imported a Karpenter version (the 1.99.0 all-kinds chart,
 * test/support/chart-fixtures.ts, with pass-through fields in cluster files and in
 * `_defaults.yaml`): a seeded sequence of fleets, and after each one `synth` with the caches gives
 * exactly what a run that reads no cache gives (outcome, messages with file:line, warnings,
 * carry-over lines, a byte-identical dist/), while records of clusters on the imported version
 * are kept and used. The imports are read afresh for every run, as every process reads them, so
 * a used record is linked to a registry object it was not made with. And the keys: one byte of
 * one import file changed misses every record.
 */
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClusterLoadCache, ClusterLoadRecord } from '../../model/load-fleet';
import { linkedRecord } from '../../model/check/cluster-load-record';
import { NO_REPOSITORY_IMPORTS } from '../../model/shared/imported-versions';
import { loadFleet } from '../../io/read-fleet';
import { fleetLoadCache } from '../../io/fleet-load-cache';
import { clearRepositoryImportsCache, readRepositoryImports } from '../../io/repository-imports';
import { runImport } from '../../codegen/import/import-command';
import { synthOnce } from '../support/synth-once';
import { counting as countingStore } from '../support/counting-store';
import { clusterFindingsCache } from '../../validation/cluster-findings-cache';
import { ADDED_PER_KIND, build199AllKindsArchive } from '../support/chart-fixtures';
import { DEFAULTS } from '../support/fleet-files';
import {
  IMPORTED_DEFAULTS_WITH,
  IMPORTED_OTHER,
  IMPORTED_CLUSTER as CLUSTER,
} from '../support/imported-repo';
import { createPrng } from '../reliability/prng';
import { inThisRealm } from '../support/in-this-realm';

const SEEDS = [21, 22];
const STEPS = 10;

const POOL_PRIORITY = (n: number) => `    ${ADDED_PER_KIND.poolSpecField}: ${n}\n`;

/** Fleets on the imported 1.99.0 (and 1.14.1 beside it): valid ones and ones with errors. */
const FLEETS: readonly Readonly<Record<string, string>>[] = [
  { '_defaults.yaml': IMPORTED_DEFAULTS_WITH('enabled', 3), 'shop.yaml': CLUSTER('1.99.0', '') },
  {
    '_defaults.yaml': IMPORTED_DEFAULTS_WITH('enabled', 3),
    'shop.yaml': CLUSTER('1.99.0', ''),
    'other.yaml': IMPORTED_OTHER('1.99.0'),
  },
  {
    '_defaults.yaml': IMPORTED_DEFAULTS_WITH('enabled', 4),
    'shop.yaml': CLUSTER('1.99.0', POOL_PRIORITY(5)),
  },
  { '_defaults.yaml': IMPORTED_DEFAULTS_WITH('sometimes', 11), 'shop.yaml': CLUSTER('1.99.0', '') },
  {
    '_defaults.yaml': IMPORTED_DEFAULTS_WITH('enabled', 3),
    'shop.yaml': CLUSTER('1.99.0', ''),
    'other.yaml': IMPORTED_OTHER('1.14.1'),
  },
  {
    '_defaults.yaml': DEFAULTS,
    'shop.yaml': CLUSTER('1.99.0', POOL_PRIORITY(4)),
    'other.yaml': IMPORTED_OTHER('1.14.1'),
  },
  { '_defaults.yaml': DEFAULTS, 'shop.yaml': CLUSTER('1.99.0', POOL_PRIORITY(42)) },
];

let repo = '';
let work = '';
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'fleet-cache-imported-'));
  repo = join(work, 'repo');
  mkdirSync(repo);
  const chart = join(work, 'chart');
  mkdirSync(chart);
  await runImport([build199AllKindsArchive(chart)], repo, {});
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function writeFleet(files: Readonly<Record<string, string>>): void {
  rmSync(join(repo, 'clusters'), { recursive: true, force: true });
  mkdirSync(join(repo, 'clusters'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(repo, 'clusters', name), text);
}

/** A fleet load cache in `dir` that counts what it gave back and kept. */
function counting(dir: string) {
  const kept = fleetLoadCache(dir, 'imported property test build');
  const counts = { hits: 0, importedHits: 0, sets: 0, importedSets: 0 };
  const across = countingStore(kept.acrossClusters, inThisRealm);
  const cache: ClusterLoadCache = {
    get: (key) => {
      const found = kept.get(key);
      const r = found && inThisRealm(found);
      if (r) counts.hits++;
      if (r?.imported !== undefined) counts.importedHits++;
      return r;
    },
    set: (key, record) => {
      counts.sets++;
      if (record.imported !== undefined) counts.importedSets++;
      kept.set(key, record);
    },
    ...(kept.defaultsPassed ? { defaultsPassed: kept.defaultsPassed } : {}),
    ...(kept.recordDefaultsPassed ? { recordDefaultsPassed: kept.recordDefaultsPassed } : {}),
    acrossClusters: across,
  };
  return { cache, counts, kept };
}

describe.each(SEEDS)('seed %i on an imported version', (seed) => {
  it('cached and uncached synth agree after every change, and records on the imported version are used', () => {
    const prng = createPrng(seed);
    const base = join(work, `seed-${seed}`);
    const { cache, counts, kept } = counting(join(base, 'cache'));
    const findings = countingStore(
      clusterFindingsCache(join(base, 'findings'), 'imported property test build'),
    );
    const outcomes = new Set<string>();
    for (let step = 0; step < STEPS; step++) {
      const i = step < 2 ? step : Math.floor(prng.next() * FLEETS.length);
      writeFleet(FLEETS[i]);
      const runs = prng.next() < 0.5 ? (['cached', 'plain'] as const) : (['plain', 'cached'] as const);
      const shown: Record<string, string[]> = {};
      for (const which of runs)
        shown[which] = synthOnce(
          repo,
          join(base, `dist-${which}`),
          which === 'cached' ? { load: cache, findings } : undefined,
        );
      expect({ fleet: i, shown: shown.cached }).toEqual({ fleet: i, shown: shown.plain });
      outcomes.add(shown.plain[0] === 'failed' ? 'failed' : 'ok');
    }
    // Not a sequence that proves nothing: imported records were kept and used, findings too, and
    // some runs failed while others wrote dist/.
    expect(counts.importedSets).toBeGreaterThan(0);
    expect(counts.importedHits).toBeGreaterThan(0);
    expect(findings.hits).toBeGreaterThan(0);
    expect([...outcomes].sort()).toEqual(['failed', 'ok']);
    expect(readdirSync(join(base, 'cache')).length).toBe(kept.written);
  });
});

describe('records on an imported version', () => {
  it('link to the registry the run read, and miss after one byte of one import file changed', () => {
    writeFleet(FLEETS[1]);
    const { cache, counts } = counting(join(work, 'relink-cache'));
    clearRepositoryImportsCache();
    const first = loadFleet(repo, { cache });
    expect(counts.sets).toBe(2);
    expect(counts.importedSets).toBe(2);
    clearRepositoryImportsCache();
    const registry = readRepositoryImports(repo).karpenter.get('1.99.0');
    const again = loadFleet(repo, { cache });
    expect(counts.importedHits).toBe(2);
    expect(again.fleet.clusters.map((c) => c.karpenter.imported)).toEqual([registry, registry]);
    expect(again.fleet.clusters[0].karpenter.imported).toBe(registry);
    expect(first.fleet.clusters[0].karpenter.imported).not.toBe(registry);
    expect(again.fleet).toEqual(first.fleet);
    // One byte appended to one file of the import folder: every key changes.
    appendFileSync(join(repo, 'karpenter-imports', 'karpenter-v1.99.0', 'catalog.js'), '\n');
    clearRepositoryImportsCache();
    loadFleet(repo, { cache });
    expect(counts.hits).toBe(2);
    expect(counts.sets).toBe(4);
    clearRepositoryImportsCache();
  });

  it('are linked to the version in the registry, and not used where the registry lacks it', () => {
    const record = {
      merged: false,
      freeText: [],
      reports: [],
      secrets: [],
      entry: { name: 'shop', model: { name: 'shop', karpenter: { version: '1.99.0', imported: '1.99.0' } } },
      imported: '1.99.0',
    } as unknown as ClusterLoadRecord;
    clearRepositoryImportsCache();
    const imports = readRepositoryImports(repo);
    const linked = linkedRecord(record, imports);
    expect(linked?.entry.model?.karpenter.imported).toBe(imports.karpenter.get('1.99.0'));
    expect(linked).not.toHaveProperty('imported');
    expect(linkedRecord(record, NO_REPOSITORY_IMPORTS)).toBeUndefined();
    const other = { ...record, imported: '1.98.0' } as ClusterLoadRecord;
    expect(linkedRecord(other, imports)).toBeUndefined();
  });
});
