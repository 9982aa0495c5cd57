/** Renames, removed clusters, rings and keyed CloudFormation tags in the impact report: exact lines. */
import { distPaths } from '../../../model/shared/dist-layout';
import { computeImpact } from '../../../review/impact/compute-impact';
import { ImpactReport } from '../../../review/impact/impact-report';
import { detectRenames } from '../../../review/impact/renames';
import { renderJson } from '../../../review/impact/render-json';
import { renderMarkdown } from '../../../review/impact/render-markdown';
import { clone, cloudFormation, exampleObjects, Obj, toDistFiles } from '../dist-fixtures';

function compare(before: Map<string, Obj>, after: Map<string, Obj>): ImpactReport {
  return computeImpact(
    { label: 'base:dist', files: toDistFiles(before) },
    { label: 'dist', files: toDistFiles(after) },
  );
}

function changed(edit: (m: Map<string, Obj>) => void): { before: Map<string, Obj>; after: Map<string, Obj> } {
  const before = exampleObjects();
  const after = new Map([...before].map(([k, v]) => [k, clone(v)]));
  edit(after);
  return { before, after };
}

function rename(m: Map<string, Obj>, from: string, to: string, path: (n: string) => string): Obj {
  const o = m.get(path(from)) as Obj;
  m.delete(path(from));
  (o.metadata as Obj).name = to;
  m.set(path(to), o);
  return o;
}

const lines = (r: ImpactReport) => renderMarkdown(r).split('\n');

const application = (cluster: string, ring: string): Obj => ({
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Application',
  metadata: {
    name: `${cluster}-karpenter`,
    namespace: 'argocd',
    labels: { 'karpenter-gitops.io/ring': ring },
  },
  spec: {},
});

describe('impact report: renames', () => {
  it('reports a renamed pool as a rename whose every node is replaced', () => {
    const { before, after } = changed((m) =>
      rename(m, 'loadtest', 'load-test', (n) => distPaths.nodePool('ticketing', n)),
    );
    const report = compare(before, after);
    const text = lines(report);
    expect(text).toContain(
      '> **1 NodePool deleted with all their nodes**: ticketing/loadtest. **Renamed** (Kubernetes deletes and recreates; the nodes are replaced): ticketing/loadtest → ticketing/load-test.',
    );
    expect(text).toContain('| ticketing | NodePool/load-test | added (renamed from loadtest) | no |');
    expect(text).toContain(
      '| ticketing | NodePool/loadtest | removed (renamed to load-test) | **deletes nodes** |',
    );
    expect(text).toContain(
      '- renamed to load-test: Kubernetes cannot rename a NodePool, so Argo CD deletes loadtest and creates load-test; every node of pool loadtest is replaced: Karpenter drains and terminates all of them at once (cascading deletion; disruption budgets do not pace it) and load-test launches new nodes for the pending pods',
    );
    expect(text).toContain('- renamed from loadtest: replaces every node of pool loadtest');
    const json = JSON.parse(renderJson(report));
    expect(json.clusters[0].resources.map((r: Obj) => [r.name, r.renamedFrom, r.renamedTo])).toEqual([
      ['load-test', 'loadtest', null],
      ['loadtest', null, 'load-test'],
    ]);
  });

  it('reports a renamed node class and names the pools whose nodes are replaced', () => {
    const { before, after } = changed((m) => {
      rename(m, 'dataops', 'data', (n) => distPaths.nodeClass('dataops', n));
      const batch = m.get(distPaths.nodePool('dataops', 'batch')) as Obj;
      ((((batch.spec as Obj).template as Obj).spec as Obj).nodeClassRef as Obj).name = 'data';
    });
    const report = compare(before, after);
    expect(report.clusters[0].pools.map((p) => [p.pool, p.impact])).toEqual([['batch', 'replaces']]);
    const text = lines(report);
    expect(text).toContain('| dataops | EC2NodeClass/data | added (renamed from dataops) | no |');
    expect(text).toContain(
      '- renamed from dataops: pools batch now reference data, so every node of that pool drifts and is replaced',
    );
    expect(text).toContain(
      '- renamed to data: Argo CD deletes dataops and creates data; its finalizer holds the deletion until no NodeClaim uses it',
    );
  });

  it('does not call it a rename when the spec changed too, or the match is ambiguous', () => {
    const { before, after } = changed((m) => {
      const o = rename(m, 'loadtest', 'load-test', (n) => distPaths.nodePool('ticketing', n));
      (o.spec as Obj).weight = 7;
    });
    expect(compare(before, after).clusters[0].resources.every((r) => r.renamedTo === undefined)).toBe(true);
    const candidates = [
      { kind: 'NodePool', name: 'a', change: 'removed' as const },
      { kind: 'NodePool', name: 'b', change: 'added' as const },
      { kind: 'NodePool', name: 'c', change: 'added' as const },
    ];
    const same = (name: string) => ({
      cluster: 'x',
      file: '',
      kind: 'NodePool',
      name,
      body: { spec: { s: 1 } },
    });
    expect(
      detectRenames(
        candidates,
        new Map([['a', same('a')]]),
        new Map([
          ['b', same('b')],
          ['c', same('c')],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('impact report: removed cluster, rings, untracked files', () => {
  it('gives the removal order for a removed cluster and the rings each change touches', () => {
    const before = exampleObjects();
    before.set('ticketing/argocd/application-controller.yaml', application('ticketing', 'canary'));
    before.set('dataops/argocd/application-controller.yaml', application('dataops', 'prod'));
    before.set(distPaths.cloudFormation('dataops'), cloudFormation('KarpenterNodeRole-dataops', 'dataops'));
    const after = new Map(
      [...before].filter(([k]) => !k.startsWith('dataops/')).map(([k, v]) => [k, clone(v)]),
    );
    (after.get(distPaths.nodePool('ticketing', 'loadtest'))!.spec as Obj).weight = 3;
    const report = compare(before, after);
    expect(report.clusters.map((c) => [c.name, c.ring, c.decommission !== undefined])).toEqual([
      ['dataops', 'prod', true],
      ['ticketing', 'canary', false],
    ]);
    const text = lines(report);
    expect(text).toContain(
      'Rings touched: prod (dataops), canary (ticketing). Each ring gets the change when it is promoted (`karpenter-gitops promote --to <ring>`).',
    );
    expect(text).toContain('#### dataops (ring prod)');
    const start = text.indexOf(
      "**Cluster removed.** Merging removes the files only: the cluster's Applications carry Prune=false, so Argo CD deletes nothing by itself. Remove its Karpenter in this order:",
    );
    expect(start).toBeGreaterThan(0);
    expect(text.slice(start + 2, start + 6)).toEqual([
      '1. Delete dataops-karpenter-nodepools (argocd app delete dataops-karpenter-nodepools --cascade): Argo CD deletes the NodePools and EC2NodeClasses, and Karpenter drains and terminates every node they launched, all pools at once',
      '2. Wait until no node is left: kubectl get nodeclaims shows none (the EC2NodeClass finalizers hold until then)',
      '3. Delete dataops-karpenter (the controller must outlive the nodes it terminates), then dataops-karpenter-crd (the CRDs stay: Delete=false), dataops-karpenter-base if present, and dataops-karpenter-root',
      '4. Delete the CloudFormation stack last (the controller and the nodes use its roles and queue until they are gone)',
    ]);
  });

  it("ends the removal order with the words of the removed cluster's AWS-side target (targets table)", () => {
    const lastStep = (files: Map<string, Obj>): string | undefined => {
      const after = new Map([...files].filter(([k]) => !k.startsWith('dataops/')));
      return compare(files, after).clusters.find((c) => c.name === 'dataops')?.decommission?.[3];
    };
    const withTerraform = exampleObjects();
    withTerraform.set('dataops/terraform/karpenter.tf.json', {
      resource: { aws_iam_role: { node: { name: 'KarpenterNodeRole-dataops' } } },
    });
    expect(lastStep(withTerraform)).toBe(
      'Remove the Terraform module last (terraform destroy, or delete its module block and apply: the controller and the nodes use its roles and queue until they are gone)',
    );
    const withAck = exampleObjects();
    withAck.set('dataops/ack/karpenter.yaml', {
      apiVersion: 'iam.services.k8s.aws/v1alpha1',
      kind: 'Role',
      metadata: { name: 'karpenter-node', namespace: 'ack-system' },
      spec: { name: 'KarpenterNodeRole-dataops' },
    });
    expect(lastStep(withAck)).toBe(
      'Delete dataops-karpenter-aws last (the controller and the nodes use its roles and queue until they are gone); with deletion-policy retain (the default) ACK leaves the roles and the queue in AWS: delete them there once nothing uses them',
    );
    // No AWS-side file in dist/ (aws.managedBy: external): the tool never made a stack to delete.
    expect(lastStep(exampleObjects())).toBe(
      'Remove the roles and the queue last, where the team manages AWS (aws.managedBy is external: the tool generated nothing)',
    );
  });

  it('says what Karpenter does to the nodes of a removed pool and in what order to remove things', () => {
    const { before, after } = changed((m) => m.delete(distPaths.nodePool('ticketing', 'loadtest')));
    expect(lines(compare(before, after))).toContain(
      '- Karpenter terminates every node of the pool (NodeClaims are owned by the NodePool; cascading deletion), draining all of them at once: disruption budgets do not pace a deletion. Order: first make sure the remaining pools can run its pods (else they stay Pending), then merge; remove its EC2NodeClass in a later change, once no NodeClaim uses it',
    );
  });

  it('flags untracked files in dist/', () => {
    const { before, after } = changed(() => undefined);
    const report = { ...compare(before, after), untracked: ['ticketing/karpenter/nodepool-old.yaml'] };
    expect(lines(report)).toContain(
      '> ⚠️ 1 untracked file in dist/ is compared here but not committed, so Argo CD will not sync it: `ticketing/karpenter/nodepool-old.yaml`. Commit it or delete it.',
    );
  });
});

describe('impact report: CloudFormation tags by key', () => {
  const withTags = (tags: { Key: string; Value: string }[]): Map<string, Obj> => {
    const cf = cloudFormation('KarpenterNodeRole-edge', 'edge');
    ((cf.Resources as Obj).KarpenterNodeRole as { Properties: Obj }).Properties.Tags = tags;
    return new Map([[distPaths.cloudFormation('edge'), cf]]);
  };

  it('reports one added tag as one added tag, not a chain of renames', () => {
    const report = compare(
      withTags([
        { Key: 'a', Value: '1' },
        { Key: 'c', Value: '3' },
      ]),
      withTags([
        { Key: 'a', Value: '1' },
        { Key: 'b', Value: '2' },
        { Key: 'c', Value: '3' },
      ]),
    );
    const text = lines(report);
    expect(text).toContain('  - `Properties.Tags[b]`: added `{"Key":"b","Value":"2"}`');
    expect(text.filter((l) => l.startsWith('  - '))).toHaveLength(1);
  });
});
