import { parse } from 'yaml';
import { argocdGenerator } from '../../../charts/argocd/argocd-generator';
import { APPLICATION_HEALTH_KEY } from '../../../charts/argocd/application-health';
import { ROOT_TEMPLATE_PATCH, rootParams } from '../../../charts/argocd/fleet-application-set';
import { ClusterModel, FleetModel } from '../../../model/shared/fleet-model';
import { validateFiles } from '../../../validation/validate-tree';
import { fleetFixture } from '../../support/fleet-fixtures';
import { Json } from './argo-fixtures';
import { textsOf } from '../../../model';

const RINGS = [
  { name: 'canary', targetRevision: 'main' },
  { name: 'prod', targetRevision: 'ring/prod' },
];

function fleetWith(patch: (c: ClusterModel) => ClusterModel): FleetModel {
  return { clusters: fleetFixture().clusters.map(patch) };
}

const asSet = (c: ClusterModel, ring?: string): ClusterModel => ({
  ...c,
  gitops: {
    ...c.gitops,
    fleetEntry: 'applicationset',
    ...(ring !== undefined
      ? { ring, rings: RINGS, targetRevision: RINGS.find((r) => r.name === ring)!.targetRevision }
      : {}),
  },
});

describe('ApplicationSet fleet entry (gitops.fleetEntry: applicationset)', () => {
  const fleet = fleetWith((c) => asSet(c, c.name === 'batch' ? 'canary' : 'prod'));
  const files = textsOf(argocdGenerator(fleet));
  const set: Json = parse(files.get('fleet/applicationset-argocd.yaml') ?? '');

  it('replaces the roots by one ApplicationSet and a parameter file per cluster', () => {
    expect([...files.keys()].filter((p) => p.startsWith('fleet/')).sort()).toEqual([
      'fleet/applicationset-argocd.yaml',
      'fleet/appproject-argocd.yaml',
      'fleet/argocd-cm-patch-argocd.yaml',
      'fleet/clusters/batch.json',
      'fleet/clusters/ticketing.json',
    ]);
  });

  it('reads the parameter files with a git-files generator at the first ring’s revision', () => {
    expect(set.metadata).toEqual({
      name: 'karpenter-gitops-roots',
      namespace: 'argocd',
      labels: { 'app.kubernetes.io/managed-by': 'karpenter-gitops' },
    });
    expect(set.spec.generators).toEqual([
      {
        git: {
          repoURL: 'https://github.com/example/platform-gitops.git',
          revision: 'main',
          files: [{ path: 'dist/fleet/clusters/*.json' }],
        },
      },
    ]);
    expect(set.spec.goTemplate).toBe(true);
    expect(set.spec.goTemplateOptions).toEqual(['missingkey=error']);
  });

  it('keeps every resource when the set is deleted', () => {
    expect(set.spec.syncPolicy).toEqual({ preserveResourcesOnDeletion: true });
    expect(set.spec.template.metadata.annotations).toEqual({
      'argocd.argoproj.io/sync-options': 'Delete=false,Prune=false',
    });
  });

  it('generates the same root as dist/fleet/root-<cluster>.yaml: same source, project and retry', () => {
    const roots = textsOf(argocdGenerator(fleetFixture()));
    const root: Json = parse(roots.get('fleet/root-ticketing.yaml') ?? '');
    const t = set.spec.template;
    expect(t.metadata.name).toBe('{{ .name }}');
    // No resources finalizer: with preserveResourcesOnDeletion the ApplicationSet adds none.
    expect(t.metadata.finalizers).toBeUndefined();
    expect(root.metadata.finalizers).toEqual(['resources-finalizer.argocd.argoproj.io']);
    expect(t.spec.project).toBe(root.spec.project);
    expect(t.spec.destination).toEqual(root.spec.destination);
    expect(t.spec.source).toEqual({
      repoURL: '{{ .source.repoURL }}',
      targetRevision: '{{ .source.targetRevision }}',
      path: '{{ .source.path }}',
      directory: { recurse: false },
    });
    expect(t.spec.syncPolicy.retry).toEqual(root.spec.syncPolicy.retry);
    expect(t.spec.syncPolicy.syncOptions).toEqual(['Delete=false']);
    expect(set.spec.templatePatch).toBe(ROOT_TEMPLATE_PATCH);
    expect(ROOT_TEMPLATE_PATCH).toContain('{{- range $key, $value := .labels }}');
    expect(ROOT_TEMPLATE_PATCH).toContain('{{- if .syncPolicy.automated }}');
  });

  it('writes each cluster’s root parameters, with its ring’s revision and ring label', () => {
    expect(JSON.parse(files.get('fleet/clusters/ticketing.json') ?? '')).toEqual({
      name: 'ticketing-karpenter-root',
      cluster: 'ticketing',
      source: {
        repoURL: 'https://github.com/example/platform-gitops.git',
        targetRevision: 'ring/prod',
        path: 'dist/ticketing/argocd',
      },
      labels: { 'app.kubernetes.io/managed-by': 'karpenter-gitops', 'karpenter-gitops.io/ring': 'prod' },
      syncPolicy: { automated: true, prune: true, selfHeal: true },
    });
    expect(rootParams(fleet.clusters[0]).source.targetRevision).toBe('main');
  });

  it('labels and points every child Application of a ring’s cluster at the ring’s revision', () => {
    const app: Json = parse(files.get('ticketing/argocd/application-nodepools.yaml') ?? '');
    expect(app.metadata.labels['karpenter-gitops.io/ring']).toBe('prod');
    expect(app.spec.source.targetRevision).toBe('ring/prod');
  });

  it('passes the Argo CD 3.5.1 schema checks, ApplicationSet and parameter files included', () => {
    const sources = [...files].map(([rel, text]) => ({ display: `dist/${rel}`, rel, text }));
    const { findings } = validateFiles(sources, { cfnLint: false });
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(findings.filter((f) => f.file.includes('fleet/'))).toEqual([]);
  });

  it('writes the stricter Application health check as an argocd-cm patch in every case', () => {
    const cm: Json = parse(files.get('fleet/argocd-cm-patch-argocd.yaml') ?? '');
    expect(cm.kind).toBe('ConfigMap');
    expect(cm.metadata.name).toBe('argocd-cm');
    expect(Object.keys(cm.data)).toEqual([APPLICATION_HEALTH_KEY]);
  });
});
