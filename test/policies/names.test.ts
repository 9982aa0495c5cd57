import { maxClusterNameLength, managedPolicyName, nameProblems, ruleName } from '../../policies/names';
import { clusterModel } from './fixtures';

describe('names', () => {
  it('derives policy and rule names from the cluster', () => {
    expect(managedPolicyName('NodeLifecycle', 'ticketing')).toBe(
      'KarpenterControllerNodeLifecyclePolicy-ticketing',
    );
    expect(ruleName('spotInterruption', 'ticketing')).toBe('Karpenter-ticketing-Spot');
  });

  it('accepts a cluster whose names all fit', () => {
    expect(nameProblems(clusterModel())).toEqual([]);
  });

  it('accepts the longest cluster name that fits and refuses one character more', () => {
    const max = maxClusterNameLength();
    expect(max).toBe(42);
    const ok = 'c'.repeat(max);
    expect(
      nameProblems(clusterModel({ name: ok, iam: { nodeRoleName: 'n', controllerRoleName: 'c' } })),
    ).toEqual([]);
    const tooLong = 'c'.repeat(max + 1);
    const problems = nameProblems(
      clusterModel({ name: tooLong, iam: { nodeRoleName: 'n', controllerRoleName: 'c' } }),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      file: `clusters/${tooLong}.yaml`,
      line: 1,
      path: 'name',
      fix: 'Use a cluster name of at most 42 characters',
    });
  });

  it('reports role names over 64 characters or with forbidden characters', () => {
    const problems = nameProblems(
      clusterModel({ iam: { nodeRoleName: 'r'.repeat(65), controllerRoleName: 'has space' } }),
    );
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['iam.nodeRoleName', `node role name '${'r'.repeat(65)}' is 65 characters; IAM allows at most 64`],
      ['iam.controllerRoleName', "controller role name 'has space' contains characters IAM does not allow"],
    ]);
  });

  it('reports a bad queue name and a bad IAM path', () => {
    const problems = nameProblems(clusterModel({ queueName: 'my.queue', iam: { path: 'karpenter' } }));
    expect(problems.map((p) => p.path)).toEqual(['karpenter.interruptionQueue.name', 'iam.path']);
  });

  it('reports tags AWS would refuse', () => {
    const problems = nameProblems(
      clusterModel({ tags: { 'aws:owner': 'x', team: 'a;b', ok: 'fine value' } }),
    );
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      ['tags.aws:owner', "tag key 'aws:owner' is not valid on AWS resources"],
      ['tags.team', "tag value 'a;b' is not valid on AWS resources"],
    ]);
  });
});
