import { argoObjects, Json, TICKETING, withCluster } from './argo-fixtures';

const crd = (c = TICKETING): Json => argoObjects(c).get(`${c.name}/argocd/application-crd.yaml`);

describe('CrdApplication', () => {
  const app = crd();

  it('installs the karpenter-crd chart at the cluster version in wave -2', () => {
    expect(app.metadata.name).toBe('ticketing-karpenter-crd');
    expect(app.metadata.annotations['argocd.argoproj.io/sync-wave']).toBe('-2');
    expect(app.spec.source).toEqual({
      repoURL: 'public.ecr.aws/karpenter',
      chart: 'karpenter-crd',
      targetRevision: '1.14.1',
      helm: { releaseName: 'karpenter-crd' },
    });
  });

  it('applies server-side and keeps the CRDs when the Application is deleted', () => {
    expect(app.spec.syncPolicy.syncOptions).toEqual(['ServerSideApply=true', 'Delete=false']);
    expect(app.metadata.finalizers).toEqual(['resources-finalizer.argocd.argoproj.io']);
    expect(app.spec.ignoreDifferences).toBeUndefined();
  });

  it('ignores the injected conversion-webhook CA bundle on 1.0.x', () => {
    const old = crd(withCluster((t) => ({ ...t, karpenter: { ...t.karpenter, version: '1.0.14' } })));
    expect(old.spec.source.targetRevision).toBe('1.0.14');
    expect(old.spec.ignoreDifferences).toEqual([
      {
        group: 'apiextensions.k8s.io',
        kind: 'CustomResourceDefinition',
        jsonPointers: ['/spec/conversion/webhook/clientConfig/caBundle'],
      },
    ]);
    expect(old.spec.syncPolicy.syncOptions).toContain('RespectIgnoreDifferences=true');
  });
});
