import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { ClusterModel, FleetModel } from '../../model';
import { FLEET_CACHE_ENV, keptRecords } from '../../io/fleet-load-cache';
import { loadFleet } from '../../io/read-fleet';
import {
  clusterGenerationKey,
  ClusterFilesRecord,
  defaultGenerationCache,
  generationCache,
  isClusterFilesRecord,
} from '../../synth/generation-cache';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';
import { inThisRealm } from '../support/in-this-realm';
import { folderPerTest } from '../support/temp-folder';

let work: string;
folderPerTest('generation-cache-', (dir) => (work = dir));

const demo: FleetModel = loadFleet(DEMO_FLEET_ROOT, { cache: null }).fleet;
const ticketing = demo.clusters.find((c) => c.name === 'ticketing') as ClusterModel;

/** A model as a test edits it: any field, to any value. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- edits write fields of every shape
type Editable = Record<string, any>;

/** `cluster` with `edit` applied to a deep copy. */
function edited(cluster: ClusterModel, edit: (c: Editable) => void): ClusterModel {
  const copy = inThisRealm(deserialize(serialize(cluster)) as ClusterModel);
  edit(copy as unknown as Editable);
  return copy;
}

describe('clusterGenerationKey', () => {
  it('is the same for the model and for its copy from a fleet load record, and differs between clusters', () => {
    const key = clusterGenerationKey(ticketing);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(clusterGenerationKey(inThisRealm(deserialize(serialize(ticketing)) as ClusterModel))).toBe(key);
    const keys = demo.clusters.map((c) => clusterGenerationKey(c));
    expect(new Set(keys).size).toBe(demo.clusters.length);
  });

  it('changes when anything of the model changes: a value, a position, a field added', () => {
    const key = clusterGenerationKey(ticketing);
    const edits: ((c: Editable) => void)[] = [
      (c) => (c.tags = { ...c.tags, team: 'payments' }),
      (c) => (c.nodePools[0].limits = { ...c.nodePools[0].limits, cpu: '999' }),
      (c) => (c.source = { ...c.source, line: c.source.line + 1 }),
      (c) => (c.source = { ...c.source, file: 'clusters/other.yaml' }),
      (c) => (c.karpenter.version = '1.0.14'),
      (c) => (c.aws.region = 'eu-west-2'),
      (c) => (c.nodePools = [...c.nodePools].reverse()),
      (c) => (c.gitops = { ...c.gitops, extra: undefined }),
    ];
    const after = edits.map((e) => clusterGenerationKey(edited(ticketing, e)));
    for (const k of after) expect(k).not.toBe(key);
    expect(new Set(after).size).toBe(edits.length);
  });

  it('keys an imported version by its own fields and its artifact folder digest', () => {
    const imported = {
      version: '1.99.0',
      folder: 'karpenter-imports/karpenter-v1.99.0',
      artifactDir: '/repo/karpenter-imports/karpenter-v1.99.0',
      chart: { name: 'karpenter', version: '1.99.0' },
      carryOver: { shipped: '1.14.1', verdicts: [] },
      schemas: new Map([['NodePool', { type: 'object' }]]),
      crdFacts: {},
    };
    const on = (i: object) => edited(ticketing, (c) => (c.karpenter.imported = i));
    const digests: Record<string, string> = { [imported.artifactDir]: 'digest a' };
    const key = (c: ClusterModel, d = digests) => clusterGenerationKey(c, (dir) => d[dir] ?? 'none');
    const base = key(on(imported));
    expect(base).toBeDefined();
    expect(base).not.toBe(clusterGenerationKey(ticketing));
    // What was read from the folder is keyed by the folder's digest: another digest, another key.
    expect(key(on(imported), { [imported.artifactDir]: 'digest b' })).not.toBe(base);
    expect(key(on({ ...imported, schemas: new Map() }))).toBe(base);
    // Its own fields, which the lock file (not the folder) decides, are keyed as they are.
    expect(key(on({ ...imported, chart: { name: 'karpenter', version: '1.99.1' } }))).not.toBe(base);
    expect(key(on({ ...imported, folder: 'karpenter-imports/x' }))).not.toBe(base);
  });

  it('is undefined for a model that is not plain data', () => {
    class Odd {
      readonly x = 1;
    }
    expect(clusterGenerationKey(edited(ticketing, (c) => (c.tags = new Odd())))).toBeUndefined();
    expect(clusterGenerationKey(edited(ticketing, (c) => (c.tags = { f: () => 1 })))).toBeUndefined();
  });
});

const RECORD: ClusterFilesRecord = {
  cluster: 'shop',
  files: [
    ['fleet/root-shop.yaml', 'kind: Application\n', { kind: 'Application' }],
    ['shop/cloudformation/policy-proof.txt', 'proof\n'],
    ['shop/karpenter/nodepool-general.yaml', 'kind: NodePool\n', { kind: 'NodePool', spec: { x: [1] } }],
  ],
};

describe('generationCache', () => {
  it('gives back what it kept, and nothing for another build or key', () => {
    const dir = join(work, 'cache');
    const cache = generationCache(dir, 'build 1');
    cache.set('k', RECORD);
    expect(cache.written).toBe(1);
    expect(inThisRealm(generationCache(dir, 'build 1').get('k'))).toEqual(RECORD);
    expect(generationCache(dir, 'build 2').get('k')).toBeUndefined();
    expect(generationCache(dir, 'build 1').get('other')).toBeUndefined();
  });

  it('ignores a file that is not exactly what it wrote', () => {
    const dir = join(work, 'cache');
    const cache = generationCache(dir, 'b');
    for (const k of ['a', 'b', 'c']) cache.set(k, RECORD);
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(3);
    writeFileSync(join(dir, files[0]), readFileSync(join(dir, files[0])).subarray(0, 40));
    const bytes = readFileSync(join(dir, files[1]));
    bytes[bytes.length - 3] ^= 0xff;
    writeFileSync(join(dir, files[1]), bytes);
    const found = ['a', 'b', 'c'].map((k) => generationCache(dir, 'b').get(k));
    expect(found.filter((r) => r !== undefined)).toHaveLength(1);
  });

  it('gives back no record of another shape, or with a file of another cluster', () => {
    const dir = join(work, 'cache');
    const raw = keptRecords(dir, 'b', (_v): _v is unknown => true);
    raw.set('other cluster', { ...RECORD, files: [...RECORD.files, ['edge/values/karpenter.yaml', 'x']] });
    raw.set('fleet-wide', { ...RECORD, files: [['fleet/appproject-argocd.yaml', 'x']] });
    raw.set('no text', { ...RECORD, files: [['shop/a.yaml']] });
    raw.set('no name', { files: [] });
    const cache = generationCache(dir, 'b');
    for (const k of ['other cluster', 'fleet-wide', 'no text', 'no name'])
      expect(cache.get(k)).toBeUndefined();
    expect(isClusterFilesRecord(RECORD)).toBe(true);
    expect(isClusterFilesRecord({ cluster: 'shop', files: [] })).toBe(true);
  });
});

describe('defaultGenerationCache', () => {
  it(`is off with ${FLEET_CACHE_ENV}=off and when running from sources`, () => {
    expect(defaultGenerationCache({ [FLEET_CACHE_ENV]: 'off', XDG_CACHE_HOME: work })).toBeUndefined();
    expect(defaultGenerationCache({ XDG_CACHE_HOME: work })).toBeUndefined();
  });
});
