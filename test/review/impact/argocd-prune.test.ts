import { prunesNodePools } from '../../../review/impact/argocd-prune';
import { DistResource } from '../../../review/dist-resources';

function app(path: string, prune: boolean | undefined, multi = false): DistResource {
  const source = { repoURL: 'https://example.com/r.git', path };
  return {
    cluster: 'c',
    file: 'c/argocd/x.yaml',
    kind: 'Application',
    name: 'x',
    namespace: 'argocd',
    body: {
      kind: 'Application',
      spec: {
        ...(multi ? { sources: [{ chart: 'karpenter' }, source] } : { source }),
        syncPolicy: prune === undefined ? {} : { automated: { prune } },
      },
    },
  };
}

describe('prunesNodePools', () => {
  it('reads automated.prune from the Application syncing <cluster>/karpenter', () => {
    expect(prunesNodePools('c', [app('dist/c/karpenter', true)])).toBe(true);
    expect(prunesNodePools('c', [app('dist/c/karpenter', false)])).toBe(false);
    expect(prunesNodePools('c', [app('c/karpenter', undefined, true)])).toBe(false);
  });

  it('ignores Applications of other folders and says when there is none', () => {
    expect(prunesNodePools('c', [app('dist/c/argocd', true)])).toBeUndefined();
    expect(prunesNodePools('c', [app('dist/other-c/karpenter', true)])).toBeUndefined();
    expect(prunesNodePools('c', [])).toBeUndefined();
  });
});
