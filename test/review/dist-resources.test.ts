import { parseDist, resourceId } from '../../review/dist-resources';

describe('parseDist', () => {
  it('identifies Kubernetes objects by cluster, kind, namespace and name; values and templates by file', () => {
    const files = new Map([
      ['c1/karpenter/nodepool-a.yaml', 'apiVersion: karpenter.sh/v1\nkind: NodePool\nmetadata:\n  name: a\n'],
      [
        'c1/argocd/apps.yaml',
        'kind: Application\nmetadata: { name: x, namespace: argocd }\n---\nkind: AppProject\nmetadata: { name: p, namespace: argocd }\n',
      ],
      ['c1/values/karpenter.yaml', 'replicas: 2\n'],
      ['c1/cloudformation/karpenter.json', '{"Resources": {}}'],
      ['c1/notes.txt', 'hello'],
    ]);
    const { resources } = parseDist(files, 'dist');
    const list = [...resources.values()].map(
      (r) => `${r.cluster} ${r.kind} ${r.namespace ?? '-'} ${r.name} ${r.file}`,
    );
    expect(list.sort()).toEqual([
      'c1 AppProject argocd p c1/argocd/apps.yaml',
      'c1 Application argocd x c1/argocd/apps.yaml',
      'c1 CloudFormation - cloudformation/karpenter.json c1/cloudformation/karpenter.json',
      'c1 File - notes.txt c1/notes.txt',
      'c1 HelmValues - karpenter c1/values/karpenter.yaml',
      'c1 NodePool - a c1/karpenter/nodepool-a.yaml',
    ]);
    expect(resources.get(resourceId({ cluster: 'c1', kind: 'NodePool', name: 'a' }))?.body).toEqual({
      apiVersion: 'karpenter.sh/v1',
      kind: 'NodePool',
      metadata: { name: 'a' },
    });
  });

  it('leaves out the proof records of the policy scenarios (they change with the template, not nodes)', () => {
    const parsed = parseDist(
      new Map([
        ['a/cloudformation/karpenter.json', '{}'],
        ['a/cloudformation/policy-proof.txt', 'tool: karpenter-gitops 0.1.0\n'],
      ]),
      'dist',
    );
    expect([...parsed.resources.values()].map((r) => r.file)).toEqual(['a/cloudformation/karpenter.json']);
  });

  it('reports every unreadable file at once, with its line, and duplicates', () => {
    const files = new Map([
      ['c/a.yaml', 'kind: NodePool\nmetadata: { name: a }\n'],
      ['c/b.yaml', 'kind: NodePool\nmetadata: { name: a }\n'],
      ['c/bad.json', '{'],
      ['c/bad.yaml', 'x: 1\ny: [\n'],
    ]);
    expect(() => parseDist(files, 'main:dist')).toThrow(
      /main:dist\/c\/b\.yaml: defines NodePool a again \(already in c\/a\.yaml\)[\s\S]*main:dist\/c\/bad\.json: is not valid JSON[\s\S]*main:dist\/c\/bad\.yaml:\d+:1 is not valid YAML/,
    );
  });
});
