import { defaultDiscoveryTerms } from '../../model/shared/fleet-defaults';
import { NodeClassModel, NodePoolModel } from '../../model/shared/fleet-model';
import {
  buildCluster,
  buildNodeClass,
  buildNodePool,
  clusterFixture,
  FIXTURE_ACCOUNT,
  FIXTURE_REGION,
  fleetFixture,
  MAXIMAL_NODE_CLASS,
  MAXIMAL_NODE_POOL,
  MINIMAL_NODE_CLASS,
  MINIMAL_NODE_POOL,
  rootVolume,
  STATIC_NODE_POOL,
} from './fleet-fixtures';
import { DEFAULTS, loadCluster, MINIMAL } from './fleet-files';

/** The model minus where it was written: the builders place fixtures in clusters/ticketing.yaml. */
function withoutSources<T extends object>(m: T): Partial<T> {
  const rest: Partial<T> = { ...m };
  delete (rest as { source?: unknown }).source;
  delete (rest as { fieldSources?: unknown }).fieldSources;
  return rest;
}

describe('buildCluster', () => {
  it('builds what the loader resolves for the minimal fleet files', () => {
    const { cluster } = loadCluster(MINIMAL + 'nodeClasses:\n  d:\n    alias: al2023@v20260714\n');
    const built = buildCluster({
      name: 'demo',
      aws: { region: 'eu-west-1' },
      tags: {},
      nodeClasses: [
        buildNodeClass({
          name: 'd',
          source: cluster.nodeClasses[0].source,
          aliasSources: { 'al2023@v20260714': { file: 'clusters/demo.yaml', line: 9, col: 12 } },
          role: 'KarpenterNodeRole-demo',
          subnetSelectorTerms: defaultDiscoveryTerms('demo'),
          securityGroupSelectorTerms: defaultDiscoveryTerms('demo'),
        }),
      ],
    });
    expect(DEFAULTS).toContain(built.gitops.repoURL);
    expect(withoutSources(built)).toEqual(withoutSources(cluster));
    expect(built.source).toEqual({ file: 'clusters/demo.yaml', line: 1, col: 1 });
  });

  it('merges nested overrides one level deep and keeps the other defaults', () => {
    const c = buildCluster({
      name: 'batch',
      karpenter: {
        namespace: 'karpenter',
        controller: { replicas: 3 },
        interruptionQueue: { kmsKeyArn: 'k' },
      },
      iam: { zonalShift: true },
      gitops: { targetRevision: 'release' },
    });
    expect(c.aws).toEqual({
      accountId: FIXTURE_ACCOUNT,
      region: FIXTURE_REGION,
      partition: 'aws',
      managedBy: 'cloudformation',
    });
    expect(c.karpenter.namespace).toBe('karpenter');
    expect(c.karpenter.serviceAccount).toBe('karpenter');
    expect(c.karpenter.interruptionQueue).toEqual({ name: 'batch', kmsKeyArn: 'k' });
    expect(c.karpenter.controller.replicas).toBe(3);
    expect(c.karpenter.controller.logLevel).toBe('info');
    expect(c.iam.zonalShift).toBe(true);
    expect(c.iam.controllerRoleName).toBe('KarpenterControllerRole-batch');
    expect(c.gitops.targetRevision).toBe('release');
    expect(c.gitops.destination).toEqual({ name: 'batch' });
    expect(c.tags).toEqual({ team: 'batch' });
  });

  it('does not share mutable defaults between built clusters', () => {
    const a = buildCluster();
    const b = buildCluster();
    expect(a).toEqual(b);
    expect(a.karpenter.controller.resources).not.toBe(b.karpenter.controller.resources);
  });
});

describe('node class and node pool builders', () => {
  it('replace only the fields given', () => {
    expect(buildNodeClass({ name: 'x', tags: { a: 'b' } })).toEqual({
      ...buildNodeClass(),
      name: 'x',
      tags: { a: 'b' },
    });
    expect(buildNodePool({ weight: 5 })).toEqual({ ...MINIMAL_NODE_POOL, weight: 5 });
    expect(MINIMAL_NODE_CLASS.instanceProfile).toBe('KarpenterNodeInstanceProfile-ticketing');
    expect(MINIMAL_NODE_CLASS.role).toBeUndefined();
    expect(STATIC_NODE_POOL).toEqual({
      ...MINIMAL_NODE_POOL,
      name: 'static-gpu',
      replicas: 4,
      limits: { nodes: '8' },
    });
  });

  it('rootVolume is an encrypted gp3 root volume, with a KMS key only when given', () => {
    expect(rootVolume('20Gi')).toEqual({
      deviceName: '/dev/xvda',
      rootVolume: true,
      ebs: { volumeSize: '20Gi', volumeType: 'gp3', encrypted: true, deleteOnTermination: true },
    });
    expect(rootVolume('20Gi', 'alias/k').ebs.kmsKeyID).toBe('alias/k');
  });
});

describe('maximal fixtures', () => {
  const unset = (m: object) =>
    Object.entries(m)
      .filter(([, v]) => v === undefined)
      .map(([k]) => k);

  it('set every field of the model but the one each leaves out on purpose', () => {
    expect(unset(MAXIMAL_NODE_CLASS)).toEqual([]);
    expect(unset(MAXIMAL_NODE_POOL)).toEqual([]);
    const classKeys: readonly (keyof NodeClassModel)[] = Object.keys(
      MAXIMAL_NODE_CLASS,
    ) as (keyof NodeClassModel)[];
    const poolKeys: readonly (keyof NodePoolModel)[] = Object.keys(
      MAXIMAL_NODE_POOL,
    ) as (keyof NodePoolModel)[];
    expect(classKeys).not.toContain('instanceProfile');
    expect(poolKeys).not.toContain('replicas');
    expect(MAXIMAL_NODE_POOL.nodeClass).toBe(MAXIMAL_NODE_CLASS.name);
  });
});

describe('clusterFixture and fleetFixture', () => {
  it('are built clusters with the given classes and pools', () => {
    expect(clusterFixture('x', [MINIMAL_NODE_CLASS], [])).toEqual(
      buildCluster({ name: 'x', nodeClasses: [MINIMAL_NODE_CLASS] }),
    );
    const fleet = fleetFixture();
    expect(fleet.clusters.map((c) => c.name)).toEqual(['batch', 'ticketing']);
    expect(fleet.clusters[1].nodeClasses).toEqual([MAXIMAL_NODE_CLASS, MINIMAL_NODE_CLASS]);
    expect(fleet.clusters[1].nodePools).toEqual([MAXIMAL_NODE_POOL, MINIMAL_NODE_POOL]);
  });
});
