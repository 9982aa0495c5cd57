/**
 * Issue 39's done-when, with the packed package in an empty repository: `import` of a chart
 * archive built from the 1.14.1 CRDs with one added EC2NodeClass field and one added enum value,
 * labelled 1.99.0, exits 0; a fleet on 1.99.0 using both synthesizes and they reach dist/; the new
 * field with a value outside its enum fails at its line; the new enum value fails on a cluster
 * pinned to 1.14.1; synth prints the carry-over line.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADDED_ENUM, ADDED_FIELD, build199Archive } from '../support/chart-fixtures';
import { DEFAULTS, MINIMAL } from '../support/fleet-files';
import { NPM_INSTALL_FLAGS, packedTarball } from './packed-tarball';

jest.setTimeout(15 * 60_000);

let repo: string;
let archive: string;
beforeAll(async () => {
  const tarball = await packedTarball();
  repo = mkdtempSync(join(tmpdir(), 'kg-installed-import-'));
  execFileSync('git', ['init', '-q'], { cwd: repo, stdio: 'pipe' });
  execFileSync('npm', ['init', '-y'], { cwd: repo, stdio: 'pipe' });
  execFileSync('npm', ['install', tarball, ...NPM_INSTALL_FLAGS], { cwd: repo, stdio: 'pipe' });
  archive = build199Archive(mkdtempSync(join(tmpdir(), 'kg-installed-import-chart-')));
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

function cli(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync('npx', ['--no-install', 'karpenter-gitops', ...args], { cwd: repo, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const cluster = (version: string, extra: string): string =>
  `${MINIMAL}karpenter:\n  version: ${version}\nnodeClasses:\n  default:\n    alias: al2023@v20260714\n${extra}nodePools:\n  general:\n    nodeClass: default\n    limits: { cpu: "100" }\n`;

function fleet(text: string): void {
  mkdirSync(join(repo, 'clusters'), { recursive: true });
  writeFileSync(join(repo, 'clusters', '_defaults.yaml'), DEFAULTS);
  writeFileSync(join(repo, 'clusters', 'shop.yaml'), text);
}

test('import of the 1.99.0 archive exits 0 and writes karpenter-imports/', () => {
  const r = cli('import', archive);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  expect(r.out).toMatch(/^karpenter-imports\/karpenter-v1\.99\.0\/: 5 CRD versions validated from /);
  expect(existsSync(join(repo, 'karpenter-imports', 'karpenter-v1.99.0', 'catalog.js'))).toBe(true);
});

test('a fleet on 1.99.0 with the new field and enum value synthesizes; both reach dist/; the carry-over line is printed', () => {
  fleet(
    cluster(
      '1.99.0',
      `    ${ADDED_FIELD}: { mode: enabled }\n    ${ADDED_ENUM.field}: ${ADDED_ENUM.value}\n`,
    ),
  );
  const r = cli('synth');
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  expect(r.out).toMatch(
    /^synth: shop: Karpenter 1\.99\.0 \(imported\), nearest known 1\.14\.1: applied unchanged: /m,
  );
  const nodeClass = readFileSync(
    join(repo, 'dist', 'shop', 'karpenter', 'ec2nodeclass-default.yaml'),
    'utf8',
  );
  expect(nodeClass).toMatch(/\n {2}hibernation:\n {4}mode: enabled\n/);
  expect(nodeClass).toMatch(/\n {2}instanceStorePolicy: RAID10\n/);
  // --quiet keeps the carry-over line of checks not applied (warning level), not the summary.
  const quiet = cli('synth', '--quiet');
  expect(quiet.code).toBe(0);
  expect(quiet.out).toMatch(
    /^synth: shop: Karpenter 1\.99\.0 \(imported\), .*not applied \(schema changed\): drift hash fields/,
  );
  expect(quiet.out.trimEnd().split('\n')).toHaveLength(1);
});

test('the new field with a value outside its enum fails at its line', () => {
  fleet(cluster('1.99.0', `    ${ADDED_FIELD}: { mode: sometimes }\n`));
  const r = cli('synth');
  expect(r.code).toBe(1);
  expect(r.err).toMatch(/^clusters\/shop\.yaml:12:\d+ nodeClasses\.default\.hibernation\.mode: .*sometimes/m);
});

test('the new enum value fails on a cluster pinned to 1.14.1', () => {
  fleet(cluster('1.14.1', `    ${ADDED_ENUM.field}: ${ADDED_ENUM.value}\n`));
  const r = cli('synth');
  expect(r.code).toBe(1);
  expect(r.err).toMatch(
    /^clusters\/shop\.yaml:12:\d+ nodeClasses\.default\.instanceStorePolicy: 'RAID10' is not allowed/m,
  );
});
