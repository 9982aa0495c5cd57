/**
 * The load and synth steps of `check --shard K/N` (review/run-check.ts runs the rest on what
 * these leave: the shard's clusters and the files of dist/ it owns, review/shard-scope.ts).
 *
 * Every shard loads the whole fleet description: the checks across clusters (names, AWS names,
 * destinations, rings) need every cluster, and the shards must agree on who owns what. Each
 * shard reports only the findings in its own cluster files (shard 1 also those elsewhere), so a
 * mistake is reported once, by one shard. Synth then runs the generators over the shard's
 * clusters only; shard 1 also renders the fleet-wide files of dist/fleet/ from the whole fleet.
 */
import { basename } from 'node:path';
import { Diagnostic, FleetModel, GeneratedFiles, plural, UserError } from '../model';
import { generatedTexts } from './check-inputs';
import type { CheckDeps } from './run-check';
import { shardLabel, ShardSpec } from './shard';
import { ShardScope, shardFleet, shardGenerated, shardScope } from './shard-scope';

/** What the load step of a shard leaves for the others. */
export interface ShardLoad {
  readonly scope: ShardScope;
  /** The shard's clusters, when none of them (nor what they depend on) has an error. */
  readonly fleet?: FleetModel;
  /** The whole fleet, when it loaded without an error (shard 1 renders dist/fleet/ from it). */
  readonly whole?: FleetModel;
  /** The cluster files of this shard, sorted (also those that did not load). */
  readonly clusterFiles: readonly string[];
  readonly status: 'ok' | 'failed';
  readonly findings: readonly Diagnostic[];
  readonly summary: string;
}

const DEFAULTS_FILE = '_defaults.yaml';

/** Cluster files named by the loaded clusters and by the findings (a file that did not parse has one). */
function clusterFilesOf(fleet: FleetModel | undefined, findings: readonly Diagnostic[]): string[] {
  const files = new Set((fleet?.clusters ?? []).map((c) => c.source.file));
  for (const d of findings)
    if (/\.ya?ml$/.test(d.file) && basename(d.file) !== DEFAULTS_FILE) files.add(d.file);
  return [...files].sort();
}

export function loadShard(
  projectRoot: string,
  deps: Pick<CheckDeps, 'loadFleet'>,
  shard: ShardSpec,
): ShardLoad {
  let loaded: FleetModel | undefined;
  let all: readonly Diagnostic[];
  let clean = true;
  try {
    const l = deps.loadFleet(projectRoot);
    loaded = l.fleet;
    all = l.warnings;
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    loaded = e.validFleet;
    all = e.diagnostics;
    clean = false;
  }
  const scopeFiles = clusterFilesOf(loaded, all);
  const scope = shardScope(shard, scopeFiles, loaded);
  const mine = loaded ? shardFleet(scope, loaded) : { clusters: [] };
  const files = scopeFiles.filter((f) => scope.shardOfFile(f) === shard.index);
  const modelled = new Set(mine.clusters.map((c) => c.source.file));
  const ownErrors = all.some((d) => d.severity === 'error' && scope.ownsFinding(d));
  // Clusters of this shard that did not load for a mistake elsewhere (e.g. in _defaults.yaml).
  const lost = !clean && (loaded === undefined || (!ownErrors && files.some((f) => !modelled.has(f))));
  const findings = all.filter(
    (d) => scope.ownsFinding(d) || (lost && scope.shardOfFile(d.file) === undefined),
  );
  const failed = lost || ownErrors;
  const pools = mine.clusters.reduce((n, c) => n + c.nodePools.length, 0);
  const total = scope.clusterCount;
  return {
    scope,
    ...(failed ? {} : { fleet: mine }),
    ...(clean && loaded ? { whole: loaded } : {}),
    clusterFiles: scopeFiles.filter((f) => scope.shardOfFile(f) === shard.index),
    status: failed ? 'failed' : 'ok',
    findings,
    summary: failed
      ? `${plural(findings.filter((d) => d.severity === 'error').length, 'error')} (shard ${shardLabel(shard)})`
      : `${plural(mine.clusters.length, 'cluster')} of ${total} (shard ${shardLabel(shard)}), ${plural(pools, 'node pool')}`,
  };
}

/**
 * The files the shard generates: its clusters' through every generator, and in shard 1 the
 * fleet-wide ones from the whole fleet (`fleetWide`: the generators that write dist/fleet/).
 * Undefined fleet-wide output (the fleet has errors elsewhere): they are not compared.
 */
export function synthShard(
  load: ShardLoad,
  fleet: FleetModel,
  deps: Pick<CheckDeps, 'synthesize' | 'synthesizeFleetWide'>,
): GeneratedFiles {
  const own = generatedTexts(deps.synthesize(fleet)).files;
  const whole = load.scope.fleetWide ? load.whole : undefined;
  const fleetWide = whole
    ? generatedTexts((deps.synthesizeFleetWide ?? deps.synthesize)(whole)).files
    : undefined;
  return shardGenerated(load.scope, own, fleetWide);
}
