import { formatDiagnostic } from '../../model/shared/diagnostics';
import { loadFleetFromSources } from '../../model/load-fleet';
import {
  fieldSource,
  maxClusterNameLength,
  managedPolicyName,
  nameProblems,
  ruleName,
} from '../../policies/names';
import { userErrorsOf } from '../support/fleet-files';
import { clusterModel } from './fixtures';

/** One cluster file through the real loader. */
function clusterFile(name: string, extra: string): string {
  return [
    `name: ${name}`,
    'aws:',
    '  accountId: "111122223333"',
    '  region: eu-west-1',
    extra,
    'gitops:',
    '  repoURL: https://example.com/fleet.git',
    '  destination: { name: shop }',
    'nodeClasses:',
    '  default:',
    '    alias: al2023@v20260714',
    'nodePools:',
    '  general:',
    '    nodeClass: default',
    '    limits: { cpu: "200" }',
    '',
  ].join('\n');
}
function load(text: string) {
  return loadFleetFromSources([{ path: 'clusters/probe.yaml', text }]);
}
function loaderErrors(text: string): string[] {
  return userErrorsOf(() => load(text)).map(formatDiagnostic);
}
const EXPLICIT_ROLES = 'iam:\n  controllerRoleName: KarpenterController\n  nodeRoleName: KarpenterNode';

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

  describe('with the loader in front (positions of the fields as written)', () => {
    it('the loader refuses a 41-character cluster name first when the role names derive from it', () => {
      const errors = loaderErrors(clusterFile('c'.repeat(41), ''));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(
        /^clusters\/probe\.yaml:1:7 iam\.controllerRoleName: role name 'KarpenterControllerRole-c{41}' \(derived from the cluster name\) is 65 characters; IAM allows 64\./,
      );
      // 40 characters is the longest the derived role names allow, and everything else fits.
      const { fleet } = load(clusterFile('c'.repeat(40), ''));
      expect(nameProblems(fleet.clusters[0])).toEqual([]);
    });

    it('with explicit role names, only names.ts refuses a 43-character name, at the name: value', () => {
      const { fleet } = load(clusterFile('c'.repeat(43), EXPLICIT_ROLES));
      const problems = nameProblems(fleet.clusters[0]);
      expect(problems.map(formatDiagnostic)).toEqual([
        `clusters/probe.yaml:1:7 name: cluster name makes the EventBridge rule name 'Karpenter-${'c'.repeat(43)}-StateChange' 65 characters; EventBridge allows at most 64 of [.-_A-Za-z0-9]. Use a cluster name of at most 42 characters.`,
      ]);
      const fits = load(clusterFile('c'.repeat(42), EXPLICIT_ROLES));
      expect(nameProblems(fits.fleet.clusters[0])).toEqual([]);
    });

    it("points at the field's line and column, not at the cluster's first line", () => {
      // The loader refuses '//' itself now; names.ts stays a backstop for models built
      // elsewhere, so feed it one directly, keeping the positions the loader recorded.
      const { fleet } = load(
        clusterFile('shop', 'iam:\n  path: /ok/\ntags:\n  team: web\n  owner: platform'),
      );
      const loaded = fleet.clusters[0];
      const cluster = { ...loaded, iam: { ...loaded.iam, path: '//' } };
      expect(nameProblems(cluster).map(formatDiagnostic)).toEqual([
        "clusters/probe.yaml:6:9 iam.path: IAM path '//' is not valid. Use '/' or a path like '/karpenter/'.",
      ]);
      expect(fieldSource(cluster, 'tags.owner')).toEqual({ file: 'clusters/probe.yaml', line: 9, col: 10 });
      expect(fieldSource(cluster, 'tags')).toEqual({ file: 'clusters/probe.yaml', line: 8, col: 3 });
      // Not written: a derived role name points at name:.
      expect(fieldSource(cluster, 'iam.nodeRoleName')).toEqual({
        file: 'clusters/probe.yaml',
        line: 1,
        col: 7,
      });
    });

    it('points a derived name at the file when the cluster name is the file name', () => {
      const text = clusterFile('x', '').replace(/^name: x\n/, '');
      const { fleet } = loadFleetFromSources([{ path: 'clusters/shop.yaml', text }]);
      expect(fieldSource(fleet.clusters[0], 'iam.nodeRoleName')).toEqual({
        file: 'clusters/shop.yaml',
        line: 1,
        col: 1,
      });
    });
  });
});
