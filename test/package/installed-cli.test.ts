/**
 * From nothing to a passing PR gate with the packed package, as a platform team would start:
 * `npm pack`; in a fresh folder `git init`, `npm init -y`, `npm i <tarball>`; then
 * `npx karpenter-gitops init` with the five flags the benchmark uses too
 * (bench/installed-init-flags.ts), `synth`, a commit, `check` and `impact --base HEAD`. The
 * install brings no TypeScript, ts-node or jest, and the tarball holds no tests, no example
 * fleet or its dist/, no CI files.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INSTALLED_INIT_FLAGS } from '../../bench/installed-init-flags';
import { NPM_INSTALL_FLAGS, packedTarball, tarballFiles } from './packed-tarball';

jest.setTimeout(15 * 60_000);

let tarball: string;
let repo: string;
beforeAll(async () => {
  tarball = await packedTarball();
  repo = mkdtempSync(join(tmpdir(), 'kg-installed-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
  git('init', '-q');
  git('config', 'user.email', 'platform@example.com');
  git('config', 'user.name', 'Platform team');
  execFileSync('npm', ['init', '-y'], { cwd: repo, stdio: 'pipe' });
  execFileSync('npm', ['install', tarball, ...NPM_INSTALL_FLAGS], { cwd: repo, stdio: 'pipe' });
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

/** Without CI=true, so that check prints its progress (one line per step) on stderr. */
const ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'CI'));

/** `npx karpenter-gitops …` in the repository: exit code and output. */
function cli(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync('npx', ['--no-install', 'karpenter-gitops', ...args], {
    cwd: repo,
    encoding: 'utf8',
    env: ENV,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

test('the tarball holds the compiled package and nothing of this repository', () => {
  const files = tarballFiles(tarball);
  expect(files).toEqual(
    expect.arrayContaining([
      'package.json',
      'bin/karpenter-gitops.js',
      'lib/api/index.js',
      'lib/api/index.d.ts',
      'lib/cli/main.js',
      'imports/fleet-schema/validators.js',
      'imports/validation/karpenter-v1.14.1/catalog.js',
      'CHANGELOG.md',
    ]),
  );
  for (const prefix of [
    'test/',
    'dist/',
    'clusters/',
    '.ci/',
    '.github/',
    'bench/',
    'codegen/',
    'docs/',
    'examples/',
  ])
    expect(files.filter((f) => f.startsWith(prefix))).toEqual([]);
  expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
  expect(files.filter((f) => f.includes('.test.'))).toEqual([]);
});

test('the install brings no TypeScript, ts-node, jest or type packages', () => {
  for (const dev of ['typescript', 'ts-node', 'jest', 'ts-jest', '@types'])
    expect([dev, existsSync(join(repo, 'node_modules', dev))]).toEqual([dev, false]);
});

test('init, synth, commit, check and impact: the path to a passing PR gate', () => {
  const version = (
    JSON.parse(readFileSync(join(repo, 'node_modules', 'karpenter-gitops', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  expect(cli('--version')).toEqual({ code: 0, out: `${version}\n`, err: '' });

  const init = cli('init', ...INSTALLED_INIT_FLAGS);
  expect(init.err).toBe('');
  expect(init.code).toBe(0);
  expect(existsSync(join(repo, 'clusters', 'shop.yaml'))).toBe(true);
  const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
    devDependencies?: Record<string, string>;
    dependencies?: Record<string, string>;
  };
  expect({ ...pkg.dependencies, ...pkg.devDependencies }['karpenter-gitops']).toBe(version);

  const synth = cli('synth');
  expect(synth.err).toBe('');
  expect(synth.code).toBe(0);
  expect(synth.out).toMatch(/^synth: 1 cluster, \d+ node pools?, \d+ files → dist\/\n$/);
  const pool = readFileSync(join(repo, 'dist', 'shop', 'karpenter', 'nodepool-general.yaml'), 'utf8');
  expect(pool).toContain('kind: NodePool');
  // Nothing was written into the installed package.
  expect(existsSync(join(repo, 'node_modules', 'karpenter-gitops', 'dist'))).toBe(false);

  execFileSync('git', ['add', '-A'], { cwd: repo });
  execFileSync('git', ['commit', '-qm', 'karpenter-gitops init'], { cwd: repo });

  // check prints its steps on stderr; every one must pass.
  const check = cli('check');
  const notOk = check.err
    .trim()
    .split('\n')
    .filter((line) => !/^check: \S+ +ok /.test(line));
  expect({ code: check.code, notOk }).toEqual({ code: 0, notOk: [] });
  for (const step of ['load', 'synth', 'stale', 'validate'])
    expect(check.err).toMatch(new RegExp(`^check: ${step} +ok `, 'm'));
  // The policy scenarios run in-process on the optional simulator, installed with the package.
  expect(check.err).toMatch(/^check: policies ok \d+ scenarios passed, 0 failed/m);

  const impact = cli('impact', '--base', 'HEAD');
  expect(impact.code).toBe(0);
  expect(impact.out).toContain('No existing node is replaced or deleted');
});
