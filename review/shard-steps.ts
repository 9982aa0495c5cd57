/**
 * The load and synth steps of `check --shard K/N` (review/run-check.ts runs the rest on what
 * these leave: the shard's clusters and the files of dist/ it owns, review/shard-scope.ts).
 *
 * The shards are cut from the folder listing of the fleet (every `clusters/*.yaml` but
 * `_defaults.yaml`), known before any file is read. Shards 2…N read and load only
 * `_defaults.yaml` and their own cluster files, each checked on its own as in a whole load, and
 * run no check across clusters. Shard 1 loads the whole fleet: the checks across clusters
 * (names, AWS names, destinations, rings) need every cluster resolved, and it renders
 * dist/fleet/'s shared files from all of them; it reports its own files' findings, those outside
 * cluster files (`_defaults.yaml`) and every finding of the checks across clusters, wherever it
 * points. So a mistake is reported once, by one shard. Synth then runs the generators over the
 * shard's clusters only; shard 1 also renders the fleet-wide files of dist/fleet/.
 */
import { basename } from 'node:path';
import { Diagnostic, diagnosticId, FleetModel, GeneratedFiles, plural, UserError } from '../model';
import type { LoadDetails } from '../model/load-fleet';
import { generatedTexts } from './check-inputs';
import type { CheckDeps } from './check-types';
import { assignShards, clusterFileStem, isFleetShard, shardLabel, ShardSpec } from './shard';
import { clusterNames, ShardScope, shardFleet, shardGenerated, shardScope } from './shard-scope';

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

/** One load, its UserError taken apart. */
interface Attempt {
  /** The clusters that loaded: all of them, or the valid ones after errors. */
  readonly loaded?: FleetModel;
  readonly all: readonly Diagnostic[];
  readonly clean: boolean;
}

function attempt(load: () => { fleet: FleetModel; warnings: readonly Diagnostic[] }): Attempt {
  try {
    const l = load();
    return { loaded: l.fleet, all: l.warnings, clean: true };
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    return { ...(e.validFleet ? { loaded: e.validFleet } : {}), all: e.diagnostics, clean: false };
  }
}

export function loadShard(
  projectRoot: string,
  deps: Pick<CheckDeps, 'loadFleet' | 'listClusterFiles'>,
  shard: ShardSpec,
): ShardLoad {
  const listed = deps.listClusterFiles?.(projectRoot);
  if (listed === undefined) {
    // Without a listing (injected loaders): load everything, cut what loaded.
    const a = attempt(() => deps.loadFleet(projectRoot));
    const scope = shardScope(shard, clusterFilesOf(a.loaded, a.all), clusterNames(a.loaded));
    return shardOutcome(scope, a, (d) => scope.ownsFinding(d));
  }
  const cut = assignShards(listed.map(clusterFileStem), shard.count);
  const own = listed.filter((f) => cut.get(clusterFileStem(f)) === shard.index);
  let details: LoadDetails | undefined;
  const onDetails = (d: LoadDetails) => {
    details = d;
  };
  const fleetWide = isFleetShard(shard);
  const a = attempt(() =>
    deps.loadFleet(projectRoot, fleetWide ? { onDetails } : { only: new Set(own), onDetails }),
  );
  const scope = shardScope(shard, listed, details?.names ?? clusterNames(a.loaded));
  const across = fleetWide ? (details?.acrossClusters ?? new Set<string>()) : new Set<string>();
  return shardOutcome(scope, a, (d) => scope.ownsFinding(d) || across.has(diagnosticId(d)));
}

/** The load step's result for the shard: its clusters, and the findings it reports. */
function shardOutcome(scope: ShardScope, a: Attempt, owns: (d: Diagnostic) => boolean): ShardLoad {
  const shard = scope.shard;
  const { loaded, all, clean } = a;
  const mine = loaded ? shardFleet(scope, loaded) : { clusters: [] };
  const modelled = new Set(mine.clusters.map((c) => c.source.file));
  const ownErrors = all.some((d) => d.severity === 'error' && owns(d));
  const files = scope.ownFiles;
  // Clusters of this shard that did not load for a mistake elsewhere (e.g. in _defaults.yaml).
  const lost = !clean && (loaded === undefined || (!ownErrors && files.some((f) => !modelled.has(f))));
  const findings = all.filter((d) => owns(d) || (lost && scope.shardOfFile(d.file) === undefined));
  const failed = lost || ownErrors;
  const pools = mine.clusters.reduce((n, c) => n + c.nodePools.length, 0);
  const total = scope.clusterCount;
  return {
    scope,
    ...(failed ? {} : { fleet: mine }),
    ...(clean && loaded && scope.fleetWide ? { whole: loaded } : {}),
    clusterFiles: files,
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
