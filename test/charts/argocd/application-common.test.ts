import { argocdLabels, repoPath, syncPolicy } from '../../../charts/argocd/application-common';
import { argoObjects, TICKETING, withCluster } from './argo-fixtures';

describe('syncPolicy', () => {
  it('is automated with prune and selfHeal from the model, with retry and backoff', () => {
    expect(syncPolicy(TICKETING.gitops, [])).toEqual({
      automated: { prune: true, selfHeal: true },
      retry: { limit: 5, refresh: true, backoff: { duration: '5s', factor: 2, maxDuration: '3m' } },
    });
  });

  it('follows prune/selfHeal and drops automation when automated is false', () => {
    const manual = withCluster((t) => ({
      ...t,
      gitops: { ...t.gitops, syncPolicy: { automated: false, prune: true, selfHeal: true } },
    }));
    const noPrune = withCluster((t) => ({
      ...t,
      gitops: { ...t.gitops, syncPolicy: { automated: true, prune: false, selfHeal: false } },
    }));
    expect(syncPolicy(manual.gitops, []).automated).toBeUndefined();
    expect(syncPolicy(noPrune.gitops, []).automated).toEqual({ prune: false, selfHeal: false });
    for (const app of argoObjects(manual).values()) {
      if (app.kind === 'Application') expect(app.spec.syncPolicy.automated).toBeUndefined();
    }
  });
});

describe('repoPath', () => {
  it('joins distPath and a dist-relative path', () => {
    expect(repoPath(TICKETING.gitops, 'ticketing/karpenter')).toBe('dist/ticketing/karpenter');
    expect(repoPath({ ...TICKETING.gitops, distPath: 'a/b/' }, 'x')).toBe('a/b/x');
    expect(repoPath({ ...TICKETING.gitops, distPath: '.' }, 'x')).toBe('x');
  });
});

describe('every Application', () => {
  it('has the resources finalizer, a wave, and the cluster destination', () => {
    for (const app of argoObjects(TICKETING).values()) {
      if (app.kind !== 'Application') continue;
      expect(app.metadata.finalizers).toEqual(['resources-finalizer.argocd.argoproj.io']);
      expect(app.metadata.annotations['argocd.argoproj.io/sync-wave']).toMatch(/^-?\d$/);
      expect(app.metadata.name.startsWith('ticketing-karpenter')).toBe(true);
      expect(app.spec.destination.name).toBe('ticketing');
    }
  });
});

describe('argocdLabels', () => {
  it('is the cluster labels plus managed-by, sorted by key', () => {
    const gitops = { ...TICKETING.gitops, clusterLabels: { tier: 'gold', env: 'prod' } };
    const labels = argocdLabels(gitops);
    expect(labels).toEqual({ 'app.kubernetes.io/managed-by': 'karpenter-gitops', env: 'prod', tier: 'gold' });
    expect(Object.keys(labels)).toEqual(['app.kubernetes.io/managed-by', 'env', 'tier']);
  });

  it('keeps managed-by even when a cluster label uses that key', () => {
    const gitops = { ...TICKETING.gitops, clusterLabels: { 'app.kubernetes.io/managed-by': 'someone-else' } };
    expect(argocdLabels(gitops)).toEqual({ 'app.kubernetes.io/managed-by': 'karpenter-gitops' });
  });

  it('is only managed-by without cluster labels', () => {
    expect(argocdLabels({ ...TICKETING.gitops, clusterLabels: {} })).toEqual({
      'app.kubernetes.io/managed-by': 'karpenter-gitops',
    });
  });
});
