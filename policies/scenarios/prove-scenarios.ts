/**
 * Runs one cluster's scenario table on the IAM simulator and returns every scenario's decision
 * next to the one the table expects. Plain code, no test runner: `npm run check` (in-process or
 * in worker threads, review/policy-scenarios-step.ts) and the example fleet's test use it alike.
 */
import { ScenarioInputs } from './scenario-inputs';
import { ScenarioExpectation } from './scenarios';
import { simulateScenario } from './simulate-scenario';

export interface ScenarioResult {
  readonly id: string;
  readonly expected: ScenarioExpectation;
  /** `error` when the simulator could not evaluate the request (never counts as a denial). */
  readonly decision: ScenarioExpectation | 'error';
  /** The simulator's answer: 'Allowed' | 'ExplicitlyDenied' | 'ImplicitlyDenied', or 'error: ...' */
  readonly detail: string;
}

export interface ClusterProof {
  readonly cluster: string;
  readonly results: readonly ScenarioResult[];
}

/** Every scenario of the cluster's table, in table order. The simulator must be installed. */
export async function proveScenarios(inputs: ScenarioInputs): Promise<ClusterProof> {
  const results: ScenarioResult[] = [];
  for (const s of inputs.scenarios) {
    const outcome = await simulateScenario(
      s,
      inputs.accountId,
      inputs.controllerRoleArn,
      inputs.controllerPolicies,
      inputs.queuePolicy,
      inputs.nodeRolePolicies,
    );
    results.push({ id: s.id, expected: s.expect, decision: outcome.decision, detail: outcome.detail });
  }
  return { cluster: inputs.cluster, results };
}
