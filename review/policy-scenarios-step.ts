/**
 * The `policies` step of `npm run check`: the policy scenario table (policies/scenarios/scenarios.ts) of
 * every cluster, run in-process on the IAM simulator (an optional dependency, loaded on first
 * use; policies/scenarios/simulator.ts). Clusters whose proof record is unchanged since a proven base are
 * not run again (review/proof-reuse.ts); the others run in worker threads when there is more
 * than one core and more than one cluster to prove (review/scenario-workers.ts).
 */
import { Diagnostic, DistFiles, distPaths, ClusterModel, FleetModel, plural, wholeFileError } from '../model';
import { targetOf } from '../policies/targets/targets';
import type { ClusterProof } from '../policies/scenarios/prove-scenarios';
import type * as Prove from '../policies/scenarios/prove-scenarios';
import { ScenarioInputs, scenarioInputs } from '../policies/scenarios/scenario-inputs';
import {
  SIMULATOR_INSTALL_COMMAND,
  simulatorInstall,
  SimulatorInstall,
} from '../policies/scenarios/simulator';
import { planProofs, ProvenBase } from './proof-reuse';

import { SKIP_POLICIES_FLAG } from './check-types';

export { SKIP_POLICIES_FLAG };

export interface PolicyStepInput {
  readonly fleet: FleetModel;
  /** What synth generated (the proof records come from here); undefined when synth failed. */
  readonly generated?: DistFiles;
  /** A base whose proofs may be reused; undefined proves every cluster (`--full`, no --base). */
  readonly base?: ProvenBase;
  /** Why no proof of the --base commit is reused, for the summary. @default none */
  readonly notReused?: string;
  /** How dist/ is named in findings. @default 'dist' */
  readonly distLabel?: string;
  /** @default the installed simulator (policies/scenarios/simulator.ts) */
  readonly install?: SimulatorInstall;
  /** A cluster's table and documents. @default scenarioInputs (a test swaps the table) */
  readonly inputsFor?: (cluster: ClusterModel) => ScenarioInputs;
  /** Runs the tables of the given clusters. @default in this thread, one cluster after another */
  readonly prove?: (inputs: readonly ScenarioInputs[]) => Promise<readonly ClusterProof[]>;
}

export interface PolicyStepResult {
  readonly findings: readonly Diagnostic[];
  readonly summary: string;
  /** Scenarios run (passed or failed; none of a reused proof). @default 0 */
  readonly scenarios?: number;
}

export async function runPolicyScenarios(input: PolicyStepInput): Promise<PolicyStepResult> {
  const install = input.install ?? simulatorInstall();
  if (!install.installed) {
    return {
      findings: [
        wholeFileError(
          'package.json',
          `the IAM simulator ${install.missing} is not installed, so the policy scenarios cannot run (it is an optional dependency, left out by \`npm ci --omit=optional\`)`,
          `Install it with \`${SIMULATOR_INSTALL_COMMAND}\`, or skip this step with \`karpenter-gitops check ${SKIP_POLICIES_FLAG}\``,
        ),
      ],
      summary: 'not run: the IAM simulator is not installed',
    };
  }
  const plan = planProofs(input.fleet, input.generated, input.base, install);
  const toProve = new Set(plan.prove);
  const inputs = input.fleet.clusters
    .filter((c) => toProve.has(c.name))
    .map((c) => (input.inputsFor ?? scenarioInputs)(c));
  // Every proof reused: the simulator's runner is not even loaded.
  const proofs = inputs.length === 0 ? [] : await (input.prove ?? proveInThisThread)(inputs);
  const distLabel = input.distLabel ?? 'dist';
  const findings: Diagnostic[] = [];
  let passed = 0;
  const byName = new Map(input.fleet.clusters.map((c) => [c.name, c]));
  for (const proof of proofs) {
    const cluster = byName.get(proof.cluster);
    const target = cluster ? targetOf(cluster) : undefined;
    const file = `${distLabel}/${target?.dir !== undefined ? distPaths.awsSide(proof.cluster, target.dir, target.file) : distPaths.cloudFormation(proof.cluster)}`;
    if (proof.results.length === 0)
      findings.push(
        failure(file, `scenario failed: cluster ${proof.cluster} has scenarios: the scenario table is empty`),
      );
    for (const r of proof.results) {
      if (r.decision === r.expected) {
        passed++;
        continue;
      }
      // The same text as the differing lines of the scenario test's diff.
      findings.push(
        failure(
          file,
          `scenario failed: cluster ${proof.cluster} ${r.id}: -   "decision": "${r.expected}", +   "decision": "${r.decision}",`,
        ),
      );
    }
  }
  const failed = findings.length;
  const reused =
    plan.reused.length > 0
      ? `; ${plan.reused.length} of ${input.fleet.clusters.length} clusters unchanged since ${input.base?.label ?? 'the base'}, proofs reused`
      : '';
  const why = input.notReused !== undefined ? `; no proof reused: ${input.notReused}` : '';
  const external = input.fleet.clusters.filter((c) => targetOf(c).dir === undefined).length;
  const live =
    external > 0
      ? `; ${plural(external, 'cluster')} with aws.managedBy: external not simulated here (policies verify and preflight prove their live roles)`
      : '';
  return {
    findings,
    summary: `${passed} scenarios passed, ${failed} failed${reused}${why}${live}`,
    scenarios: passed + failed,
  };
}

function failure(file: string, message: string): Diagnostic {
  return wholeFileError(file, message, 'Fix the policy generator or the scenario table');
}

async function proveInThisThread(inputs: readonly ScenarioInputs[]): Promise<ClusterProof[]> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { proveScenarios } = require('../policies/scenarios/prove-scenarios') as typeof Prove;
  const proofs: ClusterProof[] = [];
  for (const i of inputs) proofs.push(await proveScenarios(i));
  return proofs;
}
