import * as fs from 'fs';
import * as path from 'path';
import { distPaths } from '../../../model/shared/dist-layout';
import { loadFleet } from '../../../io/read-fleet';
import { synthesize } from '../../../synth/synthesize';
import { computeImpact, driftBudgetOf } from '../../../review/impact/compute-impact';
import { formatPath } from '../../../review/impact/field-path';
import { ImpactReport, isClassified } from '../../../review/impact/impact-report';
import {
  cloudFormation,
  clone,
  exampleObjects,
  Obj,
  setPath,
  toDistFiles,
  writeTree,
} from '../dist-fixtures';
import { DEMO_FLEET_ROOT } from '../../support/demo-fleet';

function impact(change: (objects: Map<string, Obj>) => void): ImpactReport {
  const before = exampleObjects();
  const after = new Map([...before].map(([k, v]) => [k, clone(v)]));
  change(after);
  return computeImpact(
    { label: 'base:dist', files: toDistFiles(before) },
    { label: 'dist', files: toDistFiles(after) },
  );
}

function obj(m: Map<string, Obj>, p: string): Obj {
  const o = m.get(p);
  if (!o) throw new Error(`no fixture at ${p}`);
  return o;
}

function pools(report: ImpactReport): string[] {
  return report.clusters.flatMap((c) => c.pools.map((p) => `${c.name}/${p.pool}:${p.impact}`));
}

describe('computeImpact', () => {
  it('reports node replacement for exactly the pools using a class whose AMI alias changed', () => {
    const report = impact((m) =>
      setPath(obj(m, distPaths.nodeClass('dataops', 'dataops')), 'spec.amiSelectorTerms', [
        { alias: 'al2023@v20260625' },
      ]),
    );
    expect(pools(report)).toEqual(['dataops/batch:replaces']);
    const [cluster] = report.clusters;
    expect(cluster.name).toBe('dataops');
    expect(cluster.resources).toHaveLength(1);
    const r = cluster.resources[0];
    expect(r).toMatchObject({
      kind: 'EC2NodeClass',
      name: 'dataops',
      change: 'changed',
      impact: 'replaces',
      affectedPools: ['batch'],
    });
    expect(r.fields.map((f) => formatPath(f.path))).toEqual(['spec.amiSelectorTerms[0].alias']);
    const f = r.fields[0];
    expect(f.before).toBe('al2023@v20260714');
    expect(f.after).toBe('al2023@v20260625');
    expect(isClassified(f) && f.reason).toContain('AMIDrift');
    expect(report.totals).toEqual({
      resourcesChanged: 1,
      poolsReplaced: 1,
      poolsMaybeReplaced: 0,
      poolsDeleted: 0,
    });
  });

  it('carries a class change in a cluster with three pools to all three, sorted', () => {
    const report = impact((m) =>
      setPath(obj(m, distPaths.nodeClass('ticketing', 'default')), 'spec.amiSelectorTerms', [
        { alias: 'al2023@v20260625' },
      ]),
    );
    expect(report.clusters[0].resources[0].affectedPools).toEqual([
      'loadtest',
      'mixed-workload',
      'on-demand-critical',
    ]);
    expect(pools(report)).toEqual([
      'ticketing/loadtest:replaces',
      'ticketing/mixed-workload:replaces',
      'ticketing/on-demand-critical:replaces',
    ]);
  });

  it('reports no node replacement when only limits change', () => {
    const report = impact((m) =>
      setPath(obj(m, distPaths.nodePool('dataops', 'batch')), 'spec.limits.cpu', '200'),
    );
    expect(pools(report)).toEqual([]);
    const r = report.clusters[0].resources[0];
    expect(r).toMatchObject({ kind: 'NodePool', name: 'batch', impact: 'none' });
    expect(r.fields).toHaveLength(1);
    expect(formatPath(r.fields[0].path)).toBe('spec.limits.cpu');
    expect(isClassified(r.fields[0]) && r.fields[0].reason).toContain('behavioural');
    expect(report.totals.poolsReplaced + report.totals.poolsMaybeReplaced + report.totals.poolsDeleted).toBe(
      0,
    );
  });

  it('flags a deleted pool as deleting its nodes', () => {
    const report = impact((m) => m.delete(distPaths.nodePool('ticketing', 'loadtest')));
    expect(pools(report)).toEqual(['ticketing/loadtest:deletes']);
    expect(report.clusters[0].resources[0]).toMatchObject({
      kind: 'NodePool',
      name: 'loadtest',
      change: 'removed',
      impact: 'deletes',
    });
    expect(report.clusters[0].resources[0].note).toContain('terminates every node');
    expect(report.totals.poolsDeleted).toBe(1);
  });

  it('says when Argo CD will not prune the deleted pool by itself', () => {
    const application = (prune: boolean): Obj => ({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name: 'ticketing-karpenter-nodepools', namespace: 'argocd' },
      spec: { source: { path: 'dist/ticketing/karpenter' }, syncPolicy: { automated: { prune } } },
    });
    for (const prune of [true, false]) {
      const report = impact((m) => {
        m.set('ticketing/argocd/application-nodepools.yaml', application(prune));
        m.delete(distPaths.nodePool('ticketing', 'loadtest'));
      });
      const removed = report.clusters[0].resources.find((r) => r.change === 'removed');
      expect(removed?.impact).toBe('deletes');
      expect(removed?.note?.includes('does not prune automatically')).toBe(!prune);
    }
  });

  it('does not carry a class drift to a pool deleted in the same change', () => {
    const report = impact((m) => {
      setPath(obj(m, distPaths.nodeClass('ticketing', 'default')), 'spec.userData', 'echo hi');
      m.delete(distPaths.nodePool('ticketing', 'loadtest'));
    });
    expect(pools(report)).toEqual([
      'ticketing/loadtest:deletes',
      'ticketing/mixed-workload:replaces',
      'ticketing/on-demand-critical:replaces',
    ]);
  });

  it('treats a new pool as no impact and orders classes before pools', () => {
    const report = impact((m) => {
      m.set(
        distPaths.nodePool('ticketing', 'gpu'),
        clone(obj(m, distPaths.nodePool('ticketing', 'loadtest'))),
      );
      setPath(obj(m, distPaths.nodePool('ticketing', 'gpu')), 'metadata.name', 'gpu');
      setPath(obj(m, distPaths.nodeClass('ticketing', 'default')), 'spec.tags.team', 'other');
    });
    expect(report.clusters[0].resources.map((r) => `${r.kind}/${r.name}:${r.change}:${r.impact}`)).toEqual([
      'EC2NodeClass/default:changed:replaces',
      'NodePool/gpu:added:none',
    ]);
    // The new pool has no existing nodes, so it is not among the affected pools.
    expect(report.clusters[0].resources[0].affectedPools).toEqual([
      'loadtest',
      'mixed-workload',
      'on-demand-critical',
    ]);
  });

  it('reports narrowed requirements as may-replace and names the dropped value', () => {
    const report = impact((m) =>
      setPath(obj(m, distPaths.nodePool('dataops', 'batch')), 'spec.template.spec.requirements', [
        { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] },
        { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
      ]),
    );
    expect(pools(report)).toEqual(['dataops/batch:may-replace']);
    const f = report.clusters[0].resources[0].fields[0];
    expect(isClassified(f) && f.reason).toContain('with value on-demand');
  });

  it('a cluster moved from CloudFormation to Terraform: the template removed, the module added, both listed', () => {
    const before = exampleObjects();
    before.set(distPaths.cloudFormation('dataops'), cloudFormation('KarpenterNodeRole-test', 'dataops'));
    const after = new Map([...before].map(([k, v]) => [k, clone(v)]));
    after.delete(distPaths.cloudFormation('dataops'));
    const module = { resource: { aws_iam_role: { node: { name: 'KarpenterNodeRole-test' } } } };
    const report = computeImpact(
      { label: 'a', files: toDistFiles(before) },
      {
        label: 'b',
        files: toDistFiles(after, {
          'dataops/terraform/karpenter.tf.json': JSON.stringify(module),
          'dataops/terraform/policy-proof.txt': 'template: sha256:0\n',
        }),
      },
    );
    const sides = report.clusters[0].awsSide.map((a) => [a.target, a.file, a.change, a.resources.length]);
    expect(sides).toEqual([
      ['CloudFormation', 'dataops/cloudformation/karpenter.json', 'removed', 2],
      ['Terraform', 'dataops/terraform/karpenter.tf.json', 'added', 1],
    ]);
    expect(report.clusters[0].awsSide[1].resources[0]).toMatchObject({
      logicalId: 'aws_iam_role.node',
      type: 'aws_iam_role',
      change: 'added',
    });
    expect(report.clusters[0].resources.map((r) => r.file)).toEqual([]);
    expect(report.clusters[0].awsSide[0].note).toBeUndefined();
    expect(report.clusters[0].awsSide[1].note).toMatch(
      /^moved from CloudFormation to Terraform: both own the same role, policy, queue and rule names/,
    );
  });

  it('a cluster that stays but whose AWS side is no longer generated gets a note on the removed template', () => {
    const before = exampleObjects();
    before.set(distPaths.cloudFormation('dataops'), cloudFormation('KarpenterNodeRole-test', 'dataops'));
    const after = new Map([...before].map(([k, v]) => [k, clone(v)]));
    after.delete(distPaths.cloudFormation('dataops'));
    const report = computeImpact(
      { label: 'a', files: toDistFiles(before) },
      { label: 'b', files: toDistFiles(after) },
    );
    const side = report.clusters[0].awsSide;
    expect(side.map((x) => [x.target, x.change])).toEqual([['CloudFormation', 'removed']]);
    expect(side[0].note).toMatch(
      /^the AWS side is no longer generated \(aws.managedBy: external\): removing the CloudFormation resources deletes/,
    );
    expect(report.clusters[0].decommission).toBeUndefined();
  });

  it('summarises CloudFormation changes and warns about a renamed node role', () => {
    const before = exampleObjects();
    before.set(distPaths.cloudFormation('dataops'), cloudFormation('KarpenterNodeRole-test', 'dataops'));
    const after = new Map([...before].map(([k, v]) => [k, clone(v)]));
    after.set(distPaths.cloudFormation('dataops'), cloudFormation('KarpenterNodeRole-new', 'dataops'));
    const report = computeImpact(
      { label: 'a', files: toDistFiles(before) },
      { label: 'b', files: toDistFiles(after) },
    );
    const cfn = report.clusters[0].awsSide.find((a) => a.target === 'CloudFormation');
    expect(cfn?.file).toBe('dataops/cloudformation/karpenter.json');
    expect(cfn?.resources).toHaveLength(1);
    expect(cfn?.resources[0]).toMatchObject({
      logicalId: 'KarpenterNodeRole',
      type: 'AWS::IAM::Role',
      area: 'IAM',
      change: 'changed',
      replacement: true,
    });
    expect(cfn?.resources[0].warnings[0]).toContain(
      'node role renamed KarpenterNodeRole-test → KarpenterNodeRole-new',
    );
  });

  it('ignores a file rename that keeps the same object', () => {
    const before = exampleObjects();
    const after = new Map(before);
    const o = before.get(distPaths.nodePool('dataops', 'edge')) as Obj;
    after.delete(distPaths.nodePool('dataops', 'edge'));
    after.set('dataops/karpenter/renamed.yaml', o);
    const report = computeImpact(
      { label: 'a', files: toDistFiles(before) },
      { label: 'b', files: toDistFiles(after) },
    );
    expect(report.clusters).toEqual([]);
  });

  it('names a file that is not valid YAML', () => {
    const files = toDistFiles(exampleObjects(), { 'ticketing/karpenter/broken.yaml': 'a: [1, 2\n' });
    expect(() =>
      computeImpact({ label: 'old', files: toDistFiles(exampleObjects()) }, { label: 'new', files }),
    ).toThrow(/new\/ticketing\/karpenter\/broken\.yaml:\d+:1 is not valid YAML/);
  });
});

describe('driftBudgetOf', () => {
  it('uses the budgets that apply to Drifted, Karpenter default otherwise', () => {
    expect(driftBudgetOf({ spec: {} })).toBe('10% (default)');
    expect(
      driftBudgetOf({
        spec: {
          disruption: {
            budgets: [
              { nodes: '20%' },
              { nodes: '0', reasons: ['Underutilized'] },
              { nodes: '1', reasons: ['Drifted'], schedule: '0 9 * * *', duration: '8h' },
            ],
          },
        },
      }),
    ).toBe('20%, 1 during "0 9 * * *" for 8h');
    expect(driftBudgetOf({ spec: { disruption: { budgets: [{ nodes: '0', reasons: ['Empty'] }] } } })).toBe(
      'unlimited (no budget applies to Drifted)',
    );
  });
});

describe('computeImpact over the real pipeline (demo fleet)', () => {
  // Copies the demo fleet's clusters/ to a temporary project, edits one file, synthesizes both.
  const root = DEMO_FLEET_ROOT;
  function synthWith(edit: (files: Map<string, string>) => void) {
    const texts = new Map(
      fs
        .readdirSync(path.join(root, 'clusters'))
        .map((n) => [n, fs.readFileSync(path.join(root, 'clusters', n), 'utf8')]),
    );
    edit(texts);
    const tmp = writeTree(new Map([...texts].map(([n, t]) => [`clusters/${n}`, t])), 'review-fleet-');
    return synthesize(loadFleet(tmp).fleet);
  }
  const base = synthesize(loadFleet(root).fleet);
  const fleet = loadFleet(root).fleet;

  it('an alias change replaces nodes of exactly the pools using that class', () => {
    const cluster = fleet.clusters.find((c) => c.nodeClasses.some((k) => k.amiSelectorTerms[0]?.alias));
    const klass = cluster?.nodeClasses.find((k) => k.amiSelectorTerms[0]?.alias);
    if (!cluster || !klass) throw new Error('the demo fleet has no class with an alias');
    const alias = klass.amiSelectorTerms[0].alias as string;
    const changed = synthWith((t) => {
      const file = `${cluster.name}.yaml`;
      t.set(file, (t.get(file) as string).replace(`alias: ${alias}`, 'alias: al2023@v20991231'));
    });
    const report = computeImpact({ label: 'a', files: base }, { label: 'b', files: changed });
    const expected = cluster.nodePools
      .filter((p) => p.nodeClass === klass.name)
      .map((p) => `${cluster.name}/${p.name}:replaces`);
    expect(expected.length).toBeGreaterThan(0);
    expect(pools(report)).toEqual(expected.sort());
  });

  // Issue 36's cases written in the fleet, through synth and impact: [file, text, replacement,
  // expected pool verdicts, a part of the decisive field reason]. Karpenter functions: see
  // karpenter-drift-cases.test.ts.
  const LOADTEST_REQ = (req: string) => `    expireAfter: 24h\n    requirements:\n      - ${req}\n`;
  it.each([
    [
      'expireAfter 336h → 20160m',
      'dataops.yaml',
      'expireAfter: 336h',
      'expireAfter: 20160m',
      [],
      'the same duration',
    ],
    [
      'terminationGracePeriod 48h → 2880m',
      'dataops.yaml',
      'terminationGracePeriod: 48h',
      'terminationGracePeriod: 2880m',
      [],
      'metav1.Duration is hashed as its number',
    ],
    [
      'capacityTypes [spot] → [on-demand]',
      'ticketing.yaml',
      'capacityTypes: [spot]\n    architectures: [amd64, arm64]',
      'capacityTypes: [on-demand]\n    architectures: [amd64, arm64]',
      ['ticketing/mixed-workload:replaces'],
      'every existing node fails the new requirements',
    ],
    [
      'In [gold, silver] on a custom key',
      'ticketing.yaml',
      '    expireAfter: 24h\n',
      LOADTEST_REQ('{ key: example.com/tier, operator: In, values: [gold, silver] }'),
      ['ticketing/loadtest:replaces'],
      'no node carries example.com/tier',
    ],
    [
      'NotIn [bronze] on a custom key',
      'ticketing.yaml',
      '    expireAfter: 24h\n',
      LOADTEST_REQ('{ key: example.com/tier, operator: NotIn, values: [bronze] }'),
      [],
      'no existing node fails it',
    ],
    [
      'workload In [loadtest, perf] where the template sets workload: loadtest',
      'ticketing.yaml',
      '    expireAfter: 24h\n',
      LOADTEST_REQ('{ key: workload, operator: In, values: [loadtest, perf] }'),
      [],
      'every node carries workload=loadtest (a template label)',
    ],
    [
      'instance-hypervisor Exists',
      'ticketing.yaml',
      '    expireAfter: 24h\n',
      LOADTEST_REQ('{ key: karpenter.k8s.aws/instance-hypervisor, operator: Exists }'),
      [],
      'every AWS node carries karpenter.k8s.aws/instance-hypervisor',
    ],
    [
      'one more subnet selector term',
      'dataops.yaml',
      '      - tags: { karpenter.sh/discovery: dataops, example.com/tier: private }\n',
      '      - tags: { karpenter.sh/discovery: dataops, example.com/tier: private }\n      - id: subnet-0123456789abcdef0\n',
      [],
      'subnet terms only add subnets',
    ],
  ])('%s', (_name, file, from, to, expectedPools, reason) => {
    const changed = synthWith((t) => {
      const text = t.get(file) as string;
      expect(text.split(from)).toHaveLength(2);
      t.set(file, text.replace(from, to));
    });
    const report = computeImpact({ label: 'a', files: base }, { label: 'b', files: changed });
    expect(pools(report)).toEqual(expectedPools);
    const fields = report.clusters.flatMap((c) => c.resources.flatMap((r) => r.fields.filter(isClassified)));
    expect(fields.length).toBeGreaterThan(0);
    const decisive = fields.filter((f) => f.impact === (expectedPools.length > 0 ? 'replaces' : 'none'));
    expect(decisive.map((f) => f.reason).join(' | ')).toContain(reason);
    if (expectedPools.length > 0) expect(decisive.every((f) => f.cause === 'requirements')).toBe(true);
  });
});
