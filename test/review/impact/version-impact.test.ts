/**
 * `impact` on a change of karpenter.version (review/impact/version-impact.ts): a 1.99.0 chart
 * imported with an EC2NodeClass field added, NodePool expireAfter's default changed and a values
 * key renamed; a fleet moved from 1.14.1 to it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { runImport } from '../../../codegen/import/import-command';
import { loadFleetFromDir } from '../../../io/cli-common';
import { clearRepositoryImportsCache, readRepositoryImports } from '../../../io/repository-imports';
import { readDistDir } from '../../../review/read-dist-dir';
import { karpenterUpgrades, upgradeMarkdown } from '../../../review/impact/version-impact';
import { synthCli } from '../../../synth/synth';
import {
  buildChartArchive,
  extendedNodeClassCrd,
  SHARED_CRDS_1141,
  SHARED_VALUES_1141,
} from '../../support/chart-fixtures';
import { DEFAULTS, MINIMAL } from '../../support/fleet-files';

let repo: string;
beforeAll(async () => {
  repo = mkdtempSync(join(tmpdir(), 'kg-version-impact-'));
  clearRepositoryImportsCache();
  const pools = parse(readFileSync(join(SHARED_CRDS_1141, 'karpenter.sh_nodepools.yaml'), 'utf8')) as never;
  const spec = (pools as { spec: { versions: { schema: { openAPIV3Schema: unknown } }[] } }).spec.versions[0]
    .schema.openAPIV3Schema as {
    properties: {
      spec: {
        properties: {
          template: {
            properties: { spec: { properties: Record<string, { default?: string; type?: string }> } };
          };
        };
      };
    };
  };
  const template = spec.properties.spec.properties.template.properties.spec.properties;
  template.expireAfter.default = '336h';
  template.bootMode = { type: 'string', default: 'standard' };
  const values = readFileSync(SHARED_VALUES_1141, 'utf8').replace(
    /^(\s+)batchIdleDuration:/m,
    '$1batchIdlePeriod:',
  );
  const work = join(repo, '.work');
  writeFileSync(join(repo, 'values.yaml'), values);
  const archive = buildChartArchive(work, {
    version: '1.99.0',
    valuesFile: join(repo, 'values.yaml'),
    crdOverrides: {
      'karpenter.k8s.aws_ec2nodeclasses.yaml': extendedNodeClassCrd(),
      'karpenter.sh_nodepools.yaml': stringify(pools),
    },
  });
  await runImport([archive], repo, {});
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

function synthAt(version: string, out: string): ReadonlyMap<string, string> {
  mkdirSync(join(repo, 'clusters'), { recursive: true });
  writeFileSync(join(repo, 'clusters', '_defaults.yaml'), DEFAULTS);
  writeFileSync(
    join(repo, 'clusters', 'shop.yaml'),
    `${MINIMAL}karpenter:\n  version: ${version}\nnodeClasses:\n  default:\n    alias: al2023@v20260714\nnodePools:\n  general:\n    nodeClass: default\n    limits: { cpu: "100" }\n  fixed:\n    nodeClass: default\n    expireAfter: 720h\n    weight: 10\n    limits: { cpu: "10" }\n`,
  );
  clearRepositoryImportsCache();
  const err: string[] = [];
  const code = synthCli(
    ['--out', out],
    { out: () => undefined, err: (l) => err.push(l), cwd: repo },
    { loadFleet: loadFleetFromDir },
    repo,
  );
  expect(err).toEqual([]);
  expect(code).toBe(0);
  return readDistDir(join(repo, out));
}

it('names the CRD fields that appeared and changed default, the renamed values key, and the pool that drifts', () => {
  const before = synthAt('1.14.1', 'dist-before');
  const after = synthAt('1.99.0', 'dist-after');
  const [upgrade, ...rest] = karpenterUpgrades(before, after, readRepositoryImports(repo));
  expect(rest).toEqual([]);
  expect(upgrade).toMatchObject({ cluster: 'shop', from: '1.14.1', to: '1.99.0' });
  expect(upgrade.crdChanges).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ kind: 'EC2NodeClass', path: 'spec.hibernation', change: 'added' }),
      expect.objectContaining({
        kind: 'NodePool',
        path: 'spec.template.spec.expireAfter',
        change: 'default',
        detail: 'default "720h" → "336h"',
      }),
    ]),
  );
  expect(upgrade.valuesKeys?.renamed).toEqual([
    { from: 'settings.batchIdleDuration', to: 'settings.batchIdlePeriod' },
  ]);
  // The tool writes expireAfter itself (its default is the tool's): only the new defaulted field drifts.
  const reason =
    'NodePool spec.template.spec.bootMode: field added, default "standard" (not set in the fleet: the API server writes it, the hash changes)';
  expect(upgrade.drift).toEqual([
    { pool: 'fixed', reasons: [reason] },
    { pool: 'general', reasons: [reason] },
  ]);
  const md = upgradeMarkdown([upgrade]).join('\n');
  expect(md).toContain('**shop**: Karpenter 1.14.1 → 1.99.0');
  expect(md).toContain(
    '- Helm values key renamed: `settings.batchIdleDuration` → `settings.batchIdlePeriod`',
  );
  expect(md).toContain(`- NodePool general drifts: ${reason}`);
  expect(md).toContain('- CRD NodePool `spec.template.spec.expireAfter`: default "720h" → "336h"');
});

it('a version that is neither shipped nor imported is named as not comparable', () => {
  const before = new Map([
    [
      'shop/argocd/application-crd.yaml',
      'spec:\n  source:\n    chart: karpenter-crd\n    targetRevision: 1.14.1\n',
    ],
  ]);
  const after = new Map([
    [
      'shop/argocd/application-crd.yaml',
      'spec:\n  source:\n    chart: karpenter-crd\n    targetRevision: 1.16.0\n',
    ],
  ]);
  expect(karpenterUpgrades(before, after, readRepositoryImports(repo))).toEqual([
    expect.objectContaining({
      from: '1.14.1',
      to: '1.16.0',
      unknown: expect.stringMatching(/^Karpenter 1\.16\.0 is neither shipped nor imported here/),
    }),
  ]);
});
