import { convertText, entries, nodeClass } from '../convert-helpers';

describe('AWSNodeTemplate details', () => {
  const template = (spec: string) => `apiVersion: karpenter.k8s.aws/v1alpha1
kind: AWSNodeTemplate
metadata:
  name: t
spec:
${spec}`;
  const provisioner = (spec: string) => `apiVersion: karpenter.sh/v1alpha5
kind: Provisioner
metadata:
  name: p
spec:
  providerRef:
    name: t
${spec}
---
`;
  const selectors = `  subnetSelector:
    karpenter.sh/discovery: c1
  securityGroupSelector:
    karpenter.sh/discovery: c1
`;

  test('tag selectors: comma lists split into terms, empty values become *', () => {
    const r = convertText(
      provisioner('') +
        template(`  subnetSelector:
    Name: "private-a,private-b"
    kubernetes.io/role/internal-elb: ''
  securityGroupSelector:
    aws-ids: "sg-1,sg-2"
    Name: ignored
`),
      { cluster: 'c1' },
    );
    expect(nodeClass(r, 't').subnetSelectorTerms).toEqual([
      { tags: { Name: 'private-a', 'kubernetes.io/role/internal-elb': '*' } },
      { tags: { Name: 'private-b', 'kubernetes.io/role/internal-elb': '*' } },
    ]);
    expect(nodeClass(r, 't').securityGroupSelectorTerms).toEqual([{ id: 'sg-1' }, { id: 'sg-2' }]);
    const dropped = entries(r, 'AWSNodeTemplate/t spec.securityGroupSelector.Name')[0];
    expect(dropped).toMatchObject({
      level: 'warning',
      action: 'dropped',
      message: 'tag filter Name was left out',
    });
  });

  test('amiSelector by name and owners becomes name × owner terms and keeps amiFamily', () => {
    const r = convertText(
      provisioner('') +
        template(`${selectors}  amiFamily: AL2023
  amiSelector:
    aws::name: my-ami-1,my-ami-2
    aws::owners: "123456789012,amazon"
`),
    );
    const c = nodeClass(r, 't');
    expect(c.alias).toBeUndefined();
    expect(c.amiFamily).toBe('AL2023');
    expect(c.amiSelectorTerms).toEqual([
      { name: 'my-ami-1', owner: '123456789012' },
      { name: 'my-ami-1', owner: 'amazon' },
      { name: 'my-ami-2', owner: '123456789012' },
      { name: 'my-ami-2', owner: 'amazon' },
    ]);
  });

  test('launchTemplate has no v1 equivalent: reported as a warning and left out', () => {
    const r = convertText(provisioner('') + template(`${selectors}  launchTemplate: my-lt\n`));
    expect(r.ok).toBe(true);
    const e = entries(r, 'AWSNodeTemplate/t spec.launchTemplate')[0];
    expect(e).toMatchObject({ level: 'warning', action: 'dropped', line: 19 });
    expect(e.reason).toContain('removed unmanaged launch templates');
    expect(nodeClass(r, 't')).not.toHaveProperty('launchTemplate');
  });

  test('Ubuntu without an AMI selector is an error; with one it becomes AL2 with a warning', () => {
    const bad = convertText(provisioner('') + template(`${selectors}  amiFamily: Ubuntu\n`));
    expect(bad.ok).toBe(false);
    expect(bad.diagnostics[0].message).toContain(
      'amiFamily Ubuntu without an AMI selector cannot be converted',
    );
    const good = convertText(
      provisioner('') + template(`${selectors}  amiFamily: Ubuntu\n  amiSelector:\n    aws::ids: ami-0123\n`),
    );
    expect(nodeClass(good, 't')).toMatchObject({ amiFamily: 'AL2', amiSelectorTerms: [{ id: 'ami-0123' }] });
  });

  test('an AWSNodeTemplate without selectors is an error; a removed tag is dropped with a warning', () => {
    const r = convertText(
      provisioner('') + template('  tags: { karpenter.sh/provisioner-name: p, team: a }\n'),
      { cluster: 'c1' },
    );
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      'has no securityGroupSelector',
      'has no subnetSelector',
    ]);
  });
});
