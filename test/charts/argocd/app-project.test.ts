import { projectNamespaces } from '../../../charts/argocd/app-project';
import { argoObjects, Json, TICKETING, withCluster } from './argo-fixtures';

const project = (c = TICKETING): Json => argoObjects(c).get(`${c.name}/argocd/appproject.yaml`);

describe('ClusterAppProject', () => {
  const p = project();

  it('is named by gitops.project in the Argo CD namespace, before the Applications', () => {
    expect(p.kind).toBe('AppProject');
    expect(p.metadata.name).toBe('ticketing');
    expect(p.metadata.namespace).toBe('argocd');
    expect(p.metadata.annotations['argocd.argoproj.io/sync-wave']).toBe('-4');
  });

  it('allows only the chart registry and the GitOps repository', () => {
    expect(p.spec.sourceRepos).toEqual([
      'https://github.com/example/platform-gitops.git',
      'public.ecr.aws/karpenter',
    ]);
  });

  it('allows only the cluster and the namespaces in use', () => {
    expect(p.spec.destinations).toEqual([
      { name: 'ticketing', namespace: 'karpenter-smoke-test' },
      { name: 'ticketing', namespace: 'kube-system' },
    ]);
    const custom = withCluster((t) => ({
      ...t,
      karpenter: { ...t.karpenter, namespace: 'karpenter', version: '1.0.14' },
      nodePools: t.nodePools.map((n) => ({ ...n, smokeTest: false })),
      gitops: { ...t.gitops, destination: { server: 'https://ABC.eks.amazonaws.com' } },
    }));
    expect(projectNamespaces(custom)).toEqual(['karpenter', 'kube-node-lease', 'kube-system']);
    expect(project(custom).spec.destinations[0]).toEqual({
      server: 'https://ABC.eks.amazonaws.com',
      namespace: 'karpenter',
    });
  });

  it('whitelists exactly the cluster-scoped kinds the Applications create', () => {
    expect(p.spec.clusterResourceWhitelist.map((k: Json) => `${k.group}/${k.kind}`)).toEqual([
      '/Namespace',
      'apiextensions.k8s.io/CustomResourceDefinition',
      'karpenter.k8s.aws/EC2NodeClass',
      'karpenter.sh/NodePool',
      'rbac.authorization.k8s.io/ClusterRole',
      'rbac.authorization.k8s.io/ClusterRoleBinding',
    ]);
    expect(p.spec.namespaceResourceWhitelist.map((k: Json) => `${k.group}/${k.kind}`)).toContain(
      'apps/Deployment',
    );
    expect(p.spec.namespaceResourceWhitelist.map((k: Json) => k.kind)).not.toContain('Secret');
  });
});
