import { controllerPolicies } from '../../../policies/controller-policies';
import { queuePolicy } from '../../../policies/interruption-queue';
import { arnBuilder } from '../../../policies/partition';
import { Scenario, scenarios } from '../../../policies/scenarios/scenarios';
import { ClusterModel } from '../../../model/shared/fleet-model';
import { clusterModel, fullCluster } from '../fixtures';
import { simulateScenario } from '../../../policies/scenarios/simulate-scenario';
import { exampleFleet } from '../example-fleet';

async function run(cluster: ClusterModel, s: Scenario) {
  const policies = controllerPolicies(cluster).map((p) => ({ name: p.name, document: p.document }));
  const role = arnBuilder(cluster.aws).role(cluster.iam.controllerRoleName, cluster.iam.path);
  return simulateScenario(s, cluster.aws.accountId, role, policies, queuePolicy(cluster));
}

describe.each([
  ['basic pod-identity cluster', clusterModel()],
  ['cluster with every option', fullCluster()],
  ...exampleFleet().clusters.map((c) => [`example cluster ${c.name}`, c] as [string, ClusterModel]),
])('scenario table on a %s', (_label, cluster) => {
  const table = scenarios(cluster);

  it('has at least 25 requests, both allowed and denied, with unique IDs', () => {
    expect(table.length).toBeGreaterThanOrEqual(25);
    expect(table.filter((s) => s.expect === 'allowed').length).toBeGreaterThanOrEqual(20);
    expect(table.filter((s) => s.expect === 'denied').length).toBeGreaterThanOrEqual(20);
    expect(new Set(table.map((s) => s.id)).size).toBe(table.length);
  });

  it.each(table.map((s) => [s.id, s] as const))('%s', async (_id, s) => {
    const outcome = await run(cluster, s);
    expect({ id: s.id, decision: outcome.decision }).toEqual({ id: s.id, decision: s.expect });
  });
});

describe('the scenario table has teeth', () => {
  it('catches a policy that drops its tag conditions', async () => {
    const cluster = clusterModel();
    const loose = controllerPolicies(cluster).map((p) => ({
      name: p.name,
      document: {
        ...p.document,
        Statement: p.document.Statement.map((s) => ({ ...s, Condition: undefined })),
      },
    }));
    const role = arnBuilder(cluster.aws).role(cluster.iam.controllerRoleName, cluster.iam.path);
    const failing: string[] = [];
    for (const s of scenarios(cluster)) {
      const outcome = await simulateScenario(s, cluster.aws.accountId, role, loose, queuePolicy(cluster));
      if (outcome.decision !== s.expect) failing.push(s.id);
    }
    expect(failing).toEqual(
      expect.arrayContaining([
        'terminate-other-cluster',
        'run-instances-untagged',
        'pass-node-role-to-lambda',
        'describe-instance-types-other-region',
      ]),
    );
  });
});
