/**
 * A converted description synthesizes on its first run: given --cluster, --account, --region,
 * --destination and --repo-url, the converter's output loads on its own (no _defaults.yaml),
 * synthesizes, and validates, for every fixture set of every API generation.
 */
import { loadFleetFromSources } from '../../model/load-fleet';
import { UserError } from '../../model/shared/diagnostics';
import { synthesize } from '../../synth/synthesize';
import { validateDist } from '../../validation/validate-dist';
import { FIXTURE_ACCOUNT, FIXTURE_REGION, FIXTURE_REPO_URL } from '../support/fleet-fixtures';
import { convertFixtures, convertText } from './convert-helpers';

const FLAGS = {
  cluster: 'prod',
  accountId: FIXTURE_ACCOUNT,
  region: FIXTURE_REGION,
  destination: 'prod-eks',
  repoURL: FIXTURE_REPO_URL,
};

const SETS: readonly (readonly string[])[] = [
  ['v1alpha5/web-arm.yaml'],
  ['v1alpha5/batch-inline-provider.yaml'],
  ['v1beta1/general.yaml'],
  ['v1beta1/kubelet-split.yaml'],
  ['v1/dataops.yaml'],
  ['v1/minimal.yaml'],
  ['v1/kubectl-export.yaml'],
];

function firstRun(yaml: string): string[] {
  try {
    const { fleet } = loadFleetFromSources([{ path: 'clusters/prod.yaml', text: yaml }]);
    const files = synthesize(fleet);
    return validateDist(files, fleet, { cfnLint: false })
      .filter((f) => f.severity === 'error')
      .map((f) => `${f.file} ${f.path}: ${f.message}`);
  } catch (e) {
    if (e instanceof UserError) return e.message.split('\n');
    throw e;
  }
}

describe('a converted description synthesizes on the first run', () => {
  test.each(SETS.map((s) => [s.join(' + '), s]))('%s', (_name, set) => {
    const result = convertFixtures(set, FLAGS);
    expect(result.diagnostics).toEqual([]);
    expect(result.description?.gitops).toEqual({
      repoURL: FLAGS.repoURL,
      destination: { name: 'prod-eks' },
    });
    expect(firstRun(result.yaml!)).toEqual([]);
  });

  test("classes that all use another cluster's role keep it as iam.nodeRoleName", () => {
    const result = convertFixtures(['v1/minimal.yaml'], FLAGS);
    expect(result.description?.iam).toEqual({ nodeRoleName: 'KarpenterNodeRole-ticketing' });
    const classes = result.description?.nodeClasses as Record<string, Record<string, unknown>>;
    for (const c of Object.values(classes)) expect(c.role).toBeUndefined();
  });

  test('an API server URL becomes destination.server', () => {
    const result = convertFixtures(['v1/minimal.yaml'], {
      ...FLAGS,
      destination: 'https://ABC.gr7.ap-northeast-2.eks.amazonaws.com',
    });
    expect(result.description?.gitops).toMatchObject({
      destination: { server: 'https://ABC.gr7.ap-northeast-2.eks.amazonaws.com' },
    });
  });

  test('classes with different roles: kept, a REQUIRED header line and a warning say the same as synth', () => {
    const two = (name: string, role: string) => `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: { name: ${name} }
spec:
  amiSelectorTerms: [{ alias: al2023@v20260714 }]
  role: ${role}
  subnetSelectorTerms: [{ tags: { karpenter.sh/discovery: prod } }]
  securityGroupSelectorTerms: [{ tags: { karpenter.sh/discovery: prod } }]
`;
    const result = convertText(`${two('a', 'RoleA')}---\n${two('b', 'RoleB')}`, FLAGS);
    expect(result.yaml).toContain(
      '#   iam.nodeRoleName - REQUIRED: the node classes use several roles: RoleA (a); RoleB (b). A cluster has one node role here: set iam.nodeRoleName to the role to keep and remove role from the node classes (they default to it), or give the classes of other roles an instanceProfile',
    );
    expect(result.entries.filter((e) => e.action === 'inferred' && e.target.endsWith('.role'))).toHaveLength(
      2,
    );
    // The converter ran synth on what it wrote: its refusals are errors at the source lines.
    expect(result.ok).toBe(false);
    expect(result.yaml).toBeDefined();
    expect(result.diagnostics.map((d) => [d.file, d.line, d.path])).toEqual([
      ['input.yaml', 6, 'document 1 EC2NodeClass/a spec.role -> nodeClasses.a.role'],
      ['input.yaml', 15, 'document 2 EC2NodeClass/b spec.role -> nodeClasses.b.role'],
    ]);
    const synthErrors = firstRun(result.yaml!);
    expect(synthErrors.join('\n')).toContain(
      'A cluster has one node role here: set iam.nodeRoleName to the role to keep and remove role from the node classes',
    );
  });
});

describe('the converter runs the same checks as synth on what it writes', () => {
  test('a class selecting AMIs by id without amiFamily: the CRD rule synth applies is reported at its manifest', () => {
    const result = convertText(
      `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: { name: byid }
spec:
  amiSelectorTerms: [{ id: ami-0123456789abcdef0 }]
  role: KarpenterNodeRole-prod
  subnetSelectorTerms: [{ tags: { karpenter.sh/discovery: prod } }]
  securityGroupSelectorTerms: [{ tags: { karpenter.sh/discovery: prod } }]
`,
      FLAGS,
      'classes.yaml',
    );
    expect(result.ok).toBe(false);
    expect(result.diagnostics.length).toBeGreaterThan(0);
    expect(result.diagnostics[0]).toMatchObject({
      severity: 'error',
      file: 'classes.yaml',
      line: 5,
      path: 'document 1 EC2NodeClass/byid spec.amiSelectorTerms[0].id -> nodeClasses.byid.amiSelectorTerms[0].id',
    });
    expect(result.diagnostics.map((e) => e.message).join('\n')).toMatch(/amiFamily/);
    expect(firstRun(result.yaml!)).not.toEqual([]);
  });

  test("a clean conversion has no errors; synth's warnings are reported as checked", () => {
    const result = convertFixtures(['v1/minimal.yaml'], FLAGS);
    expect(result.ok).toBe(true);
    expect(result.diagnostics).toEqual([]);
    expect(result.entries.filter((e) => e.action === 'checked').map((e) => [e.source, e.message])).toEqual([
      [
        'NodePool/default metadata.name',
        "synth warns: NodePool 'default' has no limits: Karpenter may launch nodes without bound",
      ],
    ]);
  });
});
