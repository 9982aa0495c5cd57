/**
 * Proves scenario tables on the machine's cores: the clusters are dealt into one batch per
 * worker thread (largest tables first, each to the lightest batch), the main thread stays free
 * for the steps of `npm run check` that run meanwhile. From TypeScript sources (tests) or on one
 * core, the tables run in this thread instead.
 */
import * as os from 'os';
import * as path from 'path';
import { Worker } from 'worker_threads';
import type { ClusterProof } from '../policies/scenarios/prove-scenarios';
import type * as Prove from '../policies/scenarios/prove-scenarios';
import { ScenarioInputs } from '../policies/scenarios/scenario-inputs';

/** Worker threads to use: every core but the one the main thread needs, at least one. */
export function workerCount(cores: number = os.availableParallelism()): number {
  return Math.max(1, cores - 1);
}

/** Deals inputs into at most `n` batches of similar scenario counts (indexes into `inputs`). */
export function batches(inputs: readonly ScenarioInputs[], n: number): number[][] {
  const out: { size: number; items: number[] }[] = Array.from({ length: Math.max(1, n) }, () => ({
    size: 0,
    items: [],
  }));
  const order = inputs
    .map((_, i) => i)
    .sort((a, b) => inputs[b].scenarios.length - inputs[a].scenarios.length || a - b);
  for (const i of order) {
    const lightest = out.reduce((min, b) => (b.size < min.size ? b : min), out[0]);
    lightest.items.push(i);
    lightest.size += inputs[i].scenarios.length;
  }
  return out.filter((b) => b.items.length > 0).map((b) => b.items.sort((x, y) => x - y));
}

export async function proveInWorkers(
  inputs: readonly ScenarioInputs[],
  threads: number = workerCount(),
): Promise<ClusterProof[]> {
  const script = path.join(__dirname, 'scenario-worker.js');
  if (inputs.length === 0) return [];
  if (!__filename.endsWith('.js') || os.availableParallelism() < 2) {
    // Required here only: the workers load it themselves (review/scenario-worker.ts).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { proveScenarios } = require('../policies/scenarios/prove-scenarios') as typeof Prove;
    const proofs: ClusterProof[] = [];
    for (const i of inputs) proofs.push(await proveScenarios(i));
    return proofs;
  }
  const results: ClusterProof[] = new Array<ClusterProof>(inputs.length);
  await Promise.all(
    batches(inputs, threads).map(
      (batch) =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(script, { workerData: batch.map((i) => inputs[i]) });
          worker.once('message', (proofs: ClusterProof[]) => {
            proofs.forEach((p, k) => (results[batch[k]] = p));
            resolve();
          });
          worker.once('error', reject);
          worker.once('exit', (code) => {
            if (code !== 0) reject(new Error(`scenario worker exited with code ${code}`));
          });
        }),
    ),
  );
  return results;
}
