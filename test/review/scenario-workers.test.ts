import { scenarioInputs } from '../../policies/scenarios/scenario-inputs';
import { batches, proveInWorkers, workerCount } from '../../review/scenario-workers';
import { buildCluster } from '../support/fleet-fixtures';

describe('scenario workers', () => {
  it('leaves one core to the main thread, and uses at least one worker', () => {
    expect(workerCount(4)).toBe(3);
    expect(workerCount(2)).toBe(1);
    expect(workerCount(1)).toBe(1);
  });

  it('deals clusters into batches of similar scenario counts, each batch in fleet order', () => {
    const sizes = [5, 1, 4, 2, 3];
    const inputs = sizes.map((n, i) => {
      const base = scenarioInputs(buildCluster({ name: `c${i}` }));
      return { ...base, scenarios: base.scenarios.slice(0, n) };
    });
    expect(batches(inputs, 2)).toEqual([
      [0, 1, 3],
      [2, 4],
    ]);
    expect(batches(inputs, 9)).toHaveLength(5);
    expect(batches(inputs, 1)).toEqual([[0, 1, 2, 3, 4]]);
  });

  it('proves in this thread from TypeScript sources, in input order', async () => {
    const inputs = ['b', 'a'].map((name) => scenarioInputs(buildCluster({ name })));
    const proofs = await proveInWorkers(inputs, 2);
    expect(proofs.map((p) => p.cluster)).toEqual(['b', 'a']);
    expect(proofs[0].results.every((r) => r.decision === r.expected)).toBe(true);
  });
});
