import { formatDiagnostic } from '../../model/shared/diagnostics';
import { convertManifests } from '../../convert/convert-manifests';
import { convertFixtures, convertText, fixture } from './convert-helpers';

describe('bad input', () => {
  test('two Provisioners with the same name: an error with file, document index and line, nothing written', () => {
    const r = convertFixtures(['bad/duplicate-provisioners.yaml']);
    expect(r.ok).toBe(false);
    expect(r.yaml).toBeUndefined();
    expect(r.diagnostics).toHaveLength(1);
    expect(formatDiagnostic(r.diagnostics[0])).toBe(
      "fixtures/bad/duplicate-provisioners.yaml:19:1 document 3 Provisioner/default: defines node pool 'default' again: " +
        'Provisioner/default in fixtures/bad/duplicate-provisioners.yaml document 1 (line 1) already defines it. ' +
        'Keep one definition, or rename one of them.',
    );
  });

  test('the same name across generations and files also conflicts (a Provisioner and a NodePool both become nodePools.X)', () => {
    const r = convertManifests([
      fixture('v1alpha5/web-arm.yaml'),
      {
        file: 'later.yaml',
        text: `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: web-arm
spec:
  template: { spec: { nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: web-arm } } }
`,
      },
    ]);
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0]).toMatchObject({
      file: 'later.yaml',
      line: 1,
      path: 'document 1 NodePool/web-arm',
    });
    expect(r.diagnostics[0].message).toContain('fixtures/v1alpha5/web-arm.yaml document 1 (line 3)');
  });

  test('unknown kinds are listed and skipped, not fatal', () => {
    const r = convertFixtures(['bad/unknown-kinds.yaml', 'v1/minimal.yaml']);
    expect(r.ok).toBe(true);
    const skipped = r.entries.filter((e) => e.action === 'skipped');
    expect(skipped.map((e) => [e.line, e.source])).toEqual([
      [1, 'document 1 Deployment/inflate apps/v1'],
      [8, 'document 2 Machine/default-abc12 karpenter.sh/v1alpha5'],
      [13, 'document 3 NodePool/future karpenter.sh/v1beta2'],
    ]);
    expect(skipped[1].reason).toBe('Machines are created by Karpenter (v1alpha5) and are not configuration');
    expect(skipped[2].reason).toContain('apiVersion karpenter.sh/v1beta2 is not one this tool reads');
  });

  test('input with nothing to convert is an error', () => {
    const r = convertFixtures(['bad/unknown-kinds.yaml']);
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0].message).toBe(
      'contains no Karpenter NodePool, Provisioner or node class to convert',
    );
  });

  test('a YAML syntax error names file, line and document', () => {
    const r = convertFixtures(['bad/broken.yaml']);
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0]).toMatchObject({ file: 'fixtures/bad/broken.yaml', line: 9, path: 'document 1' });
    expect(r.diagnostics[0].message).toMatch(/^is not valid YAML: /);
  });

  test('a wrong type is an error at the field, not a crash', () => {
    const r = convertText(`apiVersion: karpenter.sh/v1alpha5
kind: Provisioner
metadata: { name: p }
spec:
  ttlSecondsAfterEmpty: "30"
  providerRef: { name: t }
`);
    const d = r.diagnostics.find((x) => x.path === 'document 1 Provisioner/p spec.ttlSecondsAfterEmpty');
    expect(d).toMatchObject({ line: 5, col: 3, message: "must be an integer, not the string '30'" });
  });

  test('a Provisioner with neither provider nor providerRef is an error', () => {
    const r = convertText(
      'apiVersion: karpenter.sh/v1alpha5\nkind: Provisioner\nmetadata: { name: p }\nspec: {}\n',
      { cluster: 'c' },
    );
    expect(r.diagnostics.map((d) => d.message)).toContain('has neither provider nor providerRef');
  });

  test('no --cluster and no single discovery tag value: a usage problem, not a guess', () => {
    const r = convertText(`apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: { name: c }
spec:
  amiSelectorTerms: [{ alias: al2023@v20260714 }]
  role: r
  subnetSelectorTerms: [{ id: subnet-1 }]
  securityGroupSelectorTerms: [{ id: sg-1 }]
`);
    expect(r.ok).toBe(false);
    expect(r.clusterNameMissing).toContain('Pass --cluster NAME');
  });
});

describe('output', () => {
  const rels = ['v1alpha5/web-arm.yaml', 'v1beta1/general.yaml', 'v1/dataops.yaml'];

  test('is deterministic and independent of input order', () => {
    const a = convertFixtures(rels, { cluster: 'ticketing' });
    const b = convertFixtures(rels, { cluster: 'ticketing' });
    expect(a.yaml).toBe(b.yaml);
    const c = convertFixtures([...rels].reverse(), { cluster: 'ticketing' });
    // only the provenance header lists the files in the order given
    const body = (y: string) =>
      y
        .split('\n')
        .filter((l) => !l.startsWith('#'))
        .join('\n');
    expect(body(c.yaml!)).toBe(body(a.yaml!));
  });

  test('classes and pools are sorted by name, cluster settings first', () => {
    const r = convertFixtures(rels, {
      cluster: 'ticketing',
      accountId: '111122223333',
      region: 'ap-northeast-2',
    });
    // An AL2 alias among the classes: the Kubernetes version is set to the last with AL2 AMIs.
    expect(Object.keys(r.description!)).toEqual([
      'name',
      'aws',
      'kubernetesVersion',
      'gitops',
      'nodeClasses',
      'nodePools',
    ]);
    expect(r.description!.kubernetesVersion).toBe('1.32');
    expect(r.yaml).toContain(
      "#   kubernetesVersion - set to 1.32, the last with AMIs of the converted alias family (AL2): set your cluster's version",
    );
    expect(Object.keys(r.description!.nodePools as object)).toEqual(['dataops', 'general', 'web-arm']);
    expect(r.yaml).toContain('aws:\n  accountId: "111122223333"\n  region: ap-northeast-2\n');
  });
});
