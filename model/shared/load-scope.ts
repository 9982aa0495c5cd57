/**
 * How much of the fleet one load of model/load-fleet.ts sees, and what it tells besides its
 * result: `check --shard K/N` (review/shard-steps.ts) loads a part of the fleet in shards 2…N
 * and the whole fleet in shard 1.
 */

/**
 * How much of the fleet one load sees (`check --shard K/N`, review/shard-steps.ts): a shard of
 * the fleet checks its own cluster files each on its own, and leaves the checks across clusters
 * to the shard that loads every file.
 */
export interface LoadScope {
  /**
   * The sources are the whole fleet: the checks across clusters run (names, AWS names,
   * destinations, rings), and a fleet without a cluster is an error. False for a part of it.
   * @default true
   */
  readonly wholeFleet?: boolean;
  /** Told what a shard needs besides the result. @default not told */
  readonly onDetails?: (details: LoadDetails) => void;
}

/** What one load found besides its result (LoadScope.onDetails). */
export interface LoadDetails {
  /** The cluster name of every cluster file that parsed (`name:`, or the file stem). */
  readonly names: ReadonlyMap<string, string>;
  /** The findings of the checks across clusters, as reported (`diagnosticId`). */
  readonly acrossClusters: ReadonlySet<string>;
}
