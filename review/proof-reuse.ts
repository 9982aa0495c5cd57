/**
 * Which clusters' policy scenarios `check` must prove, and which it may take as proven
 * at the PR's base commit. A cluster's proof is reused only when everything that decides it is unchanged
 * (its proof record, policies/scenarios/proof-record.ts, names them):
 *
 *   - the template (its sha256 in the record),
 *   - the scenario table and the documents that decide it (their sha256),
 *   - the simulator and its data version (the pinned versions in the record, and the installed
 *     ones must be exactly those),
 *   - where the tool's own sources are tracked in the checked repository, those sources
 *     (unchanged since the base: see review/tool-sources.ts).
 *
 * The record does not name the tool's version: a release that asks the simulator the same
 * questions with the same expected answers, about the same template, leaves the record (and
 * dist/) unchanged, and the base's proof holds for it as it did for the release before.
 *
 * "Unchanged" is judged against the record committed at the base, whose `check` passed: the
 * generated record (from the working tree's fleet) must be byte-identical to it. Anything else
 * (no base, `--full`, a folder given with --previous, the simulator missing or another version)
 * proves every cluster.
 */
import { DistFiles, distPaths, FleetModel } from '../model';
import { targetOf } from '../policies/targets/targets';
import { SIMULATOR_PACKAGES, SimulatorInstall } from '../policies/scenarios/simulator';

/** A base commit whose `check` passed, so the proofs recorded in its dist/ hold. */
export interface ProvenBase {
  /** How it is named in the summary, e.g. `origin/main`. */
  readonly label: string;
  /** Its dist/ (paths relative to dist/). */
  readonly files: DistFiles;
}

export interface ReusePlan {
  /** Clusters whose scenarios run, in fleet order (never an `external` one). */
  readonly prove: readonly string[];
  /** Clusters whose proof at the base is reused, in fleet order. */
  readonly reused: readonly string[];
}

export function planProofs(
  fleet: FleetModel,
  generated: DistFiles | undefined,
  base: ProvenBase | undefined,
  install: SimulatorInstall,
): ReusePlan {
  // An `external` cluster has no generated AWS side to prove (`policies verify` and `preflight`
  // prove its live roles instead).
  const proved = fleet.clusters.filter((c) => targetOf(c).dir !== undefined);
  const all = proved.map((c) => c.name);
  const samePins =
    install.installed &&
    install.simulator === SIMULATOR_PACKAGES.simulator.version &&
    install.data === SIMULATOR_PACKAGES.data.version;
  if (!base || !generated || !samePins) return { prove: all, reused: [] };
  const prove: string[] = [];
  const reused: string[] = [];
  for (const cluster of proved) {
    const name = cluster.name;
    const record = distPaths.policyProof(name, targetOf(cluster).dir);
    const now = generated.get(record);
    if (now !== undefined && base.files.get(record) === now) reused.push(name);
    else prove.push(name);
  }
  return { prove, reused };
}
