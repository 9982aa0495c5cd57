import { FLEET_DEFAULTS } from '../../../model/shared/fleet-defaults';
import { DEFAULT_KARPENTER_VERSION, DEFAULT_KUBERNETES_VERSION } from '../../../model/facts/versions';
import { DEFAULTS, load, loadCluster, MINIMAL } from '../../support/fleet-files';

describe('resolveCluster defaults', () => {
  const { cluster } = loadCluster(
    MINIMAL + 'nodeClasses:\n  d:\n    alias: al2023@v20260714\nnodePools:\n  p:\n    nodeClass: d\n',
  );

  it('fills every cluster-level default', () => {
    expect(cluster.name).toBe('demo');
    expect(cluster.aws.partition).toBe('aws');
    expect(cluster.kubernetesVersion).toBe(DEFAULT_KUBERNETES_VERSION);
    expect(cluster.karpenter).toEqual({
      mode: 'self-managed',
      version: DEFAULT_KARPENTER_VERSION,
      semantics: DEFAULT_KARPENTER_VERSION,
      namespace: 'kube-system',
      serviceAccount: 'karpenter',
      interruptionQueue: { name: 'demo' },
      featureGates: {},
      controller: {
        replicas: 2,
        logLevel: 'info',
        resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { memory: '1Gi' } },
        priorityClassName: 'system-cluster-critical',
        pdbMaxUnavailable: 1,
        tolerations: [],
        topologySpread: true,
        nodeSelector: {},
      },
      helmValues: {},
    });
    expect(cluster.iam).toEqual({
      identity: { type: 'pod-identity' },
      controllerRoleName: 'KarpenterControllerRole-demo',
      nodeRoleName: 'KarpenterNodeRole-demo',
      nodeRoleExtraPolicyArns: [],
      createInstanceProfile: false,
      createSpotServiceLinkedRole: false,
      zonalShift: false,
      path: '/',
    });
    expect(cluster.tags).toEqual({});
    expect(cluster.gitops).toEqual({
      repoURL: 'https://github.com/example/platform-gitops.git',
      targetRevision: 'main',
      distPath: 'dist',
      destination: { name: 'demo' },
      argocdNamespace: 'argocd',
      project: 'demo',
      syncPolicy: { automated: true, prune: true, selfHeal: true },
      rings: [],
      fleetEntry: 'roots',
      clusterLabels: {},
    });
  });

  it('fills every node-class default', () => {
    expect(cluster.nodeClasses[0]).toEqual({
      name: 'd',
      source: { file: 'clusters/demo.yaml', line: 8, col: 3 },
      aliasSources: { 'al2023@v20260714': { file: 'clusters/demo.yaml', line: 9, col: 12 } },
      amiSelectorTerms: [{ alias: 'al2023@v20260714' }],
      role: 'KarpenterNodeRole-demo',
      subnetSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'demo' } }],
      securityGroupSelectorTerms: [{ tags: { 'karpenter.sh/discovery': 'demo' } }],
      blockDeviceMappings: [],
      metadataOptions: {
        httpEndpoint: 'enabled',
        httpProtocolIPv6: 'disabled',
        httpPutResponseHopLimit: 1,
        httpTokens: 'required',
      },
      tags: {},
      objectAnnotations: {},
      objectLabels: {},
      capacityReservationSelectorTerms: [],
      networkInterfaces: [],
    });
  });

  it('fills every node-pool default', () => {
    expect(cluster.nodePools[0]).toEqual({
      name: 'p',
      source: { file: 'clusters/demo.yaml', line: 11, col: 3 },
      nodeClass: 'd',
      requirements: [],
      labels: {},
      annotations: {},
      taints: [],
      startupTaints: [],
      limits: {},
      disruption: {
        consolidationPolicy: 'WhenEmptyOrUnderutilized',
        consolidateAfter: '0s',
        budgets: [{ nodes: '10%' }],
      },
      expireAfter: FLEET_DEFAULTS.expireAfter,
      smokeTest: false,
      objectAnnotations: {},
      objectLabels: {},
    });
  });

  it('records where an alias in amiSelectorTerms was written (aliasSources), for preflight', () => {
    const { cluster: c } = loadCluster(
      MINIMAL + 'nodeClasses:\n  d:\n    amiSelectorTerms:\n      - alias: bottlerocket@v1.40.0\n',
    );
    expect(c.nodeClasses[0].aliasSources).toEqual({
      'bottlerocket@v1.40.0': { file: 'clusters/demo.yaml', line: 10, col: 16 },
    });
  });

  it('defaults encrypted, deleteOnTermination and volumeType of block devices', () => {
    const { cluster: c } = loadCluster(
      MINIMAL +
        'nodeClasses:\n  d:\n    alias: al2023@v20260714\n    blockDeviceMappings:\n      - deviceName: /dev/xvda\n        ebs: { volumeSize: 20Gi }\n',
    );
    expect(c.nodeClasses[0].blockDeviceMappings).toEqual([
      {
        deviceName: '/dev/xvda',
        ebs: { volumeSize: '20Gi', volumeType: 'gp3', encrypted: true, deleteOnTermination: true },
      },
    ]);
  });

  it('uses instanceProfile instead of the default role, and derives the OIDC issuer', () => {
    const { cluster: c } = loadCluster(
      MINIMAL +
        'iam:\n  identity: irsa\n  oidcProviderArn: arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABC\nnodeClasses:\n  d:\n    alias: al2023@v20260714\n    instanceProfile: my-profile\n',
    );
    expect(c.nodeClasses[0].role).toBeUndefined();
    expect(c.nodeClasses[0].instanceProfile).toBe('my-profile');
    expect(c.iam.identity).toEqual({
      type: 'irsa',
      oidcProviderArn: 'arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABC',
      oidcIssuer: 'oidc.eks.eu-west-1.amazonaws.com/id/ABC',
    });
  });
});

describe('_defaults.yaml merge precedence', () => {
  const defaults =
    DEFAULTS +
    '  targetRevision: release\ntags:\n  team: platform\n  env: prod\nnodeClasses:\n  shared:\n    alias: al2023@v20260714\n    tags: { owner: platform }\nnodePools:\n  base:\n    nodeClass: shared\n    zones: [eu-west-1a, eu-west-1b]\n    labels: { tier: base }\n';
  const loaded = load({
    '_defaults.yaml': defaults,
    'demo.yaml':
      MINIMAL +
      'overridesDefaults:\n  nodePools: [base]\ntags:\n  team: data\nnodePools:\n  base:\n    zones: [eu-west-1c]\n    labels: { extra: "yes" }\n',
    'other.yaml': MINIMAL.replace('name: demo', 'name: other'),
  });
  const demo = loaded.fleet.clusters.find((c) => c.name === 'demo')!;
  const other = loaded.fleet.clusters.find((c) => c.name === 'other')!;

  it('maps merge key by key, the cluster file winning', () => {
    expect(demo.tags).toEqual({ env: 'prod', team: 'data' });
    expect(other.tags).toEqual({ env: 'prod', team: 'platform' });
    expect(demo.gitops.targetRevision).toBe('release');
    expect(demo.nodePools[0].labels).toEqual({ extra: 'yes', tier: 'base' });
  });

  it('lists replace whole', () => {
    expect(demo.nodePools[0].requirements).toEqual([
      { key: 'topology.kubernetes.io/zone', operator: 'In', values: ['eu-west-1c'] },
    ]);
    expect(other.nodePools[0].requirements[0].values).toEqual(['eu-west-1a', 'eu-west-1b']);
  });

  it('a class from _defaults.yaml gets each cluster’s defaults and tags, and points at _defaults.yaml', () => {
    expect(demo.nodeClasses[0].role).toBe('KarpenterNodeRole-demo');
    expect(other.nodeClasses[0].role).toBe('KarpenterNodeRole-other');
    expect(demo.nodeClasses[0].tags).toEqual({ env: 'prod', owner: 'platform', team: 'data' });
    expect(demo.nodeClasses[0].source).toEqual({ file: 'clusters/_defaults.yaml', line: 8, col: 3 });
  });

  it('records where the name fields were written, in the file they came from (fieldSources)', () => {
    const written = demo.fieldSources ?? {};
    // Only fields the user wrote: no name:, no iam, no queue name here.
    expect(Object.keys(written).sort()).toEqual(['tags', 'tags.env', 'tags.team']);
    expect(written['tags.team']).toMatchObject({ file: 'clusters/demo.yaml' });
    expect(written['tags.env']).toMatchObject({ file: 'clusters/_defaults.yaml' });
    expect(other.fieldSources?.['tags.team']).toMatchObject({ file: 'clusters/_defaults.yaml' });
  });
});

describe('sorting', () => {
  it('sorts classes, pools and map keys by name', () => {
    const { cluster } = loadCluster(
      MINIMAL +
        'tags: { z: "1", a: "2" }\nnodeClasses:\n  zeta:\n    alias: al2023@v20260714\n  alpha:\n    alias: al2023@v20260714\nnodePools:\n  zz:\n    nodeClass: alpha\n    limits: { memory: 1Gi, cpu: 4 }\n  aa:\n    nodeClass: zeta\n',
    );
    expect(cluster.nodeClasses.map((c) => c.name)).toEqual(['alpha', 'zeta']);
    expect(cluster.nodePools.map((p) => p.name)).toEqual(['aa', 'zz']);
    expect(Object.keys(cluster.tags)).toEqual(['a', 'z']);
    expect(cluster.nodePools[1].limits).toEqual({ cpu: '4', memory: '1Gi' });
    expect(Object.keys(cluster.nodePools[1].limits)).toEqual(['cpu', 'memory']);
  });
});
