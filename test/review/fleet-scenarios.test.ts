/**
 * The policy scenario table (policies/scenarios.ts) over the project's own fleet: for every
 * cluster in clusters/, the generated controller policies and queue policy give every scenario
 * its expected decision. `npm run check` runs this file with KARPENTER_GITOPS_CHECK_ROOT set to
 * the project it checks (review/policy-scenarios-step.ts); in `npm test` it checks this
 * repository's example fleet. The simulator (@cloud-copilot/iam-simulate, AGPL) stays in tests.
 */
import * as path from 'path';
import { loadFleet } from '../../model/load-fleet';
import { controllerPolicies } from '../../policies/controller-policies';
import { queuePolicy } from '../../policies/interruption-queue';
import { arnBuilder } from '../../policies/partition';
import { scenarios } from '../../policies/scenarios';
import { simulateScenario } from '../policies/simulate';

export const CHECK_ROOT_ENV = 'KARPENTER_GITOPS_CHECK_ROOT';

const root = process.env[CHECK_ROOT_ENV] ?? path.resolve(__dirname, '..', '..');
const { fleet } = loadFleet(root);

describe.each(fleet.clusters.map((c) => [c.name, c] as const))('cluster %s', (_name, cluster) => {
  const policies = controllerPolicies(cluster).map((p) => ({ name: p.name, document: p.document }));
  const role = arnBuilder(cluster.aws).role(cluster.iam.controllerRoleName, cluster.iam.path);
  const queue = queuePolicy(cluster);
  const table = scenarios(cluster);

  it('has scenarios', () => {
    expect(table.length).toBeGreaterThan(0);
  });

  it.each(table.map((s) => [s.id, s] as const))('%s', async (_id, s) => {
    const outcome = await simulateScenario(s, cluster.aws.accountId, role, policies, queue);
    expect({ scenario: s.id, decision: outcome.decision, detail: outcome.detail }).toEqual({
      scenario: s.id,
      decision: s.expect,
      detail: expect.any(String),
    });
  });
});
