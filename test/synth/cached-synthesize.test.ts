import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import {
  clusterOfDistPath,
  ClusterModel,
  FleetModel,
  fleetWidePath,
  formatDiagnostic,
  GeneratedFiles,
  textsOf,
  UserError,
  valuesOf,
} from '../../model';
import { loadFleet } from '../../io/read-fleet';
import { synthesizeThroughCache } from '../../synth/cached-synthesize';
import { GenerationCache, generationCache } from '../../synth/generation-cache';
import { FLEET_WIDE_GENERATORS, GENERATORS, NamedGenerator } from '../../synth/generators';
import { synthesizeFiles } from '../../synth/synthesize';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';
import { inThisRealm } from '../support/in-this-realm';
import { counting } from '../support/counting-store';
import { folderPerTest } from '../support/temp-folder';

let work: string;
folderPerTest('cached-synthesize-', (dir) => (work = dir));

const demo: FleetModel = loadFleet(DEMO_FLEET_ROOT, { cache: null }).fleet;
const whole = synthesizeFiles(demo);

/** The real store in the test's folder, read back in this realm, counting what it gave and kept. */
function counted(): GenerationCache & { hits: number; sets: number } {
  return counting(generationCache(join(work, 'cache'), 'test build'), inThisRealm);
}

/** GENERATORS that note which clusters each part was given. */
function spied(calls: string[]): NamedGenerator[] {
  const note = (what: string, f: FleetModel) =>
    calls.push(`${what} ${f.clusters.map((c) => c.name).join(',')}`);
  return GENERATORS.map((g) => {
    const fleetWide = g.fleetWide;
    return {
      name: g.name,
      generate: (f: FleetModel) => (note(g.name, f), g.generate(f)),
      ...(fleetWide ? { fleetWide: (f: FleetModel) => (note(`${g.name} fleet-wide`, f), fleetWide(f)) } : {}),
    };
  });
}

/** Texts and values, as the pipeline passes them on. */
const shown = (files: GeneratedFiles) => ({ texts: [...textsOf(files)], values: [...valuesOf(files)] });

/** `fleet` with cluster `name`'s model changed by `edit` (a deep copy). */
function withEdit(fleet: FleetModel, name: string, edit: (c: Record<string, unknown>) => void): FleetModel {
  return {
    clusters: fleet.clusters.map((c) => {
      if (c.name !== name) return c;
      const copy = inThisRealm(deserialize(serialize(c)) as ClusterModel);
      edit(copy as unknown as Record<string, unknown>);
      return copy;
    }),
  };
}

describe('synthesizeThroughCache', () => {
  it('gives what generating everything gives, then takes every cluster from the cache', () => {
    const cache = counted();
    expect(shown(synthesizeThroughCache(demo, cache))).toEqual(shown(whole));
    expect(cache.sets).toBe(demo.clusters.length);
    const calls: string[] = [];
    const again = synthesizeThroughCache(demo, cache, spied(calls));
    expect(cache.hits).toBe(demo.clusters.length);
    expect(cache.sets).toBe(demo.clusters.length);
    // Only the fleet-wide part ran, over the whole fleet; byte for byte the same files and values.
    expect(calls).toEqual([`argocd fleet-wide ${demo.clusters.map((c) => c.name).join(',')}`]);
    expect(shown(again)).toEqual(shown(whole));
    expect([...again.keys()]).toEqual([...whole.keys()]);
  });

  it('generates only a changed cluster, as a fleet of its own, and keeps it', () => {
    const cache = counted();
    synthesizeThroughCache(demo, cache);
    const changed = withEdit(
      demo,
      'ticketing',
      (c) => (c.tags = { ...(c.tags as object), team: 'payments' }),
    );
    const calls: string[] = [];
    const files = synthesizeThroughCache(changed, cache, spied(calls));
    expect(calls).toEqual([
      'karpenter ticketing',
      'helm-values ticketing',
      'aws-side ticketing',
      'cluster-base ticketing',
      `argocd fleet-wide ${demo.clusters.map((c) => c.name).join(',')}`,
      'argocd ticketing',
    ]);
    expect(shown(files)).toEqual(shown(synthesizeFiles(changed)));
    expect(textsOf(files)).not.toEqual(textsOf(whole));
    expect(cache.sets).toBe(demo.clusters.length + 1);
  });

  it('reports the checks across clusters for the whole fleet, exactly, and keeps nothing', () => {
    const cache = counted();
    synthesizeThroughCache(demo, cache);
    const [first, second] = demo.clusters;
    // A changed cluster takes a kept cluster's AppProject in the same Argo CD namespace.
    const clash = withEdit(demo, second.name, (c) => {
      c.gitops = {
        ...(c.gitops as object),
        project: first.gitops.project,
        argocdNamespace: first.gitops.argocdNamespace,
      };
    });
    const thrown = (run: () => unknown) => {
      try {
        run();
      } catch (e) {
        if (e instanceof UserError) return e.diagnostics.map(formatDiagnostic);
        throw e;
      }
      return [];
    };
    const expected = thrown(() => synthesizeFiles(clash));
    expect(expected.join('\n')).toContain(`is already used by cluster ${first.name}`);
    const sets = cache.sets;
    expect(thrown(() => synthesizeThroughCache(clash, cache))).toEqual(expected);
    expect(cache.sets).toBe(sets);
  });

  it('refuses, as a bug, a generator without a fleet-wide part that writes a file of no cluster it was given', () => {
    const cache = counted();
    synthesizeThroughCache(demo, cache);
    const stray: NamedGenerator = {
      name: 'stray',
      generate: () => new Map([['fleet/extra.yaml', { text: 'x' }]]),
    };
    const changed = withEdit(demo, 'edge', (c) => (c.tags = { x: 'y' }));
    expect(() => synthesizeThroughCache(changed, cache, [...GENERATORS, stray])).toThrow(
      "the 'stray' generator produced 'fleet/extra.yaml', which is no file of the clusters it was given",
    );
  });

  it('generates a fleet whose clusters share a name as a whole, without the cache', () => {
    const cache = counted();
    const twice: FleetModel = { clusters: [demo.clusters[0], demo.clusters[0]] };
    expect(() => synthesizeFiles(twice)).toThrow("There is already a Construct with name 'karpenter-");
    expect(() => synthesizeThroughCache(twice, cache)).toThrow(
      "There is already a Construct with name 'karpenter-",
    );
    expect(cache.hits + cache.sets).toBe(0);
  });
});

describe('GENERATORS and their fleet-wide parts', () => {
  it('write only files of one cluster, and dist/fleet/ files that the fleet-wide parts write exactly', () => {
    const names = new Set(demo.clusters.map((c) => c.name));
    const stray = [...whole.keys()].filter(
      (p) => !fleetWidePath(p) && !names.has(clusterOfDistPath(p) ?? ''),
    );
    expect(stray).toEqual([]);
    const fleetWide = synthesizeFiles(demo, FLEET_WIDE_GENERATORS);
    expect(fleetWide.size).toBeGreaterThan(0);
    expect(textsOf(fleetWide)).toEqual(new Map([...textsOf(whole)].filter(([p]) => fleetWidePath(p))));
  });
});
