import { convertFixtures, convertText, entries, nodeClass, pool } from '../convert-helpers';

describe('v1 NodePool + EC2NodeClass (lossless)', () => {
  const result = convertFixtures(['v1/dataops.yaml'], { cluster: 'ticketing' });

  test('no errors; the only thing to review is what synth says of the input itself', () => {
    expect(result.diagnostics).toEqual([]);
    // The input sizes a root volume under RAID0: synth's AMI-family check warns, and the
    // converter, which runs synth's checks on its output, says so at the source manifest.
    expect(
      result.entries.filter((e) => e.level === 'warning').map((e) => [e.action, e.source, e.line]),
    ).toEqual([['checked', 'EC2NodeClass/dataops spec.blockDeviceMappings[0].ebs.volumeSize', 81]]);
  });

  test('every node pool field is carried over', () => {
    expect(pool(result, 'dataops')).toEqual({
      nodeClass: 'dataops',
      capacityTypes: ['spot', 'on-demand'],
      architectures: ['amd64'],
      instanceCategories: { in: ['r', 'm'], minValues: 2 },
      instanceSizes: { notIn: ['nano', 'micro', 'small'] },
      instanceGenerationGreaterThan: 5,
      requirements: [{ key: 'karpenter.k8s.aws/instance-local-nvme', operator: 'Exists' }],
      labels: { role: 'dataops', team: 'data' },
      annotations: { 'example.com/owner': 'data-platform' },
      taints: [{ key: 'dedicated', value: 'dataops', effect: 'NoSchedule' }],
      startupTaints: [{ key: 'ebs.csi.aws.com/agent-not-ready', effect: 'NoExecute' }],
      limits: { cpu: '200', memory: '800Gi' },
      disruption: {
        consolidationPolicy: 'WhenEmptyOrUnderutilized',
        consolidateAfter: '10m',
        budgets: [
          { nodes: '20%' },
          { nodes: '0', schedule: '0 9 * * mon-fri', duration: '8h', reasons: ['Underutilized', 'Drifted'] },
        ],
      },
      expireAfter: '336h',
      terminationGracePeriod: '48h',
      weight: 30,
    });
  });

  test('every node class field is carried over, the single alias term as the alias shorthand', () => {
    // The one role every class uses is the cluster's default node role: it leaves the class.
    expect(result.description?.iam).toBeUndefined();
    expect(entries(result, 'EC2NodeClass/dataops spec.role')[0]).toMatchObject({
      action: 'moved',
      target: 'iam.nodeRoleName',
      message: "role 'KarpenterNodeRole-ticketing' became the cluster's node role",
    });
    expect(nodeClass(result, 'dataops')).toEqual({
      alias: 'al2023@v20260714',
      subnetSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'ticketing', tier: 'private' } }],
      securityGroupSelectorTerms: [{ id: 'sg-0123456789abcdef0' }, { name: 'dataops-nodes' }],
      userData: expect.stringContaining('kind: NodeConfig'),
      blockDeviceMappings: [
        {
          deviceName: '/dev/xvda',
          rootVolume: true,
          ebs: {
            volumeSize: '100Gi',
            volumeType: 'gp3',
            iops: 6000,
            throughput: 250,
            encrypted: true,
            deleteOnTermination: true,
          },
        },
      ],
      metadataOptions: {
        httpEndpoint: 'enabled',
        httpProtocolIPv6: 'disabled',
        httpPutResponseHopLimit: 1,
        httpTokens: 'required',
      },
      kubelet: {
        maxPods: 110,
        systemReserved: { cpu: '200m', memory: '500Mi' },
        evictionHard: { 'memory.available': '5%', 'nodefs.available': '10%' },
        imageGCHighThresholdPercent: 80,
        imageGCLowThresholdPercent: 60,
      },
      tags: { 'cost-center': '4242', team: 'data' },
      detailedMonitoring: true,
      associatePublicIPAddress: false,
      instanceStorePolicy: 'RAID0',
    });
  });
});

describe('v1 from kubectl get -o yaml', () => {
  const result = convertFixtures(['v1/kubectl-export.yaml']);

  test('List items are converted; server metadata and status are reported and left out', () => {
    expect(result.ok).toBe(true);
    expect(pool(result, 'system').nodeClass).toBe('system');
    expect(pool(result, 'system').expireAfter).toBe('720h');
    const server = entries(result, 'NodePool/system metadata.creationTimestamp')[0];
    expect(server.message).toBe('creationTimestamp, generation, resourceVersion, uid left out');
    expect(entries(result, 'NodePool/system status')[0].action).toBe('dropped');
    expect(entries(result, 'EC2NodeClass/system status')[0].action).toBe('dropped');
  });

  test('the conversion webhook kubelet annotation moves to the class', () => {
    expect(nodeClass(result, 'system').kubelet).toEqual({ maxPods: 58, systemReserved: { cpu: '100m' } });
    expect(pool(result, 'system')).not.toHaveProperty('annotations');
    const moved = entries(
      result,
      'NodePool/system metadata.annotations.compatibility.karpenter.sh/v1beta1-kubelet-conversion',
    )[0];
    expect(moved).toMatchObject({ action: 'moved', target: 'nodeClasses.system.kubelet', line: 14 });
  });

  test('amiFamily next to an alias is kept', () => {
    expect(nodeClass(result, 'system')).toMatchObject({
      alias: 'bottlerocket@v1.20.4',
      amiFamily: 'Bottlerocket',
    });
  });
});

describe('v1 fields the fleet format cannot express', () => {
  const result = convertFixtures(['bad/v1-inexpressible.yaml']);

  test('are reported as dropped with the reason, and the rest converts', () => {
    expect(result.ok).toBe(true);
    const dropped = result.entries
      .filter((e) => e.action === 'dropped' && e.level === 'warning')
      .map((e) => e.source);
    expect(dropped).toEqual(['EC2NodeClass/special spec.futureOption']);
    // The user's own label on the NodePool object is kept in the fleet description now.
    expect(pool(result, 'static').metadata).toMatchObject({ labels: { team: expect.any(String) } });
    expect(entries(result, 'EC2NodeClass/special spec.futureOption')[0].reason).toContain(
      'The fleet format cannot express this field yet',
    );
    expect(nodeClass(result, 'special')).not.toHaveProperty('futureOption');
    // Karpenter 1.14 fields are carried over, a static pool stays static.
    expect(nodeClass(result, 'special')).toMatchObject({
      cpuOptions: { nestedVirtualization: 'enabled' },
      ipPrefixCount: 1,
    });
    expect(pool(result, 'static').replicas).toBe(3);
  });

  test('@latest aliases are kept with allowLatestAmi and a warning', () => {
    const r = convertText(`apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata: { name: c }
spec:
  amiSelectorTerms: [{ alias: al2023@latest }]
  role: r
  subnetSelectorTerms: [{ tags: { karpenter.sh/discovery: c1 } }]
  securityGroupSelectorTerms: [{ tags: { karpenter.sh/discovery: c1 } }]
`);
    expect(nodeClass(r, 'c')).toMatchObject({ alias: 'al2023@latest', allowLatestAmi: true });
    expect(entries(r, 'EC2NodeClass/c spec.amiSelectorTerms[0].alias')[0].level).toBe('warning');
  });

  test('WhenUnderutilized in a v1 manifest is an error naming the rename', () => {
    const r = convertText(`apiVersion: karpenter.sh/v1
kind: NodePool
metadata: { name: p }
spec:
  template: { spec: { nodeClassRef: { group: karpenter.k8s.aws, kind: EC2NodeClass, name: c } } }
  disruption: { consolidationPolicy: WhenUnderutilized, consolidateAfter: 0s }
`);
    expect(r.ok).toBe(false);
    const d = r.diagnostics.find(
      (x) => x.path === 'document 1 NodePool/p spec.disruption.consolidationPolicy',
    );
    expect(d).toMatchObject({
      severity: 'error',
      line: 6,
      message: "'WhenUnderutilized' is the v1beta1 name",
    });
    expect(d?.fix).toContain('WhenEmptyOrUnderutilized');
  });
});
