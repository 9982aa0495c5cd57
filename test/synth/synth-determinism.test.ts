/**
 * Byte-for-byte determinism of the compiled CLI (`node build/synth/synth.js`, built by
 * `npm test` / `npm run build`): the same fleet gives the same dist/ under different time
 * zones, locales, cdk8s sort settings and creation orders of clusters/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULTS } from '../support/fleet-files';
import { makeTempProject, readTree, removeTempProject, writeTree } from './dist-fixture';

const CLI = resolve(__dirname, '..', '..', 'build', 'synth', 'synth.js');

const FLEET: Record<string, string> = {
  '_defaults.yaml': DEFAULTS,
  'ticketing.yaml': `aws:
  accountId: "111122223333"
  region: ap-northeast-2
gitops:
  destination: { name: ticketing }
tags: { team: ticketing, flag: "on", zeta: "1e3", alpha: "yes" }
nodeClasses:
  default:
    alias: al2023@v20260714
    tags: { z-last: "1", a-first: "2" }
  bottlerocket:
    alias: bottlerocket@v1.40.0
    bottlerocket:
      settings:
        kernel: { lockdown: integrity }
        host-containers: { control: { enabled: true }, admin: { enabled: false } }
    blockDeviceMappings:
      - deviceName: /dev/xvdb
        rootVolume: true
        ebs: { volumeSize: 100Gi, volumeType: gp3, kmsKeyID: "arn:aws:kms:ap-northeast-2:111122223333:key/abc", deleteOnTermination: false }
nodePools:
  zeta:
    nodeClass: default
    capacityTypes: [spot]
    labels: { role: zeta, enabled: "yes" }
    limits: { memory: 400Gi, cpu: "100" }
  alpha:
    nodeClass: bottlerocket
    architectures: [arm64]
    instanceTypes: [t4g.medium, t4g.large]
    taints: [{ key: dedicated, value: dataops, effect: NoSchedule }]
`,
  'batch.yaml': `aws:
  accountId: "444455556666"
  region: eu-west-1
gitops:
  destination: { server: https://batch.example.com }
nodeClasses:
  default:
    alias: al2023@v20260714
nodePools:
  general:
    nodeClass: default
`,
};

function writeFleet(root: string, order: readonly string[]): string {
  const dir = join(root, 'clusters');
  for (const name of order) writeTree(dir, { [name]: FLEET[name] });
  return dir;
}

function synth(
  cwd: string,
  out: string,
  env: Record<string, string>,
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, '--clusters', 'clusters', '--out', out, '--quiet'], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let root: string;
beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first (npm test does)`);
  root = makeTempProject('kg-determinism-');
});
afterAll(() => removeTempProject(root));

test('same fleet → byte-identical dist/ under different TZ, LANG, CDK8S_DISABLE_SORT and file orders', () => {
  const names = Object.keys(FLEET).sort();
  // One clusters/ folder (sources are named relative to the project in the output),
  // rewritten between runs in a different creation order.
  const runs: { order: string[]; env: Record<string, string> }[] = [
    { order: names, env: { TZ: 'UTC', LANG: 'C', LC_ALL: 'C' } },
    {
      order: [...names].reverse(),
      env: { TZ: 'Pacific/Chatham', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8', CDK8S_DISABLE_SORT: '1' },
    },
    {
      order: [names[1], names[0], ...names.slice(2)],
      env: { TZ: 'America/St_Johns', LANG: 'ja_JP.UTF-8', LC_ALL: 'de_DE.UTF-8' },
    },
  ];
  const trees = runs.map(({ order, env }, i) => {
    removeTempProject(join(root, 'clusters'));
    writeFleet(root, order);
    const cwd = root;
    const result = synth(cwd, `out-${i}`, env);
    expect(result).toEqual({ status: 0, stdout: '', stderr: expect.any(String) });
    expect(result.stderr).not.toMatch(/error|bug/i);
    return readTree(join(cwd, `out-${i}`));
  });

  expect(Object.keys(trees[0])).toEqual(
    [
      'batch/karpenter/ec2nodeclass-default.yaml',
      'batch/karpenter/nodepool-general.yaml',
      'ticketing/karpenter/ec2nodeclass-bottlerocket.yaml',
      'ticketing/karpenter/ec2nodeclass-default.yaml',
      'ticketing/karpenter/nodepool-alpha.yaml',
      'ticketing/karpenter/nodepool-zeta.yaml',
    ]
      .concat(Object.keys(trees[0]).filter((p) => !p.includes('/karpenter/')))
      .sort(),
  );
  expect(trees[1]).toEqual(trees[0]);
  expect(trees[2]).toEqual(trees[0]);

  // Spot checks that the compared bytes are the real thing.
  const zeta = trees[0]['ticketing/karpenter/nodepool-zeta.yaml'];
  expect(zeta).toContain('\n        enabled: "yes"\n        role: zeta\n');
  expect(zeta).toContain('\n    cpu: "100"\n    memory: 400Gi\n');
  const br = trees[0]['ticketing/karpenter/ec2nodeclass-bottlerocket.yaml'];
  expect(br).toContain('kmsKeyID: arn:aws:kms:ap-northeast-2:111122223333:key/abc\n');
  expect(br).toContain('\n    alpha: "yes"\n    flag: "on"\n    team: ticketing\n    zeta: "1e3"\n');
  // No path of the machine leaks into the Karpenter manifests.
  for (const [path, text] of Object.entries(trees[0])) {
    if (path.includes('/karpenter/')) expect(text).not.toMatch(/kg-determinism|\/tmp\//);
  }
});

test('a mistake in the fleet: exit 1, file:line diagnostics, no stack trace, output folder untouched', () => {
  const dir = join(root, 'bad');
  writeFleet(dir, Object.keys(FLEET));
  writeTree(dir, { 'out/keep.yaml': 'previous\n' });
  writeTree(join(dir, 'clusters'), {
    'ticketing.yaml': FLEET['ticketing.yaml'].replace('nodeClass: bottlerocket', 'nodeClass: bottlerockt'),
  });
  const result = synth(dir, 'out', { TZ: 'UTC' });
  expect(result.status).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/clusters\/ticketing\.yaml:\d+:\d+ nodePools\.alpha\.nodeClass: /);
  expect(result.stderr).toContain('synth: 1 error; out/ was not changed.');
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(readTree(join(dir, 'out'))).toEqual({ 'keep.yaml': 'previous\n' });
});
