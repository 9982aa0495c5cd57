import {
  acrossClustersKey,
  checkAcrossClusters,
  checkAcrossClustersThroughCache,
} from '../../../model/check/check-across-clusters';
import type { FleetEntry } from '../../../model/check/check-fleet';
import type { Diagnostic } from '../../../model/shared/diagnostics';
import { loadFleetFromSources } from '../../../model/load-fleet';
import { UserError } from '../../../model/shared/diagnostics';
import { DEFAULTS, MINIMAL, minimalFor } from '../../support/fleet-files';

/** The entries (and their record keys) of a fleet where `demo` sets aws.ack without being on ack. */
function entriesWithMistake(): { entries: FleetEntry[]; keys: string[] } {
  const sources = [
    { path: 'clusters/_defaults.yaml', text: DEFAULTS },
    {
      path: 'clusters/demo.yaml',
      text: MINIMAL.replace('  region: eu-west-1\n', '  region: eu-west-1\n  ack:\n    destination: hub\n'),
    },
    { path: 'clusters/hub.yaml', text: minimalFor('hub') },
  ];
  const records = new Map<string, FleetEntry>();
  expect(() =>
    loadFleetFromSources(sources, {
      cache: { get: () => undefined, set: (key, record) => void records.set(key, record.entry) },
    }),
  ).toThrow(UserError);
  return { entries: [...records.values()], keys: [...records.keys()] };
}

/** A cache in a Map. */
function mapCache() {
  const kept = new Map<string, readonly Diagnostic[]>();
  return {
    kept,
    get: (key: string) => kept.get(key),
    set: (key: string, d: readonly Diagnostic[]) => void kept.set(key, d),
  };
}

/** `entry` whose located tree may not be read. */
const unreadable = (entry: FleetEntry): FleetEntry => ({
  name: entry.name,
  nameLoc: entry.nameLoc,
  get root(): never {
    throw new Error(`the located tree of ${entry.name} was read`);
  },
  ...(entry.model ? { model: entry.model } : {}),
});

describe('checks across clusters through a cache', () => {
  it('keeps the findings of entries that are all records, and gives them back without reading a tree', () => {
    const { entries, keys } = entriesWithMistake();
    expect(entries.map((e) => e.name)).toEqual(['demo', 'hub']);
    const found = checkAcrossClusters(entries);
    expect(found).toEqual([
      {
        severity: 'error',
        file: 'clusters/demo.yaml',
        line: 5,
        col: 5,
        path: 'aws.ack',
        message:
          'aws.ack is set, but cluster demo has aws.managedBy: cloudformation, so no ACK objects are written',
        fix: 'Set aws.managedBy: ack, or remove aws.ack',
      },
    ]);
    const cache = mapCache();
    expect(checkAcrossClustersThroughCache(entries, cache, keys)).toEqual(found);
    expect([...cache.kept.keys()]).toEqual([acrossClustersKey(keys)]);
    expect(checkAcrossClustersThroughCache(entries.map(unreadable), cache, keys)).toEqual(found);
  });

  it('runs the checks, keeping nothing, unless every entry is a record', () => {
    const { entries, keys } = entriesWithMistake();
    const cache = mapCache();
    expect(checkAcrossClustersThroughCache(entries, cache, undefined)).toEqual(checkAcrossClusters(entries));
    expect(checkAcrossClustersThroughCache(entries, cache, keys.slice(1))).toEqual(
      checkAcrossClusters(entries),
    );
    expect(cache.kept.size).toBe(0);
    expect(() => checkAcrossClustersThroughCache(entries.map(unreadable), cache, undefined)).toThrow(
      'the located tree of demo was read',
    );
  });

  it('keys the findings by every record key in order', () => {
    expect(acrossClustersKey(['a', 'b'])).not.toBe(acrossClustersKey(['b', 'a']));
    expect(acrossClustersKey(['a', 'b'])).not.toBe(acrossClustersKey(['a']));
    expect(acrossClustersKey(['ab'])).not.toBe(acrossClustersKey(['a', 'b']));
    expect(acrossClustersKey(['a'])).toMatch(/^[0-9a-f]{64}$/);
  });
});
