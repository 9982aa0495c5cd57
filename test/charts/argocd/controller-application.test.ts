import { valuesFileRef } from '../../../charts/argocd/controller-application';
import { argoObjects, Json, TICKETING, withCluster } from './argo-fixtures';

const controller = (c = TICKETING): Json =>
  argoObjects(c).get(`${c.name}/argocd/application-controller.yaml`);

describe('ControllerApplication', () => {
  const app = controller();

  it('is named after the cluster, lives in the Argo CD namespace and runs in wave -1', () => {
    expect(app.kind).toBe('Application');
    expect(app.metadata.name).toBe('ticketing-karpenter');
    expect(app.metadata.namespace).toBe('argocd');
    expect(app.metadata.annotations['argocd.argoproj.io/sync-wave']).toBe('-1');
    expect(app.metadata.finalizers).toEqual(['resources-finalizer.argocd.argoproj.io']);
    expect(app.spec.project).toBe('ticketing');
  });

  it('takes the pinned chart from the OCI registry, skipping CRDs', () => {
    const [chart] = app.spec.sources;
    expect(chart.repoURL).toBe('public.ecr.aws/karpenter');
    expect(chart.repoURL).not.toContain('oci://');
    expect(chart.chart).toBe('karpenter');
    expect(chart.targetRevision).toBe('1.14.1');
    expect(chart.helm.skipCrds).toBe(true);
    expect(chart.helm.releaseName).toBe('karpenter');
  });

  it('reads the values file through a $values ref to the GitOps repository', () => {
    const [chart, values] = app.spec.sources;
    expect(values).toEqual({
      repoURL: 'https://github.com/example/platform-gitops.git',
      targetRevision: 'main',
      ref: 'values',
    });
    expect(chart.helm.valueFiles).toEqual(['$values/dist/ticketing/values/karpenter.yaml']);
    expect(app.spec.source).toBeUndefined();
  });

  it('follows distPath, revision and the pinned Karpenter version of the cluster', () => {
    const c = withCluster((t) => ({
      ...t,
      karpenter: { ...t.karpenter, version: '1.0.14' },
      gitops: { ...t.gitops, distPath: 'deploy/dist', targetRevision: 'release-1' },
    }));
    const a = controller(c);
    expect(a.spec.sources[0].targetRevision).toBe('1.0.14');
    expect(a.spec.sources[0].helm.valueFiles).toEqual([
      '$values/deploy/dist/ticketing/values/karpenter.yaml',
    ]);
    expect(a.spec.sources[1].targetRevision).toBe('release-1');
    expect(valuesFileRef({ ...c, gitops: { ...c.gitops, distPath: '.' } })).toBe(
      '$values/ticketing/values/karpenter.yaml',
    );
  });

  it('deploys to the controller namespace of the cluster destination', () => {
    expect(app.spec.destination).toEqual({ name: 'ticketing', namespace: 'kube-system' });
    const byServer = controller(
      withCluster((t) => ({
        ...t,
        karpenter: { ...t.karpenter, namespace: 'karpenter' },
        gitops: { ...t.gitops, destination: { server: 'https://ABC.gr7.ap-northeast-2.eks.amazonaws.com' } },
      })),
    );
    expect(byServer.spec.destination).toEqual({
      server: 'https://ABC.gr7.ap-northeast-2.eks.amazonaws.com',
      namespace: 'karpenter',
    });
  });
});
