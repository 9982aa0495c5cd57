/** Node class AMI checks. `demo.yaml` = MINIMAL (6 lines) + `nodeClasses:` (line 7) + `  d:` (line 8) + the body. */
import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

const nodeClass = (body: string) => `${MINIMAL}nodeClasses:\n  d:\n${body}`;

describe('node class AMI', () => {
  it('an unpinned alias is refused unless allowLatestAmi', () => {
    expect(errorsOfCluster(nodeClass('    alias: bottlerocket@latest\n'))).toEqual([
      "clusters/demo.yaml:9:12 nodeClasses.d.alias: 'bottlerocket@latest' is not pinned: nodes would change AMI without a change in Git. Pin a version such as bottlerocket@v1.39.1, or set allowLatestAmi: true to accept this knowingly.",
    ]);
    const { warnings } = loadCluster(nodeClass('    alias: bottlerocket@latest\n    allowLatestAmi: true\n'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: 'warning', line: 9, col: 12, path: 'nodeClasses.d.alias' });
  });

  it('exactly one of alias / amiSelectorTerms', () => {
    expect(
      errorsOfCluster(nodeClass('    alias: al2023@v20260714\n    amiSelectorTerms:\n      - id: ami-1\n')),
    ).toEqual([
      'clusters/demo.yaml:9:5 nodeClasses.d.alias: alias and amiSelectorTerms are both set. Keep one: alias is shorthand for amiSelectorTerms: [{ alias }].',
    ]);
    expect(errorsOfCluster(nodeClass('    role: r\n'))).toEqual([
      'clusters/demo.yaml:8:3 nodeClasses.d: the node class names no AMI. Add alias: al2023@v20260714 (a pinned family@version), or amiSelectorTerms.',
      // Reported in the same run: the role is checked after resolving, despite the error above.
      "clusters/demo.yaml:9:11 nodeClasses.d.role: role 'r' is not this cluster's node role 'KarpenterNodeRole-demo', so its nodes could not join. A cluster has one node role here: set iam.nodeRoleName to the role to keep and remove role from the node classes (they default to it), or give the classes of other roles an instanceProfile.",
    ]);
  });

  it('malformed alias and unknown alias family', () => {
    expect(errorsOfCluster(nodeClass('    alias: al2023\n'))).toEqual([
      "clusters/demo.yaml:9:12 nodeClasses.d.alias: 'al2023' is not an AMI alias of the form family@version. Write e.g. al2023@v20260714 or bottlerocket@v1.39.1.",
    ]);
    expect(errorsOfCluster(nodeClass('    alias: ubuntu@v1\n'))).toEqual([
      "clusters/demo.yaml:9:12 nodeClasses.d.alias: unknown AMI alias family 'ubuntu'. Use one of: al2, al2023, bottlerocket, windows2019, windows2022, windows2025.",
    ]);
  });

  it('amiFamily is required without an alias term', () => {
    expect(errorsOfCluster(nodeClass('    amiSelectorTerms:\n      - name: my-ami-*\n'))).toEqual([
      'clusters/demo.yaml:10:7 nodeClasses.d.amiSelectorTerms: amiFamily is required when no AMI selector term is an alias. Add amiFamily (e.g. AL2023), which decides the userData format.',
    ]);
  });

  it('Windows aliases cannot be pinned; Custom may go with any alias', () => {
    expect(errorsOfCluster(nodeClass('    alias: windows2022@v20250101\n'))).toEqual([
      "clusters/demo.yaml:9:12 nodeClasses.d.alias: Windows AMI aliases cannot be pinned ('windows2022@v20250101'). Karpenter accepts only windows2022@latest; set allowLatestAmi: true, or pin with amiSelectorTerms by id.",
    ]);
    expect(() =>
      loadCluster(nodeClass('    alias: al2023@v20260714\n    amiFamily: Custom\n')),
    ).not.toThrow();
    expect(errorsOfCluster(nodeClass('    alias: al2023@v20260714\n    amiFamily: AL2\n'))).toEqual([
      'clusters/demo.yaml:10:16 nodeClasses.d.amiFamily: amiFamily AL2 does not match the alias family AL2023. Remove amiFamily (the alias sets it), or use Custom with your own userData.',
    ]);
  });

  it('a pinned AL2023 release that published no AMI for the Kubernetes version is an error at its line', () => {
    expect(errorsOfCluster(nodeClass('    alias: al2023@v20250505\n'))).toEqual([
      "clusters/demo.yaml:9:12 nodeClasses.d.alias: AL2023 AMI release v20250505 published AMIs only for Kubernetes 1.26–1.32, not 1.33, so Karpenter resolves no AMI for the alias and launches no node (kubernetesVersion defaults to it). Use al2023@v20260714 (the newest release in the tool's data for Kubernetes 1.33), or al2023@latest (with allowLatestAmi: true).",
    ]);
    expect(
      errorsOfCluster(
        `${MINIMAL}kubernetesVersion: "1.29"\nnodeClasses:\n  d:\n    amiSelectorTerms:\n      - alias: al2023@v20260714\n`,
      ),
    ).toEqual([
      "clusters/demo.yaml:11:16 nodeClasses.d.amiSelectorTerms[0].alias: AL2023 AMI release v20260714 published AMIs only for Kubernetes 1.30–1.36, not 1.29, so Karpenter resolves no AMI for the alias and launches no node. Use al2023@v20260318 (the newest release in the tool's data for Kubernetes 1.29), or al2023@latest (with allowLatestAmi: true).",
    ]);
  });

  it('a release that covers the version passes; one newer than the data gets no verdict', () => {
    for (const body of [
      '    alias: al2023@v20260714\n',
      '    alias: al2023@v20250519\n',
      '    alias: al2023@v20270101\n',
      '    alias: bottlerocket@v1.39.1\n',
    ]) {
      const { warnings } = loadCluster(nodeClass(body));
      expect(warnings).toEqual([]);
    }
    expect(() =>
      loadCluster(`${MINIMAL}kubernetesVersion: "1.32"\nnodeClasses:\n  d:\n    alias: al2023@v20250505\n`),
    ).not.toThrow();
  });

  it('a release absent from the data is a warning naming the nearest releases', () => {
    const { warnings } = loadCluster(nodeClass('    alias: al2023@v20260311\n'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      severity: 'warning',
      line: 9,
      col: 12,
      path: 'nodeClasses.d.alias',
      message:
        "v20260311 is not an AL2023 AMI release in the tool's data (the nearest are v20260304 and v20260318): it may be mistyped, or a recalled or abandoned release, which the data leaves out",
      fix: "Check it at github.com/awslabs/amazon-eks-ami/releases, or use al2023@v20260714 (the newest release in the tool's data for Kubernetes 1.33), or al2023@latest (with allowLatestAmi: true)",
    });
  });
});
