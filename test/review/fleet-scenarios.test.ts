/**
 * The policy scenario table (policies/scenarios/scenarios.ts) over the tests' demo fleet (a copy of the example fleet), run
 * through the same code as the `policies` step of `npm run check` (policies/scenarios/prove-scenarios.ts):
 * for every cluster in test/fixtures/demo-fleet/clusters/, the generated controller policies and queue policy give every
 * scenario its expected decision.
 */
import { loadFleet } from '../../io/read-fleet';
import { proveScenarios } from '../../policies/scenarios/prove-scenarios';
import { scenarioInputs } from '../../policies/scenarios/scenario-inputs';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';

const root = DEMO_FLEET_ROOT;
const { fleet } = loadFleet(root);

describe.each(fleet.clusters.map((c) => [c.name, c] as const))('cluster %s', (_name, cluster) => {
  const inputs = scenarioInputs(cluster);

  it('has scenarios', () => {
    expect(inputs.scenarios.length).toBeGreaterThan(0);
  });

  it('gives every scenario its expected decision', async () => {
    const proof = await proveScenarios(inputs);
    expect(proof.cluster).toBe(cluster.name);
    expect(proof.results.map((r) => r.id)).toEqual(inputs.scenarios.map((s) => s.id));
    const wrong = proof.results.filter((r) => r.decision !== r.expected);
    expect(wrong).toEqual([]);
    for (const r of proof.results)
      expect(r.detail).toMatch(r.expected === 'allowed' ? /^Allowed$/ : /Denied$/);
  });
});
