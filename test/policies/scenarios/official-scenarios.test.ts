import { arnBuilder } from '../../../policies/partition';
import { controllerPolicies } from '../../../policies/controller-policies';
import { queuePolicy } from '../../../policies/interruption-queue';
import { builtInOfficialPolicy } from '../../../policies/official-policy-versions';
import { officialScenarios } from '../../../policies/scenarios/official-scenarios';
import { scenarios } from '../../../policies/scenarios/scenarios';
import { simulateScenario } from '../../../policies/scenarios/simulate-scenario';
import { clusterModel, fullCluster } from '../fixtures';
import { withExtraAction } from '../official-fixtures';

const OFFICIAL = builtInOfficialPolicy('1.14.1')!;

describe('scenarios from the official policy', () => {
  it('none where ours has every official action (the table and its proof record are unchanged)', () => {
    for (const c of [clusterModel(), fullCluster()]) {
      expect(officialScenarios(c)).toEqual([]);
      expect(scenarios(c).some((s) => s.id.startsWith('official-action-'))).toBe(false);
    }
  });

  it('an official action ours lacks fails the proof, naming the action', async () => {
    const cluster = clusterModel();
    const table = officialScenarios(cluster, withExtraAction(OFFICIAL, 'ec2:DescribeInstanceTopology'));
    expect(table.map((s) => [s.id, s.expect, s.action, s.description])).toEqual([
      [
        'official-action-ec2-describeinstancetopology',
        'allowed',
        'ec2:DescribeInstanceTopology',
        'ec2:DescribeInstanceTopology, which the official policy of Karpenter 1.14.1 grants (NodeLifecyclePolicy/AllowScopedEC2InstanceAccessActions) and ours lacks',
      ],
    ]);
    const role = arnBuilder(cluster.aws).role(cluster.iam.controllerRoleName, cluster.iam.path);
    const policies = controllerPolicies(cluster).map((p) => ({ name: p.name, document: p.document }));
    const outcome = await simulateScenario(
      table[0],
      cluster.aws.accountId,
      role,
      policies,
      queuePolicy(cluster),
    );
    expect(outcome.decision).toBe('denied');
  });

  it('a version without an official policy (1.0.14) has no such scenarios', () => {
    expect(builtInOfficialPolicy('1.0.14')).toBeUndefined();
    const c = clusterModel();
    expect(officialScenarios({ ...c, karpenter: { ...c.karpenter, version: '1.0.14' } })).toEqual([]);
  });
});
