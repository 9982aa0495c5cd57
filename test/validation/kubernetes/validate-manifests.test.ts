import { join } from 'node:path';
import { findProjectRoot } from '../../../validation/kubernetes/artifacts';
import { Finding } from '../../../validation/finding';
import { parseManifests } from '../../../validation/manifest-source';
import { ManifestValidator } from '../../../validation/kubernetes/validate-manifests';
import { NODE_CLASS, NODE_POOL } from '../fixtures';

const root = findProjectRoot(join(__dirname, '..', '..', '..'));
const v114 = new ManifestValidator('1.14.1', root);
const v10 = new ManifestValidator('1.0.14', root);

function run(text: string, validator = v114, file = 'm.yaml', previous?: string): Finding[] {
  return validator.validate(parseManifests(file, text), previous ? parseManifests('old.yaml', previous) : []);
}

describe('ManifestValidator', () => {
  test('a correct NodePool and EC2NodeClass have no findings', () => {
    expect(run(`${NODE_CLASS}---\n${NODE_POOL}`)).toEqual([]);
  });

  test('an unknown field is an error saying the API server drops it, with the nearest field and its line', () => {
    const f = run(NODE_CLASS.replace('kmsKeyID:', 'kmsKeyId:'));
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({
      severity: 'error',
      file: 'm.yaml',
      document: 0,
      object: 'EC2NodeClass/default',
      line: 21,
      col: 9,
      path: 'spec.blockDeviceMappings[0].ebs.kmsKeyId',
      check: 'schema/unknown-field',
      fix: "Did you mean 'kmsKeyID'?",
    });
    expect(f[0].message).toContain('the API server would drop it');
  });

  test('unknown fields are caught at the root, in metadata and in nested objects', () => {
    const text = NODE_POOL.replace('kind: NodePool\n', 'kind: NodePool\nspecs: {}\n')
      .replace('  name: general\n', '  name: general\n  lables: {a: b}\n')
      .replace('consolidateAfter: 1m', 'consolidateAfter: 1m\n    consolidationPolicyy: x');
    const paths = run(text).map((f) => [f.path, f.fix]);
    expect(paths).toEqual(
      expect.arrayContaining([
        ['specs', "Did you mean 'spec'?"],
        ['metadata.lables', "Did you mean 'labels'?"],
        ['spec.disruption.consolidationPolicyy', "Did you mean 'consolidationPolicy'?"],
      ]),
    );
  });

  test('schema defaults are applied before validation (omitted disruption is fine)', () => {
    const text = NODE_POOL.replace(/ {2}disruption:[\s\S]*$/, '');
    expect(run(text)).toEqual([]);
  });

  test('int-or-string accepts an integer or a string and refuses other types', () => {
    expect(run(NODE_POOL.replace('cpu: 1000', 'cpu: "1000"'))).toEqual([]);
    const f = run(NODE_POOL.replace('cpu: 1000', 'cpu: true'));
    expect(f.map((x) => [x.path, x.check])).toEqual([['spec.limits.cpu', 'schema/type']]);
    expect(f[0].message).toBe('must be integer or string, not boolean true');
  });

  test('list-type set items must be unique', () => {
    const f = run(NODE_POOL.replace('reasons: ["Empty", "Drifted"]', 'reasons: ["Empty", "Empty"]'));
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ path: 'spec.disruption.budgets[0].reasons[1]', check: 'schema/list-type' });
    expect(f[0].message).toContain('list-type set requires unique items');
  });

  test('list-type map items must be unique by their keys', () => {
    const status = `status:
  conditions:
    - {type: Ready, status: "True", lastTransitionTime: "2025-01-01T00:00:00Z", reason: R, message: m}
    - {type: Ready, status: "False", lastTransitionTime: "2025-01-01T00:00:00Z", reason: R, message: m}
`;
    const f = run(NODE_POOL + status);
    expect(f).toHaveLength(1);
    expect(f[0].path).toBe('status.conditions[1]');
    expect(f[0].message).toBe(
      'duplicate entry with type="Ready" (also at index 0); list-type map requires unique keys',
    );
  });

  test("a CEL rule under items is evaluated for each item, at the item's line", () => {
    const text = NODE_POOL.replace(
      '        - key: karpenter.k8s.aws/instance-generation',
      '        - key: karpenter.sh/secret\n          operator: Exists\n        - key: karpenter.k8s.aws/instance-generation',
    );
    const f = run(text);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({
      check: 'cel',
      path: 'spec.template.spec.requirements[1].key',
      line: 19,
      message: 'label domain "karpenter.sh" is restricted',
    });
  });

  test('a CEL rule on a typed map sees the map as self', () => {
    const f = run(NODE_POOL.replace('team: web', 'karpenter.sh/nodepool: x'));
    expect(f.map((x) => x.message).sort()).toEqual(['label "karpenter.sh/nodepool" is restricted']);
    expect(f[0].path).toBe('spec.template.metadata.labels');
  });

  test('the rule message is reported; an evaluation error says so and still fails', () => {
    const f = run(NODE_POOL.replace('values: ["2"]', 'values: ["two"]'));
    expect(f).toHaveLength(1);
    expect(f[0].message).toBe(
      "requirements operator 'Gt', 'Lt', 'Gte', or 'Lte' must have a single positive integer value (the rule could not be evaluated: int() type error: cannot convert to int)",
    );
    expect(f[0].rule).toContain('int(x.values[0]) >= 0');
  });

  test('exactly one of role/instanceProfile (rule on spec) and amiFamily with alias', () => {
    const f = run(
      NODE_CLASS.replace(
        '  role: KarpenterNodeRole-demo\n',
        '  role: KarpenterNodeRole-demo\n  instanceProfile: p\n  amiFamily: Bottlerocket\n',
      ),
    );
    expect(f.map((x) => x.message).sort()).toEqual([
      "if set, amiFamily must be 'AL2023' or 'Custom' when using an AL2023 alias",
      "must specify exactly one of ['role', 'instanceProfile']",
    ]);
  });

  test('transition rules run only when a previous object is given', () => {
    const changed = NODE_POOL.replace('group: karpenter.k8s.aws', 'group: example.com');
    expect(run(changed).filter((f) => f.check === 'cel')).toEqual([]);
    const f = run(changed, v114, 'm.yaml', NODE_POOL);
    expect(f.map((x) => [x.path, x.message])).toEqual([
      ['spec.template.spec.nodeClassRef', 'nodeClassRef.group is immutable'],
    ]);
    expect(run(NODE_POOL, v114, 'm.yaml', NODE_POOL)).toEqual([]);
    // Another object of the same kind is not its previous version.
    expect(run(changed, v114, 'm.yaml', NODE_POOL.replace('name: general', 'name: other'))).toEqual([]);
  });

  test('metadata: name required and DNS-1123', () => {
    const noName = run(NODE_POOL.replace('  name: general\n', '  labels: {a: b}\n'));
    expect(noName.map((x) => x.message)).toEqual(['metadata.name is required']);
    const bad = run(NODE_POOL.replace('name: general', 'name: General_Pool'));
    expect(bad.map((x) => [x.path, x.check])).toEqual([['metadata.name', 'metadata']]);
    expect(bad[0].message).toBe("name 'General_Pool' is not a DNS-1123 subdomain");
  });

  test('v1beta1 objects validate against Karpenter 1.0.14 and are refused by 1.14.1 with a hint', () => {
    const beta = `apiVersion: karpenter.sh/v1beta1
kind: NodePool
metadata:
  name: old
spec:
  template:
    spec:
      nodeClassRef:
        name: default
      requirements:
        - key: kubernetes.io/arch
          operator: In
          values: ["amd64"]
  disruption:
    consolidationPolicy: WhenEmpty
`;
    const f10 = run(beta, v10);
    expect(f10.map((x) => x.message)).toEqual([
      'consolidateAfter must be specified with consolidationPolicy=WhenEmpty',
    ]);
    const f114 = run(beta, v114);
    expect(f114).toHaveLength(1);
    expect(f114[0]).toMatchObject({ check: 'document/no-schema', document: 0 });
    expect(f114[0].message).toBe(
      'NodePool karpenter.sh/v1beta1 has no imported schema in Karpenter 1.14.1 (it serves karpenter.sh/v1)',
    );
    expect(f114[0].fix).toContain('pass --karpenter-version 1.0.14');
  });

  test('Argo CD objects are validated against Argo CD 3.5.1', () => {
    const app = `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: karpenter
  namespace: argocd
spec:
  project: default
  destination: {name: in-cluster, namespace: kube-system}
  source:
    repoURL: public.ecr.aws/karpenter
    chart: karpenter
    targetRevision: 1.14.1
    helm: {valuesObject: {anything: [1, 2]}}
`;
    expect(run(app)).toEqual([]);
    const f = run(app.replace('targetRevision:', 'targetRevison:'));
    expect(f.map((x) => [x.path, x.fix])).toEqual([
      ['spec.source.targetRevison', "Did you mean 'targetRevision'?"],
    ]);
  });

  test('per-document errors: bad YAML, no apiVersion/kind, unknown kind, other CRD groups (built-in groups skipped); the rest still validated', () => {
    const text = [
      NODE_POOL.replace('cpu: 1000', 'cpu: true'),
      'a: [unclosed\n',
      'kind: NodePool\nmetadata: {name: x}\n',
      'apiVersion: karpenter.sh/v1\nkind: NodePools\nmetadata: {name: x}\n',
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\n',
      'apiVersion: monitoring.coreos.com/v1\nkind: ServiceMonitor\nmetadata: {name: x}\n',
      '- just\n- a list\n',
      NODE_CLASS.replace('kmsKeyID:', 'kmsKeyId:'),
    ].join('---\n');
    const f = run(text);
    expect(f.map((x) => [x.document, x.check, x.severity])).toEqual([
      [0, 'schema/type', 'error'],
      [1, 'document/yaml', 'error'],
      [2, 'document/no-type', 'error'],
      [3, 'document/unknown-kind', 'error'],
      [5, 'document/not-validated', 'warning'],
      [6, 'document/not-object', 'error'],
      [7, 'schema/unknown-field', 'error'],
    ]);
    expect(f[1].message).toMatch(/^document 2 is not valid YAML: /);
    expect(f[1].line).toBe(33);
    expect(f[2].message).toBe('document 3 has no apiVersion');
    expect(f[3].message).toBe(
      'unknown kind NodePools in API group karpenter.sh (Karpenter 1.14.1 has NodeClaim, NodeOverlay, NodePool)',
    );
  });

  test('a duplicate key makes only its own document invalid', () => {
    const f = run(
      `${NODE_CLASS}---\napiVersion: karpenter.sh/v1\nkind: NodePool\nkind: NodePool\n---\n${NODE_POOL}`,
    );
    expect(f.map((x) => [x.document, x.check])).toEqual([[1, 'document/yaml']]);
    expect(f[0].message).toMatch(/^document 2 is not valid YAML: Map keys must be unique/);
  });

  test('values are read as kubectl sends them: YAML 1.1 booleans, no timestamps', () => {
    const taint = NODE_POOL.replace(
      '      requirements:',
      '      taints:\n        - {key: dedicated, value: yes, effect: NoSchedule}\n      requirements:',
    );
    const f = run(taint);
    expect(f.map((x) => [x.path, x.message])).toEqual([
      ['spec.template.spec.taints[0].value', 'must be string, not boolean true'],
    ]);
    expect(run(taint.replace('value: yes', 'value: "yes"'))).toEqual([]);
    const dated = NODE_POOL.replace('team: web', 'built: 2025-01-01');
    expect(run(dated)).toEqual([]);
  });
});
