/** Node class checks. `demo.yaml` = MINIMAL (6 lines) + `nodeClasses:` (line 7) + `  d:` (line 8) + the body. */
import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

const nodeClass = (body: string) => `${MINIMAL}nodeClasses:\n  d:\n${body}`;

describe('node class checks', () => {
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
      errorsOfCluster(nodeClass('    alias: al2023@v20250505\n    amiSelectorTerms:\n      - id: ami-1\n')),
    ).toEqual([
      'clusters/demo.yaml:9:5 nodeClasses.d.alias: alias and amiSelectorTerms are both set. Keep one: alias is shorthand for amiSelectorTerms: [{ alias }].',
    ]);
    expect(errorsOfCluster(nodeClass('    role: r\n'))).toEqual([
      'clusters/demo.yaml:8:3 nodeClasses.d: the node class names no AMI. Add alias: al2023@v20250505 (a pinned family@version), or amiSelectorTerms.',
      // Reported in the same run: the role is checked after resolving, despite the error above.
      "clusters/demo.yaml:9:11 nodeClasses.d.role: role 'r' is not this cluster's node role 'KarpenterNodeRole-demo', so its nodes could not join. A cluster has one node role here: set iam.nodeRoleName to the role to keep and remove role from the node classes (they default to it), or give the classes of other roles an instanceProfile.",
    ]);
  });

  it('malformed alias and unknown alias family', () => {
    expect(errorsOfCluster(nodeClass('    alias: al2023\n'))).toEqual([
      "clusters/demo.yaml:9:12 nodeClasses.d.alias: 'al2023' is not an AMI alias of the form family@version. Write e.g. al2023@v20250505 or bottlerocket@v1.39.1.",
    ]);
    expect(errorsOfCluster(nodeClass('    alias: ubuntu@v1\n'))).toEqual([
      "clusters/demo.yaml:9:12 nodeClasses.d.alias: unknown AMI alias family 'ubuntu'. Use one of: al2, al2023, bottlerocket, windows2019, windows2022, windows2025.",
    ]);
  });

  it('exactly one of role / instanceProfile', () => {
    expect(
      errorsOfCluster(nodeClass('    alias: al2023@v20250505\n    role: a\n    instanceProfile: b\n')),
    ).toEqual([
      'clusters/demo.yaml:11:5 nodeClasses.d.instanceProfile: role and instanceProfile are both set. Keep one: role (Karpenter manages the instance profile) or instanceProfile.',
    ]);
  });

  it('userData and bottlerocket not both', () => {
    expect(
      errorsOfCluster(
        nodeClass(
          '    alias: bottlerocket@v1.39.1\n    userData: "x"\n    bottlerocket:\n      settings: { kernel: { lockdown: integrity } }\n',
        ),
      ),
    ).toEqual([
      'clusters/demo.yaml:11:5 nodeClasses.d.bottlerocket: userData and bottlerocket are both set. Keep one: bottlerocket.settings is rendered to userData.',
    ]);
  });

  it('bottlerocket settings need a Bottlerocket AMI and TOML-able values', () => {
    expect(
      errorsOfCluster(
        nodeClass('    alias: al2023@v20250505\n    bottlerocket:\n      settings:\n        motd: ~\n'),
      ),
    ).toEqual([
      'clusters/demo.yaml:10:5 nodeClasses.d.bottlerocket: bottlerocket settings need a Bottlerocket AMI, but the AMI family is AL2023. Use alias: bottlerocket@v1.39.1, or write userData for this family.',
      'clusters/demo.yaml:12:15 nodeClasses.d.bottlerocket.settings.motd: cannot be written to TOML: an empty value cannot be written to TOML. Give every setting a value.',
    ]);
  });

  it('amiFamily is required without an alias term', () => {
    expect(errorsOfCluster(nodeClass('    amiSelectorTerms:\n      - name: my-ami-*\n'))).toEqual([
      'clusters/demo.yaml:10:7 nodeClasses.d.amiSelectorTerms: amiFamily is required when no AMI selector term is an alias. Add amiFamily (e.g. AL2023), which decides the userData format.',
    ]);
  });

  it('volume size must be a whole Gi/G/Ti/T size', () => {
    expect(
      errorsOfCluster(
        nodeClass(
          '    alias: al2023@v20250505\n    blockDeviceMappings:\n      - deviceName: /dev/xvda\n        ebs: { volumeSize: 20GB }\n',
        ),
      ),
    ).toEqual([
      "clusters/demo.yaml:12:28 nodeClasses.d.blockDeviceMappings[0].ebs.volumeSize: '20GB' is not a volume size EBS and Karpenter accept. Write a whole size in Gi, G, Ti or T (at most 59000Gi / 64000G / 58Ti / 64T), e.g. 20Gi.",
    ]);
  });

  it('class names must be DNS-1123 subdomains', () => {
    expect(errorsOfCluster(`${MINIMAL}nodeClasses:\n  Default:\n    alias: al2023@v20250505\n`)).toEqual([
      "clusters/demo.yaml:8:3 nodeClasses.Default: node class name 'Default' is not a valid Kubernetes name (DNS-1123 subdomain: lower-case letters, digits, '-' and '.'). Rename it, e.g. 'default'.",
    ]);
  });

  it('unencrypted volumes and IMDSv1 are warnings', () => {
    const { warnings } = loadCluster(
      nodeClass(
        '    alias: al2023@v20250505\n    metadataOptions: { httpTokens: optional }\n    blockDeviceMappings:\n      - deviceName: /dev/xvda\n        ebs: { volumeSize: 20Gi, encrypted: false }\n',
      ),
    );
    expect(warnings.map((w) => [w.line, w.path, w.message])).toEqual([
      [10, 'nodeClasses.d.metadataOptions.httpTokens', 'IMDSv1 is allowed (httpTokens: optional)'],
      [13, 'nodeClasses.d.blockDeviceMappings[0].ebs.encrypted', 'volume is not encrypted'],
    ]);
  });

  it('tags Karpenter sets itself, on the class or the cluster', () => {
    expect(
      errorsOfCluster(nodeClass('    alias: al2023@v20250505\n    tags:\n      karpenter.sh/nodepool: x\n')),
    ).toEqual([
      "clusters/demo.yaml:11:7 nodeClasses.d.tags.karpenter.sh/nodepool: tag 'karpenter.sh/nodepool' is set by Karpenter itself. Remove it (Karpenter tags every instance with the cluster, node pool, node claim and node class).",
    ]);
    expect(errorsOfCluster(MINIMAL + 'tags:\n  kubernetes.io/cluster/demo: owned\n')).toEqual([
      "clusters/demo.yaml:8:3 tags.kubernetes.io/cluster/demo: tag 'kubernetes.io/cluster/demo' is set by Karpenter itself. Remove it (Karpenter tags every instance with the cluster, node pool, node claim and node class).",
    ]);
  });

  it('kubelet map keys Karpenter accepts', () => {
    expect(
      errorsOfCluster(
        nodeClass('    alias: al2023@v20250505\n    kubelet:\n      evictionHard: { memory.availble: 5% }\n'),
      ),
    ).toEqual([
      "clusters/demo.yaml:11:23 nodeClasses.d.kubelet.evictionHard.memory.availble: 'memory.availble' is not a valid key of kubelet.evictionHard. Did you mean 'memory.available'? Use one of: memory.available, nodefs.available, nodefs.inodesFree, imagefs.available, imagefs.inodesFree, pid.available.",
    ]);
  });

  it('Windows aliases cannot be pinned; Custom may go with any alias', () => {
    expect(errorsOfCluster(nodeClass('    alias: windows2022@v20250101\n'))).toEqual([
      "clusters/demo.yaml:9:12 nodeClasses.d.alias: Windows AMI aliases cannot be pinned ('windows2022@v20250101'). Karpenter accepts only windows2022@latest; set allowLatestAmi: true, or pin with amiSelectorTerms by id.",
    ]);
    expect(() =>
      loadCluster(nodeClass('    alias: al2023@v20250505\n    amiFamily: Custom\n')),
    ).not.toThrow();
    expect(errorsOfCluster(nodeClass('    alias: al2023@v20250505\n    amiFamily: AL2\n'))).toEqual([
      'clusters/demo.yaml:10:16 nodeClasses.d.amiFamily: amiFamily AL2 does not match the alias family AL2023. Remove amiFamily (the alias sets it), or use Custom with your own userData.',
    ]);
  });

  it('a security group selected by name is a term of its own', () => {
    expect(
      errorsOfCluster(
        nodeClass(
          '    alias: al2023@v20250505\n    securityGroupSelectorTerms:\n      - name: web\n        tags: { a: b }\n',
        ),
      ),
    ).toEqual([
      'clusters/demo.yaml:11:15 nodeClasses.d.securityGroupSelectorTerms[0].name: name cannot be combined with other fields in one selector term. Put the name in a term of its own.',
    ]);
  });

  it('userData over the 16 KiB EC2 limit', () => {
    expect(
      errorsOfCluster(
        nodeClass(`    alias: al2023@v20250505\n    userData: "#!/bin/sh\\necho ${'u'.repeat(19985)}"\n`),
      ),
    ).toEqual([
      'clusters/demo.yaml:10:15 nodeClasses.d.userData: userData is 20000 bytes, more than the 16384 EC2 accepts. Move the bulk into a script the node downloads, and keep userData short.',
    ]);
  });

  it('IDs of subnets, security groups and AMIs', () => {
    expect(
      errorsOfCluster(
        nodeClass(
          '    amiFamily: AL2023\n    amiSelectorTerms:\n      - id: ｆｕｌｌ\n    subnetSelectorTerms:\n      - id: "-"\n    securityGroupSelectorTerms:\n      - id: subnet-1\n',
        ),
      ),
    ).toEqual([
      "clusters/demo.yaml:11:13 nodeClasses.d.amiSelectorTerms[0].id: 'ｆｕｌｌ' is not an AMI ID. Write ami- followed by lower-case letters and digits.",
      "clusters/demo.yaml:13:13 nodeClasses.d.subnetSelectorTerms[0].id: '-' is not a subnet ID. Write subnet- followed by lower-case letters and digits.",
      "clusters/demo.yaml:15:13 nodeClasses.d.securityGroupSelectorTerms[0].id: 'subnet-1' is not a security group ID. Write sg- followed by lower-case letters and digits.",
    ]);
  });

  it('kubelet reservations and eviction thresholds are quantities', () => {
    expect(
      errorsOfCluster(
        nodeClass(
          '    alias: al2023@v20250505\n    kubelet:\n      kubeReserved: { cpu: lots }\n      evictionHard: { memory.available: 5%, nodefs.available: ten }\n',
        ),
      ),
    ).toEqual([
      "clusters/demo.yaml:11:28 nodeClasses.d.kubelet.kubeReserved.cpu: 'lots' is not a quantity. Write e.g. 100m, 1Gi or 3Gi.",
      "clusters/demo.yaml:12:63 nodeClasses.d.kubelet.evictionHard.nodefs.available: 'ten' is not a percentage or a quantity. Write e.g. 5% or 500Mi.",
    ]);
  });
});
