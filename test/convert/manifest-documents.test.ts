import { documentLabel, readManifests } from '../../convert/manifest-documents';

const text = `# leading comment
---
apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: a
spec:
  template:
    spec:
      requirements:
        - key: kubernetes.io/arch
          operator: In
---
---
apiVersion: v1
kind: List
items:
  - apiVersion: karpenter.k8s.aws/v1
    kind: EC2NodeClass
    metadata: { name: b }
  - just a string
`;

test('splits documents, skips empty ones and expands Lists with positions', () => {
  const r = readManifests([{ file: 'm.yaml', text }]);
  expect(r.documents.map((d) => [d.kind, d.name, d.index, d.item, d.line, documentLabel(d)])).toEqual([
    // a comment before the first --- belongs to document 1; the empty document 2 is skipped
    ['NodePool', 'a', 1, undefined, 3, 'document 1'],
    ['EC2NodeClass', 'b', 3, 1, 18, 'document 3, item 1'],
  ]);
  expect(r.diagnostics).toEqual([
    expect.objectContaining({
      file: 'm.yaml',
      line: 21,
      path: 'document 3, item 2',
      message: 'is not a Kubernetes object',
    }),
  ]);
});

test('position() points at the key of a field, or the nearest existing parent', () => {
  const [doc] = readManifests([{ file: 'm.yaml', text }]).documents;
  expect(doc.position(['spec', 'template', 'spec', 'requirements', 0, 'operator'])).toEqual({
    line: 12,
    col: 11,
  });
  expect(doc.position(['spec', 'template', 'spec', 'requirements', 0])).toEqual({ line: 11, col: 11 });
  expect(doc.position(['spec', 'disruption', 'budgets'])).toEqual({ line: 7, col: 1 });
});

test('duplicate keys and syntax errors are diagnostics with the line', () => {
  const r = readManifests([{ file: 'd.yaml', text: 'kind: NodePool\nkind: NodePool\n' }]);
  expect(r.documents).toEqual([]);
  expect(r.diagnostics[0]).toMatchObject({ file: 'd.yaml', line: 2, path: 'document 1' });
  expect(r.diagnostics[0].message).toMatch(/^is not valid YAML: Map keys must be unique/);
});

test('a document that is not a map is reported; an empty file is no problem', () => {
  const r = readManifests([
    { file: 's.yaml', text: '- a\n- b\n' },
    { file: 'e.yaml', text: '' },
  ]);
  expect(r.documents).toEqual([]);
  expect(r.diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([
    's.yaml:1 is not a Kubernetes object (expected a map with apiVersion, kind and metadata)',
  ]);
});
