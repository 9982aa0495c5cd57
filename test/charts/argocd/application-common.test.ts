import {
  argocdAnnotations,
  argocdLabels,
  repoPath,
  SYNC_RETRY,
  syncPolicy,
} from '../../../charts/argocd/application-common';
import { argoObjects, TICKETING, withCluster } from './argo-fixtures';

describe('syncPolicy', () => {
  it('is automated with prune and selfHeal from the model, with retry and backoff', () => {
    expect(syncPolicy(TICKETING.gitops, [])).toEqual({
      automated: { prune: true, selfHeal: true },
      retry: { limit: -1, refresh: true, backoff: { duration: '5s', factor: 2, maxDuration: '3m' } },
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

describe('retry policy (no stuck syncs)', () => {
  /** Seconds Argo CD waits before retry n (1-based): duration * factor^(n-1), capped (RetryStrategy.NextRetryAt). */
  const wait = (n: number) => Math.min(5 * 2 ** (n - 1), 180);

  it('retries without limit (Argo CD retries while Limit < 0), refreshing to the newest revision', () => {
    expect(SYNC_RETRY.limit).toBeLessThan(0);
    expect(SYNC_RETRY.refresh).toBe(true);
  });

  it('caps the backoff at 3 minutes, so a fixed cause is picked up within 3 minutes at any point', () => {
    expect(SYNC_RETRY.backoff).toEqual({ duration: '5s', factor: 2, maxDuration: '3m' });
    expect(wait(6)).toBe(160);
    expect(wait(7)).toBe(180);
    expect(wait(100)).toBe(180);
  });

  it('outlasts a first install: the old limit of 5 gave up after 155 s, unlimited keeps going past 30 minutes', () => {
    const total = (n: number) => Array.from({ length: n }, (_, i) => wait(i + 1)).reduce((a, b) => a + b, 0);
    expect(total(5)).toBe(155);
    // 15 retries: 5+10+20+40+80+160 = 315 s, then 9 × 180 s = 1620 s → 1935 s, past 30 minutes.
    expect(total(15)).toBe(1935);
  });
});

describe('argocdAnnotations (deletion safety)', () => {
  it('carries resource-level Delete=false and Prune=false, which Argo CD 3.0 to 3.5 honour, and the wave', () => {
    expect(argocdAnnotations('-2')).toEqual({
      'argocd.argoproj.io/sync-options': 'Delete=false,Prune=false',
      'argocd.argoproj.io/sync-wave': '-2',
    });
    expect(argocdAnnotations()).toEqual({ 'argocd.argoproj.io/sync-options': 'Delete=false,Prune=false' });
  });
});
