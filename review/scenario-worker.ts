/**
 * Worker thread of review/scenario-workers.ts: proves the scenario tables it is sent, one
 * cluster after another, and posts the proofs back in the same order.
 */
import { parentPort, workerData } from 'worker_threads';
import { proveScenarios } from '../policies/scenarios/prove-scenarios';
import { ScenarioInputs } from '../policies/scenarios/scenario-inputs';

async function main(inputs: readonly ScenarioInputs[]): Promise<void> {
  const proofs = [];
  for (const i of inputs) proofs.push(await proveScenarios(i));
  parentPort?.postMessage(proofs);
}

if (parentPort) void main(workerData as readonly ScenarioInputs[]);
