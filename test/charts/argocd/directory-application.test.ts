import { argoObjects, Json, TICKETING, withCluster } from './argo-fixtures';

describe('DirectoryApplication', () => {
  const objects = argoObjects(TICKETING);
  const nodePools: Json = objects.get('ticketing/argocd/application-nodepools.yaml');
  const base: Json = objects.get('ticketing/argocd/application-base.yaml');

  it('syncs dist/<cluster>/karpenter in wave 0, skipping dry run for missing CRDs', () => {
    expect(nodePools.metadata.name).toBe('ticketing-karpenter-nodepools');
    expect(nodePools.metadata.annotations['argocd.argoproj.io/sync-wave']).toBe('0');
    expect(nodePools.spec.source).toEqual({
      repoURL: 'https://github.com/example/platform-gitops.git',
      targetRevision: 'main',
      path: 'dist/ticketing/karpenter',
      directory: { recurse: false },
    });
    expect(nodePools.spec.syncPolicy.syncOptions).toEqual(['SkipDryRunOnMissingResource=true']);
  });

  it('syncs dist/<cluster>/base in wave -3 when there are namespaces to create', () => {
    expect(base.metadata.name).toBe('ticketing-karpenter-base');
    expect(base.metadata.annotations['argocd.argoproj.io/sync-wave']).toBe('-3');
    expect(base.spec.source.path).toBe('dist/ticketing/base');
    expect(base.spec.syncPolicy.syncOptions).toEqual(['Delete=false']);
  });

  it('has no base Application when the controller uses kube-system and no pool has a smoke test', () => {
    const plain = withCluster((t) => ({
      ...t,
      nodePools: t.nodePools.map((p) => ({ ...p, smokeTest: false })),
    }));
    expect([...argoObjects(plain).keys()]).toEqual([
      'ticketing/argocd/appproject.yaml',
      'ticketing/argocd/application-crd.yaml',
      'ticketing/argocd/application-controller.yaml',
      'ticketing/argocd/application-nodepools.yaml',
    ]);
  });
});
