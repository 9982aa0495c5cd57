import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  defaultFleetLoadCache,
  FLEET_CACHE_ENV,
  fleetCacheDir,
  fleetLoadCache,
  pruneFleetCache,
  toolBuildIdentity,
} from '../../io/fleet-load-cache';
import { loadFleet } from '../../io/read-fleet';
import type { ClusterLoadCache, ClusterLoadRecord } from '../../model/load-fleet';
import { formatDiagnostic, UserError } from '../../model';
import { clusterLoadKey, keepableRecord, linkedRecord } from '../../model/check/cluster-load-record';
import type { RepositoryImports } from '../../model/shared/imported-versions';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';
import { inThisRealm } from '../support/in-this-realm';
import { folderPerTest } from '../support/temp-folder';

let work: string;
folderPerTest('fleet-load-cache-', (dir) => (work = dir));

/** A copy of the demo fleet in `work/project`. */
function demoProject(): string {
  const root = join(work, 'project');
  mkdirSync(join(root, 'clusters'), { recursive: true });
  for (const name of readdirSync(join(DEMO_FLEET_ROOT, 'clusters')))
    writeFileSync(join(root, 'clusters', name), readFileSync(join(DEMO_FLEET_ROOT, 'clusters', name)));
  return root;
}

/** A cache that counts what it gave back. */
function counted(inner: ClusterLoadCache): ClusterLoadCache & { hits: number; sets: number } {
  const c = {
    hits: 0,
    sets: 0,
    get: (key: string) => {
      const r = inner.get(key);
      if (r) c.hits++;
      return r;
    },
    set: (key: string, record: ClusterLoadRecord) => {
      c.sets++;
      inner.set(key, record);
    },
    ...(inner.defaultsPassed ? { defaultsPassed: inner.defaultsPassed } : {}),
    ...(inner.recordDefaultsPassed ? { recordDefaultsPassed: inner.recordDefaultsPassed } : {}),
    ...(inner.acrossClusters ? { acrossClusters: inner.acrossClusters } : {}),
  };
  return c;
}

describe('fleetCacheDir', () => {
  it('follows XDG_CACHE_HOME, else ~/.cache', () => {
    expect(fleetCacheDir({ XDG_CACHE_HOME: '/x', HOME: '/h' })).toBe('/x/karpenter-gitops/fleet');
    expect(fleetCacheDir({ XDG_CACHE_HOME: '', HOME: '/h' })).toBe('/h/.cache/karpenter-gitops/fleet');
  });
});

describe('toolBuildIdentity', () => {
  it('is undefined from the TypeScript sources (nothing is kept), and the installed build id in lib/', () => {
    expect(toolBuildIdentity(join(__dirname, '..', '..', 'io'))).toBeUndefined();
    const pkg = join(work, 'pkg');
    mkdirSync(join(pkg, 'lib', 'io'), { recursive: true });
    writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: 'karpenter-gitops' }));
    writeFileSync(join(pkg, 'lib', 'build-id.json'), JSON.stringify({ id: 'abc' }));
    expect(toolBuildIdentity(join(pkg, 'lib', 'io'))).toBe('package abc');
  });

  it('in a repository build, changes when a built file or imports/ changes', () => {
    const repo = join(work, 'repo');
    mkdirSync(join(repo, 'build', 'io'), { recursive: true });
    mkdirSync(join(repo, 'imports'), { recursive: true });
    writeFileSync(join(repo, 'package.json'), JSON.stringify({ name: 'karpenter-gitops' }));
    writeFileSync(join(repo, 'build', 'io', 'a.js'), 'a');
    writeFileSync(join(repo, 'imports', 'v.js'), 'v');
    const first = toolBuildIdentity(join(repo, 'build', 'io'));
    expect(first).toMatch(/^repository build [0-9a-f]{64}$/);
    expect(toolBuildIdentity(join(repo, 'build', 'io'))).toBe(first);
    writeFileSync(join(repo, 'imports', 'v.js'), 'vv');
    const second = toolBuildIdentity(join(repo, 'build', 'io'));
    expect(second).not.toBe(first);
    utimesSync(join(repo, 'build', 'io', 'a.js'), new Date(1000), new Date(1000));
    expect(toolBuildIdentity(join(repo, 'build', 'io'))).not.toBe(second);
  });
});

describe('defaultFleetLoadCache', () => {
  it(`is off with ${FLEET_CACHE_ENV}=off and when running from sources`, () => {
    expect(defaultFleetLoadCache({ [FLEET_CACHE_ENV]: 'off', XDG_CACHE_HOME: work })).toBeUndefined();
    expect(defaultFleetLoadCache({ XDG_CACHE_HOME: work })).toBeUndefined();
  });
});

describe('fleetLoadCache', () => {
  it('gives back the loaded fleet exactly, and nothing for another build', () => {
    const root = demoProject();
    const dir = join(work, 'cache');
    const plain = loadFleet(root, { cache: null });
    const first = counted(fleetLoadCache(dir, 'build 1'));
    expect(loadFleet(root, { cache: first })).toEqual(plain);
    expect(first.hits).toBe(0);
    expect(first.sets).toBe(4);
    const again = counted(fleetLoadCache(dir, 'build 1'));
    const cached = loadFleet(root, { cache: again });
    expect(again.hits).toBe(4);
    expect(again.sets).toBe(0);
    expect(cached).toEqual(plain);
    expect(JSON.stringify(cached)).toBe(JSON.stringify(plain));
    const other = counted(fleetLoadCache(dir, 'build 2'));
    loadFleet(root, { cache: other });
    expect(other.hits).toBe(0);
  });

  it('ignores a file that is not exactly what it wrote, and replaces it', () => {
    const root = demoProject();
    const dir = join(work, 'cache');
    loadFleet(root, { cache: fleetLoadCache(dir, 'b') });
    // Four cluster files, the note that _defaults.yaml passed its schema and the checks across clusters.
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(6);
    const truncated = join(dir, files[0]);
    writeFileSync(truncated, readFileSync(truncated).subarray(0, 200));
    const flipped = join(dir, files[1]);
    const bytes = readFileSync(flipped);
    bytes[bytes.length - 5] ^= 0xff;
    writeFileSync(flipped, bytes);
    writeFileSync(join(dir, files[2]), 'karpenter-gitops fleet cache 2\nnot a hash\n');
    const c = counted(fleetLoadCache(dir, 'b'));
    expect(loadFleet(root, { cache: c })).toEqual(loadFleet(root, { cache: null }));
    expect(c.hits + c.sets).toBe(4);
    expect(c.hits).toBeLessThanOrEqual(2);
    expect(counted(fleetLoadCache(dir, 'b')).get('no such key')).toBeUndefined();
  });

  it('keeps warnings and gives them back at their file:line, but keeps no file with an error', () => {
    const root = demoProject();
    const dir = join(work, 'cache');
    const file = join(root, 'clusters', 'ticketing.yaml');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/^aws:\n/m, 'aws:\n  accountId: 12\n'));
    const messages = () => {
      try {
        loadFleet(root, { cache: fleetLoadCache(dir, 'b') });
        return [];
      } catch (e) {
        return (e as UserError).diagnostics.map(formatDiagnostic);
      }
    };
    const first = messages();
    expect(first.some((m) => m.startsWith('clusters/ticketing.yaml:'))).toBe(true);
    // The other three files, the note on _defaults.yaml and the findings across the three (the
    // file with the error gave no entry of its own, so it takes no part in them).
    expect(readdirSync(dir)).toHaveLength(5);
    expect(messages()).toEqual(first);
  });

  it('notes a _defaults.yaml that passed its schema, and never one that did not', () => {
    const root = demoProject();
    const dir = join(work, 'cache');
    const defaults = join(root, 'clusters', '_defaults.yaml');
    writeFileSync(defaults, `${readFileSync(defaults, 'utf8')}unknownTopLevelKey: 1\n`);
    const messages = () => {
      try {
        loadFleet(root, { cache: fleetLoadCache(dir, 'b') });
        return [];
      } catch (e) {
        return (e as UserError).diagnostics.map(formatDiagnostic);
      }
    };
    const plain = (() => {
      try {
        loadFleet(root, { cache: null });
        return [];
      } catch (e) {
        return (e as UserError).diagnostics.map(formatDiagnostic);
      }
    })();
    expect(
      plain.some((m) => m.startsWith('clusters/_defaults.yaml:') && m.includes('unknownTopLevelKey')),
    ).toBe(true);
    expect(messages()).toEqual(plain);
    expect(messages()).toEqual(plain);
    const cache = fleetLoadCache(dir, 'b');
    expect(
      cache.defaultsPassed?.(
        clusterLoadKey(
          { path: 'clusters/_defaults.yaml', text: readFileSync(defaults, 'utf8') },
          undefined,
          '',
        ),
      ),
    ).toBe(false);
  });
});

/** What loading `root` shows: its error lines, or the warnings of a fleet that loaded. */
function shownBy(root: string, cache: ClusterLoadCache | null): string[] {
  try {
    return loadFleet(root, { cache }).warnings.map(formatDiagnostic);
  } catch (e) {
    return (e as UserError).diagnostics.map(formatDiagnostic);
  }
}

/** The demo fleet with findings of the checks across clusters: a second list of rings, aws.ack on a cluster not on ack. */
function fleetWideMistakes(): string {
  const root = demoProject();
  const edit = (name: string, from: string, to: string) => {
    const file = join(root, 'clusters', name);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(from);
    writeFileSync(file, text.replace(from, to));
  };
  edit(
    'ticketing.yaml',
    '  region: ap-northeast-2\n',
    '  region: ap-northeast-2\n  ack:\n    destination: ticketing\n',
  );
  edit('training.yaml', 'gitops:\n  ring: prod\n', 'gitops:\n  rings:\n    - name: prod\n  ring: prod\n');
  return root;
}

describe('located trees of kept records', () => {
  it('are read by no load of an unchanged fleet, which gives back the same fleet', () => {
    const root = demoProject();
    const dir = join(work, 'cache');
    const plain = loadFleet(root, { cache: null });
    const first = fleetLoadCache(dir, 'b');
    expect(loadFleet(root, { cache: first })).toEqual(plain);
    expect(first.rootsRead).toBe(0);
    const again = counted(fleetLoadCache(dir, 'b'));
    const cached = loadFleet(root, { cache: again });
    expect(again.hits).toBe(4);
    expect(JSON.stringify(cached)).toBe(JSON.stringify(plain));
    expect((again as unknown as { rootsRead: number }).rootsRead).toBeUndefined();
    const unread = fleetLoadCache(dir, 'b');
    expect(loadFleet(root, { cache: unread })).toEqual(plain);
    expect(unread.rootsRead).toBe(0);
  });

  it('read back on first use are the tree as loaded, read once', () => {
    const root = demoProject();
    const records = new Map<string, ClusterLoadRecord>();
    loadFleet(root, { cache: { get: () => undefined, set: (k, r) => void records.set(k, r) } });
    const cache = fleetLoadCache(join(work, 'cache'), 'b');
    for (const [k, r] of records) cache.set(k, r);
    const [key, record] = [...records][0];
    const kept = cache.get(key);
    expect(cache.rootsRead).toBe(0);
    expect(kept?.entry.name).toBe(record.entry.name);
    expect(kept?.entry.model).toEqual(record.entry.model);
    expect(cache.rootsRead).toBe(0);
    const tree = kept?.entry.root;
    expect(inThisRealm(tree)).toEqual(record.entry.root);
    expect(kept?.entry.root).toBe(tree);
    expect(cache.rootsRead).toBe(1);
    expect(Object.keys(kept?.entry ?? {})).toEqual(Object.keys(record.entry));
  });

  it('stay unread when a kept model is linked again to the imported version it names', () => {
    const root = demoProject();
    const records: ClusterLoadRecord[] = [];
    loadFleet(root, { cache: { get: () => undefined, set: (_k, r) => void records.push(r) } });
    const { entry } = records[0];
    const model = entry.model;
    if (model === undefined) throw new Error('a kept record has a model');
    let reads = 0;
    const karpenter = { ...model.karpenter, version: '1.99.0', imported: '1.99.0' as never };
    const kept: ClusterLoadRecord = {
      ...records[0],
      entry: {
        name: entry.name,
        nameLoc: entry.nameLoc,
        get root() {
          reads++;
          return entry.root;
        },
        model: { ...model, karpenter },
      },
      imported: '1.99.0',
    };
    const version = { version: '1.99.0' };
    const imports = { folder: 'karpenter-imports', karpenter: new Map([['1.99.0', version]]) };
    const linked = linkedRecord(kept, imports as unknown as RepositoryImports);
    expect(linked?.entry.model?.karpenter.imported).toBe(version);
    expect(reads).toBe(0);
    expect(linked?.entry.root).toBe(entry.root);
    expect(reads).toBe(1);
  });

  it('give the findings across clusters at their file:line:col, kept and when the checks run on them', () => {
    const root = fleetWideMistakes();
    const dir = join(work, 'cache');
    const plain = shownBy(root, null);
    expect(plain).toEqual(
      expect.arrayContaining([
        'clusters/training.yaml:17:3 gitops.rings: rings [prod] differ from [staging, prod] of cluster dataops. Rings are fleet-wide: set gitops.rings once in clusters/_defaults.yaml and not in cluster files.',
        'clusters/ticketing.yaml:7:5 aws.ack: aws.ack is set, but cluster ticketing has aws.managedBy: cloudformation, so no ACK objects are written. Set aws.managedBy: ack, or remove aws.ack.',
      ]),
    );
    const first = fleetLoadCache(dir, 'b');
    expect(shownBy(root, first)).toEqual(plain);
    // Every cluster file is kept (the findings are the fleet's, not a file's), and so are the findings.
    expect(first.written).toBe(6);
    const kept = fleetLoadCache(dir, 'b');
    expect(shownBy(root, kept)).toEqual(plain);
    expect(kept.rootsRead).toBe(0);
    // Without the kept findings, the checks run on the kept records' trees, read back.
    const trees = fleetLoadCache(dir, 'b');
    const recordsOnly: ClusterLoadCache = { get: (k) => trees.get(k), set: (k, r) => trees.set(k, r) };
    expect(shownBy(root, recordsOnly)).toEqual(plain);
    expect(trees.rootsRead).toBeGreaterThan(0);
  });

  it('an edit of one cluster runs the checks across clusters again', () => {
    const root = fleetWideMistakes();
    const dir = join(work, 'cache');
    shownBy(root, fleetLoadCache(dir, 'b'));
    const file = join(root, 'clusters', 'ticketing.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('  ack:\n    destination: ticketing\n', ''));
    const plain = shownBy(root, null);
    expect(plain.some((m) => m.includes('aws.ack'))).toBe(false);
    expect(plain.some((m) => m.includes('differ from'))).toBe(true);
    const cache = fleetLoadCache(dir, 'b');
    expect(shownBy(root, cache)).toEqual(plain);
    expect(cache.rootsRead).toBeGreaterThan(0);
  });
});

describe('pruneFleetCache', () => {
  it('deletes the least recently used files beyond the limit, once a tenth over it', () => {
    for (let i = 0; i < 23; i++) {
      writeFileSync(join(work, `${i}.v8`), 'x');
      utimesSync(join(work, `${i}.v8`), new Date(i * 1000), new Date(i * 1000));
    }
    pruneFleetCache(work, 21);
    expect(readdirSync(work)).toHaveLength(23);
    pruneFleetCache(work, 20);
    expect(readdirSync(work)).toHaveLength(20);
    expect(readdirSync(work)).not.toContain('2.v8');
    expect(readdirSync(work)).toContain('3.v8');
  });
});

describe('clusterLoadKey and keepableRecord', () => {
  const source = { path: 'clusters/a.yaml', text: 'aws: {}\n' };
  it('changes with the file, its path, _defaults.yaml and the imports digest', () => {
    const k = clusterLoadKey(source, undefined, '');
    expect(clusterLoadKey({ ...source, text: 'aws: {} \n' }, undefined, '')).not.toBe(k);
    expect(clusterLoadKey({ ...source, path: 'clusters/b.yaml' }, undefined, '')).not.toBe(k);
    expect(clusterLoadKey(source, { path: 'clusters/_defaults.yaml', text: '' }, '')).not.toBe(k);
    expect(clusterLoadKey(source, undefined, 'a'.repeat(64))).not.toBe(k);
  });

  it('keeps no record that a structured clone would change', () => {
    const root = demoProject();
    const records: ClusterLoadRecord[] = [];
    loadFleet(root, { cache: { get: () => undefined, set: (_k, r) => void records.push(r) } });
    expect(records).toHaveLength(4);
    expect(keepableRecord(records[0], 0)).toBe(true);
    expect(keepableRecord(records[0], 1)).toBe(false);
    const withClass = { ...records[0], entry: { ...records[0].entry, root: new Date() as never } };
    expect(keepableRecord(withClass, 0)).toBe(false);
    const withFunction = { ...records[0], freeText: [(() => 'x') as never] };
    expect(keepableRecord(withFunction, 0)).toBe(false);
  });
});
