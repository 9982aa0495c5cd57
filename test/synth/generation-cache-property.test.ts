/**
 * The generation cache never changes a run: seeded sequences of edits, and after each one `synth`
 * with every cache (the fleet load cache, the validation findings, each cluster's generated
 * files) gives exactly what a run that reads no cache gives: the same outcome, the same messages
 * (file:line included), warnings and carry-over lines, and a byte-identical dist/; and the
 * generation cache was used. Three kinds of sequences: the fuzz harness' cases of the demo fleet
 * (broken YAML, wrong types, secrets, `_defaults.yaml` edits, added and removed files), edits that
 * build on each other (`_defaults.yaml`, clusters added and removed, the fleet-wide files of
 * dist/fleet/, an AppProject taken by two clusters), and a repository on an imported version.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClusterLoadCache } from '../../model/load-fleet';
import { fleetLoadCache } from '../../io/fleet-load-cache';
import { runImport } from '../../codegen/import/import-command';
import { generationCache, GenerationCache } from '../../synth/generation-cache';
import { clusterFindingsCache } from '../../validation/cluster-findings-cache';
import { synthOnce, SynthCaches } from '../support/synth-once';
import { inThisRealm } from '../support/in-this-realm';
import { counting } from '../support/counting-store';
import { DEMO_CLUSTERS_DIR } from '../support/demo-fleet';
import { build199AllKindsArchive } from '../support/chart-fixtures';
import { DEFAULTS } from '../support/fleet-files';
import { IMPORTED_CLUSTER, IMPORTED_DEFAULTS_WITH, IMPORTED_OTHER } from '../support/imported-repo';
import { exampleFleetRoot, readExampleFleet } from '../reliability/example-fleet';
import { deriveCases } from '../reliability/mutators';
import { createPrng } from '../reliability/prng';

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'generation-cache-property-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Files = Readonly<Record<string, string | Uint8Array>>;

function writeFleet(root: string, files: Files): void {
  rmSync(join(root, 'clusters'), { recursive: true, force: true });
  mkdirSync(join(root, 'clusters'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'clusters', name), text);
}

/** Every cache in `dir`, read back in this realm (one process has one), counting the generation cache's use. */
function allCaches(dir: string): {
  caches: SynthCaches;
  counts: { hits: number; sets: number; hitClusters: Set<string> };
} {
  const load = fleetLoadCache(join(dir, 'fleet'), 'property test build');
  const findings = clusterFindingsCache(join(dir, 'validation'), 'property test build');
  const generated = generationCache(join(dir, 'generated'), 'property test build');
  const counts = { hits: 0, sets: 0, hitClusters: new Set<string>() };
  const loadCache: ClusterLoadCache = {
    get: (key) => {
      const r = load.get(key);
      return r && inThisRealm(r);
    },
    set: (key, record) => load.set(key, record),
    ...(load.defaultsPassed ? { defaultsPassed: load.defaultsPassed } : {}),
    ...(load.recordDefaultsPassed ? { recordDefaultsPassed: load.recordDefaultsPassed } : {}),
    // Read back in this realm (counted nowhere: the generation cache's use is what this test counts).
    acrossClusters: counting(load.acrossClusters, inThisRealm),
  };
  const generatedCache: GenerationCache = {
    get: (key) => {
      const r = generated.get(key);
      if (r) counts.hits++;
      if (r) counts.hitClusters.add(r.cluster);
      return r && inThisRealm(r);
    },
    set: (key, record) => {
      counts.sets++;
      generated.set(key, record);
    },
  };
  return { caches: { load: loadCache, findings, generated: generatedCache }, counts };
}

/** Runs `synth` of each fleet with and without the caches, in a seeded order, and compares them. */
function agreeAfterEach(root: string, fleets: readonly Files[], seed: number, label: string) {
  const prng = createPrng(seed);
  const { caches, counts } = allCaches(join(work, `${label}-cache`));
  const outcomes = new Set<string>();
  fleets.forEach((files, step) => {
    writeFleet(root, files);
    const runs = prng.next() < 0.5 ? (['cached', 'plain'] as const) : (['plain', 'cached'] as const);
    const shown: Record<string, string[]> = {};
    for (const which of runs)
      shown[which] = synthOnce(
        root,
        join(work, `${label}-dist-${which}`),
        which === 'cached' ? caches : undefined,
      );
    expect({ step, shown: shown.cached }).toEqual({ step, shown: shown.plain });
    outcomes.add(shown.plain[0] === 'failed' ? 'failed' : 'ok');
    console.log(label, step, shown.plain.slice(0, 3).join(' / ').slice(0, 300), JSON.stringify(counts));
  });
  return { counts, outcomes };
}

const demoFiles: Readonly<Record<string, string>> = Object.fromEntries(
  readdirSync(DEMO_CLUSTERS_DIR).map((n) => [n, readFileSync(join(DEMO_CLUSTERS_DIR, n), 'utf8')]),
);

/** Edits that build on each other; one whose text is gone (an earlier edit) changes nothing. */
const EDITS: readonly ((f: Record<string, string>) => void)[] = [
  (f) => (f['_defaults.yaml'] = f['_defaults.yaml'].replace('cost-center: "4200"', 'cost-center: "4201"')),
  (f) =>
    (f['_defaults.yaml'] = f['_defaults.yaml'].replace('argocdNamespace: argocd', 'argocdNamespace: gitops')),
  (f) => delete f['training.yaml'],
  (f) => (f['edge2.yaml'] = f['edge.yaml'].replace('name: edge-us-east-1', 'name: edge2-us-east-1')),
  (f) => (f['edge.yaml'] = f['edge.yaml'].replace('team: edge', 'team: edge-ops')),
  (f) => (f['edge.yaml'] = f['edge.yaml'].replace('  fleetEntry: applicationset\n', '')),
  (f) => Object.assign(f, demoFiles),
];

/** Mistakes made in one step only (the next step starts from the state before them). */
const MISTAKES: readonly ((f: Record<string, string>) => void)[] = [
  // Two clusters in one AppProject: refused by the Argo CD generator, across clusters.
  (f) => (f['edge.yaml'] = f['edge.yaml'].replace('gitops:\n', 'gitops:\n  project: ticketing\n')),
  (f) => (f['ticketing.yaml'] = `${f['ticketing.yaml']}\n  : broken: [\n`),
];

/**
 * agreeAfterEach over `fleets` (in `seed`'s order) in the folder `label` of the work folder: the cache kept clusters
 * and gave them back, and some fleets failed while others synthesized.
 */
function agreeingWithKeptAndFailed(seed: number, label: string, fleets: readonly Files[]): void {
  const { counts, outcomes } = agreeAfterEach(join(work, label), fleets, seed, label);
  expect(counts.sets).toBeGreaterThan(0);
  expect(counts.hits).toBeGreaterThan(0);
  expect([...outcomes].sort()).toEqual(['failed', 'ok']);
}

describe.each([31, 32])('seed %i', (seed) => {
  it('after the fuzz harness cases, cached and uncached synth agree and kept clusters are used', () => {
    const prng = createPrng(seed);
    const cases = deriveCases(readExampleFleet(exampleFleetRoot()), seed).filter((c) => !c.isolate);
    const accepted = cases.filter((c) => c.expect !== 'reject');
    const rejected = cases.filter((c) => c.expect === 'reject');
    const fleets = Array.from({ length: 7 }, (_, step) => {
      const c = prng.pick(step % 3 === 1 ? rejected : accepted);
      return Object.fromEntries(c.files.map((f) => [f.path.replace(/^.*\//, ''), f.content]));
    });
    agreeingWithKeptAndFailed(seed, `fuzz-${seed}`, fleets);
  });

  it('after edits that build on each other, cached and uncached synth agree and kept clusters are used', () => {
    const prng = createPrng(seed);
    const state: Record<string, string> = { ...demoFiles };
    const fleets: Files[] = [{ ...state }];
    for (let step = 0; step < 12; step++) {
      prng.pick(EDITS)(state);
      const fleet = { ...state };
      if (step % 3 === 2) prng.pick(MISTAKES)(fleet);
      fleets.push(fleet);
    }
    agreeingWithKeptAndFailed(seed, `edits-${seed}`, fleets);
  });
});

describe('on an imported version', () => {
  let repo = '';
  beforeAll(async () => {
    repo = join(work, 'imported');
    mkdirSync(repo);
    const chart = join(work, 'chart');
    mkdirSync(chart);
    await runImport([build199AllKindsArchive(chart)], repo, {});
  });

  it('cached and uncached synth agree after every change, and clusters on it are kept and used', () => {
    const FLEETS: readonly Files[] = [
      { '_defaults.yaml': IMPORTED_DEFAULTS_WITH('enabled', 3), 'shop.yaml': IMPORTED_CLUSTER('1.99.0', '') },
      {
        '_defaults.yaml': IMPORTED_DEFAULTS_WITH('enabled', 3),
        'shop.yaml': IMPORTED_CLUSTER('1.99.0', ''),
        'other.yaml': IMPORTED_OTHER('1.99.0'),
      },
      {
        '_defaults.yaml': IMPORTED_DEFAULTS_WITH('enabled', 4),
        'shop.yaml': IMPORTED_CLUSTER('1.99.0', ''),
        'other.yaml': IMPORTED_OTHER('1.14.1'),
      },
      {
        '_defaults.yaml': DEFAULTS,
        'shop.yaml': IMPORTED_CLUSTER('1.99.0', ''),
        'other.yaml': IMPORTED_OTHER('1.14.1'),
      },
    ];
    const prng = createPrng(41);
    const fleets = [...FLEETS, ...Array.from({ length: 5 }, () => prng.pick(FLEETS))];
    const { counts, outcomes } = agreeAfterEach(repo, fleets, 41, 'imported');
    expect(counts.sets).toBeGreaterThan(0);
    // shop is on 1.99.0 in every fleet.
    expect(counts.hitClusters.has('shop')).toBe(true);
    expect(outcomes.has('ok')).toBe(true);
  });
});
