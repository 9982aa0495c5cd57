import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Diagnostic, DistFiles, FleetModel, UserError } from '../../model';
import { runCheck } from '../../review/run-check';
import { assignShards } from '../../review/shard';
import { fleetWidePath } from '../../model';
import { clusterNames, shardFleet, shardScope } from '../../review/shard-scope';
import { buildCluster } from '../support/fleet-fixtures';

const NAMES = Array.from({ length: 12 }, (_, i) => `c${String(i).padStart(2, '0')}`);
const FILES = NAMES.map((n) => `clusters/${n}.yaml`);
const FLEET: FleetModel = { clusters: NAMES.map((name) => buildCluster({ name })) };
const OWNER = assignShards(NAMES, 3);
const inShard = (k: number) => NAMES.filter((n) => OWNER.get(n) === k);

describe('shardScope', () => {
  it('owns its clusters’ folders, roots and generator files; shard 1 also the fleet-wide files', () => {
    for (const k of [1, 2, 3]) {
      const scope = shardScope({ index: k, count: 3 }, FILES, clusterNames(FLEET));
      for (const n of NAMES) {
        const mine = OWNER.get(n) === k;
        expect(scope.ownsDist(`${n}/karpenter/nodepool-general.yaml`)).toBe(mine);
        expect(scope.ownsDist(`fleet/root-${n}.yaml`)).toBe(mine);
        expect(scope.ownsDist(`fleet/clusters/${n}.json`)).toBe(mine);
        expect(scope.ownsFinding({ file: `clusters/${n}.yaml` } as Diagnostic)).toBe(mine);
      }
      for (const shared of [
        'fleet/applicationset-argocd.yaml',
        'fleet/appproject-argocd.yaml',
        'stray/x.yaml',
      ])
        expect(scope.ownsDist(shared)).toBe(k === 1);
      expect(scope.ownsFinding({ file: 'clusters/_defaults.yaml' } as Diagnostic)).toBe(k === 1);
      expect(shardFleet(scope, FLEET).clusters.map((c) => c.name)).toEqual(inShard(k));
    }
    expect(fleetWidePath('fleet/argocd-cm-patch-argocd.yaml')).toBe(true);
    expect(fleetWidePath('fleet/root-c01.yaml')).toBe(false);
    expect(fleetWidePath('c01/argocd/appproject.yaml')).toBe(false);
  });

  it('follows `name:` to the dist/ folder of a cluster whose name is not its file name', () => {
    const renamed: FleetModel = {
      clusters: [
        { ...buildCluster({ name: 'shop-prod' }), source: { file: 'clusters/c00.yaml', line: 1, col: 1 } },
      ],
    };
    const k = OWNER.get('c00') as number;
    const scope = shardScope({ index: k, count: 3 }, FILES, clusterNames(renamed));
    expect(scope.ownsDist('shop-prod/values/karpenter.yaml')).toBe(true);
  });
});

describe('runCheck --shard when another shard’s cluster has an error', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'shard-scope-'));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('shard 1 passes, does not compare dist/fleet/’s shared files, and still validates them', async () => {
    const broken = inShard(2)[0];
    const error: Diagnostic = {
      severity: 'error',
      file: `clusters/${broken}.yaml`,
      line: 3,
      col: 1,
      path: 'aws.region',
      message: 'not a region',
    };
    const valid: FleetModel = { clusters: FLEET.clusters.filter((c) => c.name !== broken) };
    const generated: DistFiles = new Map(
      valid.clusters.map((c) => [`${c.name}/values/karpenter.yaml`, 'a: 1\n']),
    );
    for (const rel of [
      ...generated.keys(),
      'fleet/appproject-argocd.yaml',
      `${broken}/values/karpenter.yaml`,
    ]) {
      mkdirSync(join(dist, rel, '..'), { recursive: true });
      writeFileSync(join(dist, rel), 'a: 1\n');
    }
    let validated: string[] = [];
    const result = await runCheck(
      { projectRoot: dist, distDir: dist, distLabel: 'dist', shard: { index: 1, count: 3 } },
      {
        loadFleet: () => {
          throw new UserError([error], valid);
        },
        synthesize: (f) =>
          new Map([...generated].filter(([p]) => f.clusters.some((c) => p.startsWith(`${c.name}/`)))),
        validate: (files) => {
          validated = [...files.keys()];
          return [];
        },
      },
    );
    const load = result.steps.find((s) => s.step === 'load');
    expect(load).toMatchObject({ status: 'ok', findings: [] });
    expect(load?.summary).toBe(`${inShard(1).length} clusters of 12 (shard 1/3), 0 node pools`);
    expect(result.coverage.clusters).toEqual(inShard(1));
    // The shared files of dist/fleet/ cannot be rendered without the broken cluster: not compared,
    // but validated; the broken cluster's files are its own shard's.
    expect(result.stale).toEqual([]);
    expect(result.steps.find((s) => s.step === 'stale')?.status).toBe('ok');
    expect(validated.sort()).toEqual(
      [...inShard(1).map((n) => `${n}/values/karpenter.yaml`), 'fleet/appproject-argocd.yaml'].sort(),
    );
    expect(result.ok).toBe(true);
  });
});
