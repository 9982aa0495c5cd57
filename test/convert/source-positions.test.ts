import { readManifests } from '../../convert/manifest-documents';
import { locateInSource, placeAt, valuesAtPath } from '../../convert/source-positions';

const WRITTEN = `# header
name: shop
nodePools:
  general:
    zones: [us-east-2a, us-east-2b]
    instanceCategories:
      in: [c, gpu]
nodeClasses:
  default:
    alias: al2@v20240807
    securityGroupSelectorTerms:
      - tags: {}
`;

const SOURCE = `apiVersion: karpenter.sh/v1alpha5
kind: Provisioner
metadata: { name: general, labels: { team: gpu } }
spec:
  requirements:
    - key: karpenter.k8s.aws/instance-category
      operator: In
      values:
        - c
        - gpu
---
apiVersion: karpenter.k8s.aws/v1alpha1
kind: AWSNodeTemplate
metadata: { name: default }
spec:
  amiFamily: AL2
  securityGroupSelector: {}
`;

const docs = readManifests([{ file: 'in.yaml', text: SOURCE }]).documents;

test('placeAt: the field and values at a line of written YAML', () => {
  expect(placeAt(WRITTEN, 5, 5)).toEqual({
    path: ['nodePools', 'general', 'zones'],
    values: ['us-east-2a', 'us-east-2b'],
  });
  expect(placeAt(WRITTEN, 7, 14)).toEqual({
    path: ['nodePools', 'general', 'instanceCategories', 'in', 1],
    values: ['gpu'],
  });
  // a position before a line's first field (the list dash) means that field
  expect(placeAt(WRITTEN, 12, 7)?.path).toEqual([
    'nodeClasses',
    'default',
    'securityGroupSelectorTerms',
    0,
    'tags',
  ]);
  expect(placeAt(WRITTEN, 0, 0)).toBeUndefined();
});

test('valuesAtPath: the scalars at a path of written data', () => {
  expect(valuesAtPath({ a: { b: [1, 'x', { c: true }] } }, ['a', 'b'])).toEqual(['1', 'x', 'true']);
  expect(valuesAtPath({ a: 1 }, ['z'])).toEqual([]);
});

test('a value is found in the requirement of its shorthand, not in a label that happens to match', () => {
  const found = locateInSource(docs, {
    path: ['nodePools', 'general', 'instanceCategories', 'in', 1],
    values: ['gpu'],
  });
  expect(found && [found.doc.kind, found.path, found.position]).toEqual([
    'Provisioner',
    ['spec', 'requirements', 0, 'values', 1],
    { line: 10, col: 11 },
  ]);
});

test('a value the converter made (a pinned alias) is found at the field it came from', () => {
  const found = locateInSource([docs[1]], {
    path: ['nodeClasses', 'default', 'alias'],
    values: ['al2@v20240807'],
  });
  expect(found && [found.path, found.position.line]).toEqual([['spec', 'amiFamily'], 16]);
  const sg = locateInSource([docs[1]], {
    path: ['nodeClasses', 'default', 'securityGroupSelectorTerms', 0],
    values: [],
  });
  expect(sg && [sg.path, sg.position.line]).toEqual([['spec', 'securityGroupSelector'], 17]);
});

test('valueOnly: nothing unless the value itself is found', () => {
  expect(
    locateInSource(
      docs,
      { path: ['iam', 'nodeRoleName'], values: ['KarpenterNodeRole-x'] },
      { valueOnly: true },
    ),
  ).toBeUndefined();
  expect(locateInSource([], { path: ['a'], values: ['b'] })).toBeUndefined();
});
