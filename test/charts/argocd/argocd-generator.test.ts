import { parse } from 'yaml';
import {
  argocdFleetWideGenerator,
  argocdGenerator,
  projectNameProblems,
} from '../../../charts/argocd/argocd-generator';
import { UserError } from '../../../model/shared/diagnostics';
import { FleetModel } from '../../../model/shared/fleet-model';
import { fleetFixture } from '../../support/fleet-fixtures';
import { textsOf } from '../../../model';

describe('argocdGenerator', () => {
  const files = textsOf(argocdGenerator(fleetFixture()));

  it('writes every cluster’s AppProject and Applications and the fleet entry point', () => {
    expect([...files.keys()].sort()).toEqual([
      'batch/argocd/application-controller.yaml',
      'batch/argocd/application-crd.yaml',
      'batch/argocd/application-nodepools.yaml',
      'batch/argocd/appproject.yaml',
      'fleet/appproject-argocd.yaml',
      'fleet/argocd-cm-patch-argocd.yaml',
      'fleet/root-batch.yaml',
      'fleet/root-ticketing.yaml',
      'ticketing/argocd/application-base.yaml',
      'ticketing/argocd/application-controller.yaml',
      'ticketing/argocd/application-crd.yaml',
      'ticketing/argocd/application-nodepools.yaml',
      'ticketing/argocd/appproject.yaml',
    ]);
  });

  it("labels a cluster's Applications, AppProject and fleet root with its gitops.clusterLabels", () => {
    const fleet = fleetFixture();
    const labelled: FleetModel = {
      clusters: fleet.clusters.map((c) =>
        c.name === 'ticketing'
          ? { ...c, gitops: { ...c.gitops, clusterLabels: { env: 'prod', region: 'ap-northeast-2' } } }
          : c,
      ),
    };
    const out = textsOf(argocdGenerator(labelled));
    const ticketing = [...out.keys()].filter(
      (p) => p.startsWith('ticketing/argocd/') || p === 'fleet/root-ticketing.yaml',
    );
    expect(ticketing).toHaveLength(6);
    for (const p of ticketing) {
      const o = parse(out.get(p) ?? '');
      expect([p, o.metadata.labels]).toEqual([
        p,
        { 'app.kubernetes.io/managed-by': 'karpenter-gitops', env: 'prod', region: 'ap-northeast-2' },
      ]);
    }
    // In the file, beside managed-by, sorted.
    expect(out.get('ticketing/argocd/application-controller.yaml')).toContain(
      '  labels:\n    app.kubernetes.io/managed-by: karpenter-gitops\n    env: prod\n    region: ap-northeast-2\n',
    );
    // The other cluster and the shared fleet AppProject carry only managed-by.
    for (const p of ['batch/argocd/appproject.yaml', 'fleet/root-batch.yaml', 'fleet/appproject-argocd.yaml'])
      expect([p, parse(out.get(p) ?? '').metadata.labels]).toEqual([
        p,
        { 'app.kubernetes.io/managed-by': 'karpenter-gitops' },
      ]);
  });

  it('gives every Application a fleet-unique name', () => {
    const names = [...files.values()]
      .map((t) => parse(t))
      .filter((o) => o.kind === 'Application')
      .map((o) => o.metadata.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('batch-karpenter');
    expect(names).toContain('ticketing-karpenter');
  });

  it('roots each cluster at dist/<cluster>/argocd in the fleet project', () => {
    const root = parse(files.get('fleet/root-ticketing.yaml') ?? '');
    expect(root.metadata.name).toBe('ticketing-karpenter-root');
    expect(root.spec.project).toBe('karpenter-gitops');
    expect(root.spec.source.path).toBe('dist/ticketing/argocd');
    expect(root.spec.destination).toEqual({ server: 'https://kubernetes.default.svc', namespace: 'argocd' });
    expect(root.spec.syncPolicy.syncOptions).toEqual(['Delete=false']);
    const project = parse(files.get('fleet/appproject-argocd.yaml') ?? '');
    expect(project.metadata.name).toBe('karpenter-gitops');
    expect(project.spec.clusterResourceWhitelist).toEqual([]);
    expect(project.spec.namespaceResourceWhitelist).toEqual([
      { group: 'argoproj.io', kind: 'AppProject' },
      { group: 'argoproj.io', kind: 'Application' },
    ]);
  });

  it('orders waves: project, base, CRDs, controller, node pools', () => {
    const wave = (p: string) =>
      Number(parse(files.get(p) ?? '').metadata.annotations['argocd.argoproj.io/sync-wave']);
    const order = [
      'appproject',
      'application-base',
      'application-crd',
      'application-controller',
      'application-nodepools',
    ].map((f) => wave(`ticketing/argocd/${f}.yaml`));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBe(order.length);
  });

  it('is byte-identical across runs', () => {
    expect(textsOf(argocdGenerator(fleetFixture()))).toEqual(files);
  });

  it('refuses two clusters sharing an AppProject, and the fleet project name', () => {
    const fleet = fleetFixture();
    const shared: FleetModel = {
      clusters: fleet.clusters.map((c) => ({ ...c, gitops: { ...c.gitops, project: 'platform' } })),
    };
    expect(() => textsOf(argocdGenerator(shared))).toThrow(UserError);
    const [d] = projectNameProblems(shared);
    expect(d.file).toBe('clusters/ticketing.yaml');
    expect(d.path).toBe('gitops.project');
    expect(d.message).toBe("AppProject 'platform' in namespace argocd is already used by cluster batch");
    const reserved: FleetModel = {
      clusters: [
        { ...fleet.clusters[0], gitops: { ...fleet.clusters[0].gitops, project: 'karpenter-gitops' } },
      ],
    };
    expect(projectNameProblems(reserved)[0].message).toContain('is the AppProject of the fleet');
  });
});

describe('fleet entry point with several Argo CD namespaces and repositories', () => {
  it('writes one fleet AppProject per Argo CD namespace, allowing only its clusters’ repositories', () => {
    const fleet = fleetFixture();
    const [batch, ticketing] = fleet.clusters;
    const split: FleetModel = {
      clusters: [
        {
          ...batch,
          gitops: {
            ...batch.gitops,
            argocdNamespace: 'argocd-batch',
            repoURL: 'https://git.example.com/b.git',
          },
        },
        ticketing,
      ],
    };
    const files = textsOf(argocdGenerator(split));
    const batchProject = parse(files.get('fleet/appproject-argocd-batch.yaml') ?? '');
    expect(batchProject.metadata.namespace).toBe('argocd-batch');
    expect(batchProject.spec.sourceRepos).toEqual(['https://git.example.com/b.git']);
    expect(batchProject.spec.destinations).toEqual([
      { server: 'https://kubernetes.default.svc', namespace: 'argocd-batch' },
    ]);
    const main = parse(files.get('fleet/appproject-argocd.yaml') ?? '');
    expect(main.spec.sourceRepos).toEqual(['https://github.com/example/platform-gitops.git']);
    const root = parse(files.get('fleet/root-batch.yaml') ?? '');
    expect(root.metadata.namespace).toBe('argocd-batch');
    expect(root.spec.source.repoURL).toBe('https://git.example.com/b.git');
    const app = parse(files.get('batch/argocd/application-controller.yaml') ?? '');
    expect(app.metadata.namespace).toBe('argocd-batch');
  });
});

describe('argocdFleetWideGenerator', () => {
  it('renders exactly the fleet-wide files of dist/fleet/ as argocdGenerator does, nothing per cluster', () => {
    const [batch, ticketing] = fleetFixture().clusters;
    const fleet: FleetModel = {
      clusters: [{ ...batch, gitops: { ...batch.gitops, fleetEntry: 'applicationset' } }, ticketing],
    };
    const all = textsOf(argocdGenerator(fleet));
    const wide = textsOf(argocdFleetWideGenerator(fleet));
    expect([...wide.keys()].sort()).toEqual([
      'fleet/applicationset-argocd.yaml',
      'fleet/appproject-argocd.yaml',
      'fleet/argocd-cm-patch-argocd.yaml',
    ]);
    for (const [path, text] of wide) expect(text).toBe(all.get(path));
    expect(all.has('fleet/clusters/batch.json')).toBe(true);
    expect(all.has('fleet/root-ticketing.yaml')).toBe(true);
  });

  it('refuses AppProject names that collide across clusters, as argocdGenerator does', () => {
    const [batch, ticketing] = fleetFixture().clusters;
    const fleet: FleetModel = {
      clusters: [batch, { ...ticketing, gitops: { ...ticketing.gitops, project: batch.gitops.project } }],
    };
    expect(() => argocdFleetWideGenerator(fleet)).toThrow(UserError);
    expect(() => argocdFleetWideGenerator(fleet)).toThrow(
      /AppProject 'batch' in namespace argocd is already used by cluster batch/,
    );
  });
});
