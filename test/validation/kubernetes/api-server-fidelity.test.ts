import { join } from 'node:path';
import { findProjectRoot } from '../../../validation/kubernetes/artifacts';
import { Finding } from '../../../validation/finding';
import { parseManifests } from '../../../validation/manifest-source';
import { ManifestValidator } from '../../../validation/kubernetes/validate-manifests';
import { NODE_POOL } from '../fixtures';

const root = findProjectRoot(join(__dirname, '..', '..', '..'));
const v114 = new ManifestValidator('1.14.1', root);
const v10 = new ManifestValidator('1.0.14', root);

function run(text: string, validator = v114, previous?: string): Finding[] {
  return validator.validate(
    parseManifests('m.yaml', text),
    previous ? parseManifests('old.yaml', previous) : [],
  );
}

const TAINTED = NODE_POOL.replace(
  '      requirements:\n',
  '      taints:\n        - key: dedicated\n          effect: NoSchedule\n          timeAdded: TIME\n      requirements:\n',
);

const NODE_CLAIM = `apiVersion: karpenter.sh/v1
kind: NodeClaim
metadata:
  name: general-abc12
spec:
  nodeClassRef:
    group: karpenter.k8s.aws
    kind: EC2NodeClass
    name: default
  requirements:
    - key: karpenter.sh/capacity-type
      operator: In
      values: ["spot"]
`;

describe('formats the API server validates', () => {
  test('a taint with timeAdded: yesterday is rejected with the field, the format and its line', () => {
    const f = run(TAINTED.replace('TIME', 'yesterday'));
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({
      path: 'spec.template.spec.taints[0].timeAdded',
      check: 'schema/format',
      message: '"yesterday" is not a valid date-time',
      fix: 'Write a date-time the API server accepts, e.g. 2025-01-31T15:04:05Z',
      line: 18,
      col: 11,
    });
  });

  test('RFC 3339 date-times pass, as strfmt.IsDateTime reads them', () => {
    for (const t of ['2025-01-31T15:04:05Z', '2025-01-31t15:04:05.123+02:00', '2024-02-29T00:00:00Z'])
      expect(run(TAINTED.replace('TIME', `"${t}"`))).toEqual([]);
    for (const t of [
      '2025-02-29T00:00:00Z',
      '2025-01-31T24:00:00Z',
      '2025-01-31 15:04:05Z',
      '2025-01-31T15:04Z',
    ])
      expect(run(TAINTED.replace('TIME', `"${t}"`)).map((x) => x.check)).toEqual(['schema/format']);
  });

  test('int32 is not a range check: the API server strips formats it does not validate', () => {
    expect(run(NODE_POOL.replace('spec:\n  template:', 'spec:\n  weight: 50\n  template:'))).toEqual([]);
  });
});

describe('structural defaulting before every check', () => {
  test('an update that only writes out a default (expireAfter) is accepted by spec is immutable', () => {
    const written = NODE_CLAIM.replace('  requirements:', '  expireAfter: 720h\n  requirements:');
    expect(run(written, v114, NODE_CLAIM)).toEqual([]);
    expect(run(NODE_CLAIM, v114, written)).toEqual([]);
  });

  test('an update that changes the defaulted value is still refused', () => {
    const changed = NODE_CLAIM.replace('  requirements:', '  expireAfter: 24h\n  requirements:');
    const f = run(changed, v114, NODE_CLAIM);
    expect(f.map((x) => [x.path, x.check, x.message])).toEqual([['spec', 'cel', 'spec is immutable']]);
  });

  test('a null for a non-nullable field with a default is replaced by the default', () => {
    const f = run(
      NODE_CLAIM.replace('  requirements:', '  expireAfter: null\n  requirements:'),
      v114,
      NODE_CLAIM,
    );
    expect(f).toEqual([]);
  });

  test('a non-finite number is still checked, not turned into a dropped null', () => {
    const f = run(NODE_POOL.replace('spec:\n  template:', 'spec:\n  weight: .inf\n  template:'));
    expect(f.map((x) => [x.path, x.check])).toEqual([['spec.weight', 'schema/maximum']]);
  });

  test('a null for a non-nullable field without a default is dropped, as the API server does', () => {
    expect(run(NODE_POOL.replace('spec:\n  template:', 'spec:\n  weight: null\n  template:'))).toEqual([]);
  });

  test('an update that removes a written value compares the default, and points at what the user wrote', () => {
    const old = NODE_CLAIM.replace('  requirements:', '  expireAfter: 24h\n  requirements:');
    const f = run(NODE_CLAIM, v114, old);
    expect(f.map((x) => [x.path, x.message, x.line])).toEqual([['spec', 'spec is immutable', 5]]);
  });
});

describe('served versions', () => {
  const BETA = `apiVersion: karpenter.sh/v1beta1
kind: NodePool
metadata:
  name: beta
spec:
  template:
    spec:
      nodeClassRef:
        name: default
      requirements:
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["spot"]
  disruption:
    consolidationPolicy: WhenUnderutilized
`;

  test('1.0.14 validates v1beta1 objects against the v1beta1 schema and rules', () => {
    expect(run(BETA, v10)).toEqual([]);
    const f = run(BETA.replace('WhenUnderutilized', 'WhenEmptyOrUnderutilized'), v10);
    expect(f.map((x) => [x.path, x.check])).toEqual([['spec.disruption.consolidationPolicy', 'schema/enum']]);
    const rule = run(BETA.replace('WhenUnderutilized', 'WhenUnderutilized\n    consolidateAfter: 30s'), v10);
    expect(rule.map((x) => [x.path, x.check])).toEqual([['spec.disruption', 'cel']]);
  });

  test('1.14.1 does not serve v1beta1 and says which Karpenter version does', () => {
    const f = run(BETA, v114);
    expect(f).toHaveLength(1);
    expect(f[0].check).toBe('document/no-schema');
    expect(f[0].fix).toContain('--karpenter-version 1.0.14');
  });
});
