/**
 * The checks across the clusters of a whole fleet (check-fleet, check-rings,
 * check-ack-destination), run or taken from a cache.
 *
 * Their findings are a function of the fleet's entries alone (each cluster's name, located tree
 * and model; a file that gave no entry, such as one that does not parse, takes no part). When
 * every entry is that of a cluster load record (model/check/cluster-load-record.ts), each entry
 * is decided by its record's key (the file's path and text, `_defaults.yaml`'s and the imports'
 * digest; the build and Node's version are in the cache's own keys), so the findings are
 * decided by the list of those keys in the fleet's order:
 * a run over an unchanged fleet takes them from the cache and reads no cluster's located tree
 * (which a kept record reads back only when something uses it: io/fleet-load-cache.ts).
 */
import { createHash } from 'node:crypto';
import type { Diagnostic } from '../shared/diagnostics';
import { isPlainData } from '../shared/plain-data';
import { checkAckDestinations } from './check-ack-destination';
import { checkFleet, FleetEntry } from './check-fleet';
import { checkRings } from './check-rings';

/** Bumped when the checks' findings may change shape or what decides them changes. */
export const ACROSS_CLUSTERS_FORMAT = 'karpenter-gitops checks across clusters 1';

/** Keeps and gives back the findings of the checks across clusters by key (a cache by content). */
export interface AcrossClustersCache {
  readonly get: (key: string) => readonly Diagnostic[] | undefined;
  readonly set: (key: string, findings: readonly Diagnostic[]) => void;
}

/** Every finding of the checks across the clusters of `entries` (in file order). */
export function checkAcrossClusters(entries: readonly FleetEntry[]): Diagnostic[] {
  return [...checkFleet(entries), ...checkRings(entries), ...checkAckDestinations(entries)];
}

/** The key of the findings over entries whose records have `recordKeys` (in the fleet's order). */
export function acrossClustersKey(recordKeys: readonly string[]): string {
  return createHash('sha256')
    .update(JSON.stringify([ACROSS_CLUSTERS_FORMAT, ...recordKeys]))
    .digest('hex');
}

/**
 * `checkAcrossClusters(entries)` through `cache`, when `recordKeys` are the keys of the records
 * every entry is (in the same order); otherwise (undefined) the checks run and nothing is kept.
 */
export function checkAcrossClustersThroughCache(
  entries: readonly FleetEntry[],
  cache: AcrossClustersCache | undefined,
  recordKeys: readonly string[] | undefined,
): Diagnostic[] {
  if (cache === undefined || recordKeys === undefined || recordKeys.length !== entries.length)
    return checkAcrossClusters(entries);
  const key = acrossClustersKey(recordKeys);
  const kept = cache.get(key);
  if (kept !== undefined) return [...kept];
  const found = checkAcrossClusters(entries);
  if (isPlainData(found)) cache.set(key, found);
  return found;
}
