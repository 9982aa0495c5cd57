import { formatDiagnostic } from '../../model/shared/diagnostics';
import { loadFleetFromSources } from '../../model/load-fleet';
import { loadFleet } from '../../io/read-fleet';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';
import { DEFAULTS, errorsOf, errorsOfCluster, load, MINIMAL, minimalFor } from '../support/fleet-files';

const ROOT = DEMO_FLEET_ROOT;

describe('loadFleet on the committed example fleet', () => {
  const { fleet, warnings } = loadFleet(ROOT);
  const cluster = (name: string) => {
    const c = fleet.clusters.find((x) => x.name === name);
    if (!c) throw new Error(`no cluster ${name}`);
    return c;
  };

  it('loads every cluster, sorted by name, without warnings', () => {
    expect(fleet.clusters.map((c) => c.name)).toEqual(['dataops', 'edge', 'ticketing', 'training']);
    expect(warnings).toEqual([]);
  });

  it('reproduces the ticketing cluster (ap-northeast-2, three pools on one class, IRSA)', () => {
    const t = cluster('ticketing');
    expect(t.aws).toEqual({
      accountId: '111122223333',
      region: 'ap-northeast-2',
      partition: 'aws',
      managedBy: 'cloudformation',
    });
    expect(t.nodeClasses.map((c) => c.name)).toEqual(['default']);
    expect(t.nodePools.map((p) => [p.name, p.nodeClass])).toEqual([
      ['loadtest', 'default'],
      ['mixed-workload', 'default'],
      ['on-demand-critical', 'default'],
    ]);
    const pool = (n: string) => t.nodePools.find((p) => p.name === n)!;
    expect(pool('on-demand-critical').requirements[0]).toEqual({
      key: 'karpenter.sh/capacity-type',
      operator: 'In',
      values: ['on-demand'],
    });
    expect(pool('on-demand-critical').disruption.consolidateAfter).toBe('2m');
    expect(pool('mixed-workload').requirements[0].values).toEqual(['spot']);
    expect(pool('mixed-workload').disruption.consolidateAfter).toBe('30s');
    expect(pool('loadtest').taints).toEqual([
      { key: 'example.com/loadtest', value: 'true', effect: 'NoSchedule' },
    ]);
    expect(t.iam.identity).toEqual({
      type: 'irsa',
      oidcProviderArn:
        'arn:aws:iam::111122223333:oidc-provider/oidc.eks.ap-northeast-2.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE',
      oidcIssuer: 'oidc.eks.ap-northeast-2.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE',
    });
    // From _defaults.yaml, under the cluster's own tags.
    expect(t.tags).toEqual({ 'cost-center': '4200', 'managed-by-team': 'platform', team: 'ticketing' });
    expect(t.gitops.repoURL).toBe('https://github.com/example/platform-gitops.git');
  });

  it('reproduces the data batch pool and the GPU pool', () => {
    const d = cluster('dataops');
    const batch = d.nodePools.find((p) => p.name === 'batch')!;
    expect(batch.requirements).toEqual([
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand'] },
      { key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] },
      { key: 'kubernetes.io/os', operator: 'In', values: ['linux'] },
      {
        key: 'node.kubernetes.io/instance-type',
        operator: 'In',
        values: ['t4g.medium', 't4g.large', 't4g.xlarge'],
      },
    ]);
    expect(batch.labels).toEqual({ role: 'dataops' });
    expect(batch.taints).toEqual([{ key: 'dedicated', value: 'dataops', effect: 'NoSchedule' }]);
    expect(batch.disruption).toEqual({
      consolidationPolicy: 'WhenEmptyOrUnderutilized',
      consolidateAfter: '2m',
      budgets: [{ nodes: '10%' }],
    });
    const batchClass = d.nodeClasses.find((c) => c.name === 'batch')!;
    expect(batchClass.amiSelectorTerms).toEqual([{ alias: 'al2023@v20260714' }]);
    expect(batchClass.blockDeviceMappings[0].ebs).toEqual({
      volumeSize: '20Gi',
      volumeType: 'gp3',
      encrypted: true,
      deleteOnTermination: true,
    });
    const gpu = d.nodePools.find((p) => p.name === 'gpu')!;
    expect(gpu.taints).toEqual([{ key: 'nvidia.com/gpu', value: 'true', effect: 'NoSchedule' }]);
    expect(gpu.limits['nvidia.com/gpu']).toBe('8');
    expect(d.karpenter.interruptionQueue.kmsKeyArn).toMatch(/^arn:aws:kms:eu-west-1:444455556666:key\//);
    expect(d.iam.identity).toEqual({ type: 'pod-identity' });
  });

  it('reproduces the Bottlerocket arm64 class: 100 GiB encrypted data volume on xvdb, small xvda, TOML settings', () => {
    const e = cluster('edge');
    const nc = e.nodeClasses.find((c) => c.name === 'bottlerocket-arm')!;
    expect(nc.amiSelectorTerms).toEqual([{ alias: 'bottlerocket@v1.39.1' }]);
    expect(nc.blockDeviceMappings).toEqual([
      {
        deviceName: '/dev/xvda',
        ebs: {
          volumeSize: '4Gi',
          volumeType: 'gp3',
          encrypted: true,
          kmsKeyID: 'arn:aws:kms:us-east-1:777788889999:key/abcd1234-ab12-cd34-ef56-abcdef123456',
          deleteOnTermination: true,
        },
      },
      {
        deviceName: '/dev/xvdb',
        rootVolume: true,
        ebs: {
          volumeSize: '100Gi',
          volumeType: 'gp3',
          iops: 3000,
          throughput: 125,
          encrypted: true,
          kmsKeyID: 'arn:aws:kms:us-east-1:777788889999:key/abcd1234-ab12-cd34-ef56-abcdef123456',
          deleteOnTermination: false,
        },
      },
    ]);
    expect(nc.userData).toBe(
      [
        '[settings.host-containers.admin]',
        'enabled = false',
        '',
        '[settings.host-containers.control]',
        'enabled = true',
        '',
        '[settings.kernel]',
        'lockdown = "integrity"',
        '',
      ].join('\n'),
    );
    expect(nc.tags).toEqual({
      'cost-center': '4200',
      'example.com/purpose': 'edge',
      'managed-by-team': 'platform',
      os: 'bottlerocket',
      team: 'edge',
    });
    const pool = e.nodePools.find((p) => p.name === 'arm-small')!;
    expect(pool.labels).toEqual({ 'node.role': 'edge' });
    expect(pool.requirements).toContainEqual({
      key: 'node.kubernetes.io/instance-type',
      operator: 'In',
      values: ['t4g.micro', 't4g.small', 't4g.medium'],
    });
    expect(e.iam.zonalShift).toBe(true);
  });

  it('records where each class and pool is written', () => {
    const t = cluster('ticketing');
    expect(t.source).toEqual({ file: 'clusters/ticketing.yaml', line: 1, col: 1 });
    expect(t.nodeClasses[0].source).toEqual({ file: 'clusters/ticketing.yaml', line: 24, col: 3 });
  });
});

describe('loadFleetFromSources', () => {
  it('reports the errors of every file at once (a syntax error does not hide schema errors elsewhere)', () => {
    expect(
      errorsOf({
        '_defaults.yaml': DEFAULTS,
        'alpha.yaml': 'aws: [\n',
        'beta.yaml': MINIMAL + 'nodePools:\n  p:\n    nodeclass: x\n',
      }),
    ).toEqual([
      'clusters/alpha.yaml:2:1 YAML syntax error: bad indentation or an unclosed bracket. Indent nested keys consistently with spaces and close every [ and {.',
      expect.stringMatching(
        /^clusters\/beta\.yaml:9:5 nodePools\.p\.nodeclass: unknown key 'nodeclass'\. Did you mean 'nodeClass'\?/,
      ),
    ]);
  });

  it('reports schema and semantic errors of one file together', () => {
    const text =
      MINIMAL +
      'nodeClasses:\n  d:\n    alias: al2023@v20260714\n    amiFamly: AL2023\nnodePools:\n  p:\n    nodeClass: d\n    expireAfter: 30d\n  q:\n    nodeclass: d\n';
    expect(errorsOfCluster(text)).toEqual([
      expect.stringMatching(
        /^clusters\/demo\.yaml:10:5 nodeClasses\.d\.amiFamly: unknown key 'amiFamly'\. Did you mean 'amiFamily'\?/,
      ),
      "clusters/demo.yaml:14:18 nodePools.p.expireAfter: '30d' is not a duration Karpenter accepts (only s, m and h units). Use 720h.",
      expect.stringMatching(
        /^clusters\/demo\.yaml:16:5 nodePools\.q\.nodeclass: unknown key 'nodeclass'\. Did you mean 'nodeClass'\?/,
      ),
    ]);
  });

  it('refuses files starting with _ other than _defaults.yaml, and a fleet with no cluster', () => {
    expect(errorsOf({ '_default.yaml': DEFAULTS })).toEqual([
      "clusters/_default.yaml: '_default.yaml' is not a fleet file. Only _defaults.yaml may start with '_'; rename or remove it.",
    ]);
    expect(errorsOf({ '_defaults.yaml': DEFAULTS })).toEqual([
      'clusters: the fleet has no cluster. Add clusters/<cluster>.yaml (see docs/fleet-reference.md).',
    ]);
  });

  it('reports duplicate cluster names in both files', () => {
    expect(
      errorsOf({
        '_defaults.yaml': DEFAULTS,
        'a.yaml': 'name: shop\n' + MINIMAL,
        'shop.yaml': MINIMAL,
      }),
    ).toEqual([
      "clusters/a.yaml:1:1 name: cluster name 'shop' is also used by clusters/shop.yaml:1:1. Give every cluster a unique name (the name defaults to the file name).",
    ]);
  });

  it('returns the same model whatever order the sources come in', () => {
    const files = { '_defaults.yaml': DEFAULTS, 'b.yaml': minimalFor('b'), 'a.yaml': minimalFor('a') };
    const forward = load(files);
    const backward = loadFleetFromSources(
      Object.entries(files)
        .reverse()
        .map(([n, text]) => ({ path: `clusters/${n}`, text })),
    );
    expect(JSON.stringify(backward)).toBe(JSON.stringify(forward));
  });

  it('reports an error in _defaults.yaml once, at its place in _defaults.yaml', () => {
    expect(
      errorsOf({
        '_defaults.yaml': DEFAULTS + 'tags:\n  team: [a]\n',
        'a.yaml': minimalFor('a'),
        'b.yaml': minimalFor('b'),
      }),
    ).toEqual(['clusters/_defaults.yaml:4:9 tags.team: expected text, got a list. Write text.']);
  });

  it('points errors in merged values at the file the value came from', () => {
    const defaults = DEFAULTS + 'nodePools:\n  shared:\n    nodeClass: default\n    expireAfter: 30d\n';
    expect(
      errorsOf({
        '_defaults.yaml': defaults,
        'demo.yaml': MINIMAL + 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n',
      }),
    ).toEqual([
      "clusters/_defaults.yaml:6:18 nodePools.shared.expireAfter: '30d' is not a duration Karpenter accepts (only s, m and h units). Use 720h.",
    ]);
  });

  it('names the clusters a merged _defaults.yaml value is wrong for, unless it is wrong for all', () => {
    const defaults = DEFAULTS + 'nodePools:\n  shared:\n    nodeClass: default\n';
    const withClass = minimalFor('b') + 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
    expect(
      errorsOf({
        '_defaults.yaml': defaults,
        'a.yaml': minimalFor('a'),
        'b.yaml': withClass,
        'c.yaml': minimalFor('c'),
      }),
    ).toEqual([
      "clusters/_defaults.yaml:5:16 nodePools.shared.nodeClass: node class 'default' does not exist (this cluster has no nodeClasses) (when merged into clusters/a.yaml, clusters/c.yaml). Name one of the cluster’s nodeClasses, or add a node class 'default' under nodeClasses.",
    ]);
  });

  it('without usable defaults, still reports unknown keys and wrong types of the cluster files', () => {
    expect(errorsOf({ '_defaults.yaml': 'gitops: [\n', 'demo.yaml': 'aws:\n  acountId: "1"\n' })).toEqual([
      'clusters/_defaults.yaml:2:1 YAML syntax error: bad indentation or an unclosed bracket. Indent nested keys consistently with spaces and close every [ and {.',
      expect.stringMatching(
        /^clusters\/demo\.yaml:2:3 aws\.acountId: unknown key 'acountId'\. Did you mean 'accountId'\?/,
      ),
    ]);
  });

  it('returns allowLatestAmi as a warning, not an error', () => {
    const text = MINIMAL + 'nodeClasses:\n  d:\n    alias: al2023@latest\n    allowLatestAmi: true\n';
    const loaded = load({ '_defaults.yaml': DEFAULTS, 'demo.yaml': text });
    expect(loaded.warnings.map(formatDiagnostic)).toEqual([
      "clusters/demo.yaml:9:12 warning: nodeClasses.d.alias: 'al2023@latest' is not pinned: nodes change AMI whenever a new one is released, without a change in Git. Pin a version such as al2023@v20260714 and remove allowLatestAmi.",
    ]);
  });

  it('never throws anything but UserError for hostile text', () => {
    const hostile = [
      '',
      '~',
      '[]',
      '- a',
      '{',
      '"\\q"',
      '? [a]\n: b',
      'a: !!binary aGVsbG8=',
      '&a [*a]',
      'aws: *nope',
    ];
    for (const text of hostile) {
      expect(() => errorsOfCluster(text)).not.toThrow();
    }
  });

  test('a mistake in an aliased value is reported where each alias is used, not only at the anchor', () => {
    const text = `${MINIMAL}nodeClasses:
  default:
    alias: al2023@v20260714
nodePools:
  a:
    nodeClass: default
    taints: &t
      - key: example.com/x
        effect: NoSchedul
  b:
    nodeClass: default
    labels: &l
      team: "a b"
    taints: *t
  c:
    nodeClass: default
    labels: *l
`;
    const errors = errorsOfCluster(text);
    expect(errors).toEqual([
      expect.stringMatching(
        /^clusters\/demo\.yaml:15:17 nodePools\.a\.taints\[0\]\.effect: 'NoSchedul' is not allowed/,
      ),
      expect.stringMatching(
        /^clusters\/demo\.yaml:19:13 nodePools\.b\.labels\.team: 'a b' is not a valid label value/,
      ),
      // line 20: `taints: *t`, at the alias
      expect.stringMatching(
        /^clusters\/demo\.yaml:20:13 nodePools\.b\.taints\[0\]\.effect: 'NoSchedul' is not allowed/,
      ),
      // line 23: `labels: *l`
      expect.stringMatching(
        /^clusters\/demo\.yaml:23:13 nodePools\.c\.labels\.team: 'a b' is not a valid label value/,
      ),
    ]);
  });
});
