import { appendFileSync, cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AUTO_MODE_FOLDER,
  clearRepositoryImportsCache,
  LOCK_FILE,
  REPOSITORY_IMPORTS_DIR,
} from '../../io/repository-imports';
import { distPaths } from '../../model/shared/dist-layout';
import { FleetModel } from '../../model/shared/fleet-model';
import type { ImportedKarpenterVersion } from '../../model/shared/imported-versions';
import { clusterFindingsCache, defaultClusterFindingsCache } from '../../validation/cluster-findings-cache';
import { cloudFormationTemplates, distSources, validateDist } from '../../validation/validate-dist';
import { ClusterFindingsCache } from '../../validation/validate-tree';
import { Finding } from '../../validation/finding';
import { buildCluster } from '../support/fleet-fixtures';
import { counting, CountingStore } from '../support/counting-store';
import { CLUSTER, cfnTemplate, distFiles, NODE_POOL } from './fixtures';
import { folderPerTest } from '../support/temp-folder';

const fleet = (version: '1.14.1' | '1.0.14' = '1.14.1'): FleetModel => ({
  clusters: [buildCluster({ name: CLUSTER, karpenter: { version } })],
});

let work: string;
folderPerTest('cluster-findings-cache-', (dir) => (work = dir));

/** A cache in `work` that counts what it gave back and kept. */
function counted(): CountingStore<readonly Finding[]> {
  return counting(clusterFindingsCache(join(work, 'cache'), 'test build'));
}

const staticPool = NODE_POOL.replace('spec:\n  template:', 'spec:\n  replicas: 2\n  template:');
const badPool = NODE_POOL.replace('name: default', 'name: gpu');

describe('validation findings kept per cluster folder', () => {
  it('gives back exactly the findings of a run without it, errors and transition rules included', () => {
    const variants: { files: ReturnType<typeof distFiles>; previous?: Map<string, string>; v?: '1.0.14' }[] =
      [
        { files: distFiles() },
        { files: distFiles({ [distPaths.nodePool(CLUSTER, 'general')]: badPool }) },
        { files: distFiles(), previous: new Map([[distPaths.nodePool(CLUSTER, 'general'), staticPool]]) },
        { files: distFiles(), previous: new Map([[distPaths.nodePool(CLUSTER, 'general'), NODE_POOL]]) },
        { files: distFiles(), v: '1.0.14' },
      ];
    const first = counted();
    const plain = variants.map((x) =>
      validateDist(x.files, fleet(x.v), { cfnLint: false, ...(x.previous ? { previous: x.previous } : {}) }),
    );
    // Not a comparison that proves nothing: one variant has errors, one a transition-rule error.
    expect(plain[1].some((f) => f.severity === 'error' && f.check.startsWith('cross/'))).toBe(true);
    expect(plain[2].map((f) => f.message)).toEqual([
      'Cannot transition NodePool between static (replicas set) and dynamic (replicas unset) provisioning modes',
    ]);
    const run = (cache: ClusterFindingsCache) =>
      variants.map((x) =>
        validateDist(x.files, fleet(x.v), {
          cfnLint: false,
          cache,
          ...(x.previous ? { previous: x.previous } : {}),
        }),
      );
    expect(run(first)).toEqual(plain);
    // Each variant is its own key: the first (no previous) and the fifth (another version) differ.
    expect(first.sets).toBe(5);
    expect(first.hits).toBe(0);
    const again = counted();
    expect(run(again)).toEqual(plain);
    expect(again.hits).toBe(5);
    expect(again.sets).toBe(0);
  });

  it('ignores a cache file that is not what it wrote', () => {
    const cache = counted();
    const plain = validateDist(distFiles({ [distPaths.nodePool(CLUSTER, 'general')]: badPool }), fleet(), {
      cfnLint: false,
    });
    validateDist(distFiles({ [distPaths.nodePool(CLUSTER, 'general')]: badPool }), fleet(), {
      cfnLint: false,
      cache,
    });
    const [file] = readdirSync(join(work, 'cache'));
    writeFileSync(join(work, 'cache', file), 'karpenter-gitops fleet cache 1\n0\n');
    const after = counted();
    expect(
      validateDist(distFiles({ [distPaths.nodePool(CLUSTER, 'general')]: badPool }), fleet(), {
        cfnLint: false,
        cache: after,
      }),
    ).toEqual(plain);
    expect(after.hits).toBe(0);
    expect(after.sets).toBe(1);
  });

  it('keeps findings where the repository imported its Auto Mode NodeClass CRD, keyed by every import file', () => {
    const repo = join(work, 'repo');
    const catalog = join(repo, REPOSITORY_IMPORTS_DIR, AUTO_MODE_FOLDER, 'catalog.js');
    mkdirSync(join(repo, REPOSITORY_IMPORTS_DIR, AUTO_MODE_FOLDER), { recursive: true });
    writeFileSync(catalog, 'module.exports = [];\n');
    writeFileSync(
      join(repo, REPOSITORY_IMPORTS_DIR, LOCK_FILE),
      JSON.stringify({
        lockVersion: 1,
        imports: [
          {
            folder: AUTO_MODE_FOLDER,
            kind: 'eks-auto-mode',
            source: 'nc.yaml',
            files: [],
            contentSha256: '0',
          },
        ],
      }),
    );
    const cwd = process.cwd();
    const cache = counted();
    const inRepo = () => {
      try {
        process.chdir(repo);
        return validateDist(distFiles(), fleet(), { cfnLint: false, cache });
      } finally {
        process.chdir(cwd);
      }
    };
    const first = inRepo();
    expect(cache.sets).toBe(1);
    expect(inRepo()).toEqual(first);
    expect(cache.hits).toBe(1);
    // One byte of one import file changed (read again, as the next run reads it): a miss.
    clearRepositoryImportsCache();
    writeFileSync(catalog, 'module.exports = [ ];\n');
    inRepo();
    expect(cache.hits).toBe(1);
    expect(cache.sets).toBe(2);
    clearRepositoryImportsCache();
    // The same files from a folder without that import are another key.
    validateDist(distFiles(), fleet(), { cfnLint: false, cache });
    expect(cache.sets).toBe(3);
    expect(cache.hits).toBe(1);
  });

  it('keeps findings of a cluster on an imported version, keyed by every file of its artifact folder', () => {
    const artifactDir = join(work, 'karpenter-v1.14.3');
    cpSync(join(__dirname, '..', '..', 'imports', 'validation', 'karpenter-v1.14.1'), artifactDir, {
      recursive: true,
    });
    const onImported: FleetModel = {
      clusters: [
        buildCluster({
          name: CLUSTER,
          karpenter: {
            version: '1.14.3',
            imported: {
              version: '1.14.3',
              folder: 'karpenter-imports/karpenter-v1.14.3',
              artifactDir,
              carryOver: { nearestKnown: '1.14.1' },
              schemas: new Map(),
              crdFacts: {},
            } as unknown as ImportedKarpenterVersion,
          },
        }),
      ],
    };
    const files = distFiles({ [distPaths.nodePool(CLUSTER, 'general')]: badPool });
    const plain = validateDist(files, onImported, { cfnLint: false });
    expect(plain.some((f) => f.severity === 'error')).toBe(true);
    const cache = counted();
    expect(validateDist(files, onImported, { cfnLint: false, cache })).toEqual(plain);
    expect(validateDist(files, onImported, { cfnLint: false, cache })).toEqual(plain);
    expect(cache.sets).toBe(1);
    expect(cache.hits).toBe(1);
    // One byte of one artifact changed (read again, as the next run reads it): a miss.
    clearRepositoryImportsCache();
    appendFileSync(join(artifactDir, 'facts.js'), '\n');
    expect(validateDist(files, onImported, { cfnLint: false, cache })).toEqual(plain);
    expect(cache.sets).toBe(2);
    expect(cache.hits).toBe(1);
    clearRepositoryImportsCache();
    // The same cluster on 1.14.1 is another key.
    validateDist(files, fleet(), { cfnLint: false, cache });
    expect(cache.sets).toBe(3);
  });

  it('is off from the TypeScript sources and with KARPENTER_GITOPS_FLEET_CACHE=off', () => {
    expect(defaultClusterFindingsCache({ XDG_CACHE_HOME: work })).toBeUndefined();
    expect(
      defaultClusterFindingsCache({ XDG_CACHE_HOME: work, KARPENTER_GITOPS_FLEET_CACHE: 'off' }),
    ).toBeUndefined();
  });
});

describe('template verdicts kept by text', () => {
  it('find exactly the templates a run without them finds, and are used', () => {
    const files = distSources(
      distFiles({
        [distPaths.cloudFormation(CLUSTER)]: cfnTemplate(),
        'demo/values/odd.yaml': 'Resources: not-a-template\n',
      }),
    );
    const kept = new Map<string, boolean>();
    let hits = 0;
    const verdicts = {
      get: (key: string) => {
        const v = kept.get(key);
        if (v !== undefined) hits++;
        return v;
      },
      set: (key: string, v: boolean) => void kept.set(key, v),
    };
    const plain = cloudFormationTemplates(files);
    expect(plain.map((t) => t.file)).toEqual([`dist/${distPaths.cloudFormation(CLUSTER)}`]);
    expect(cloudFormationTemplates(files, verdicts)).toEqual(plain);
    expect([...kept.values()].sort()).toEqual([false, true]);
    expect(cloudFormationTemplates(files, verdicts)).toEqual(plain);
    expect(hits).toBe(2);
  });
});
