/**
 * From nothing to a passing PR gate with the packed package, as a platform team would start:
 * `npm pack`; in a fresh folder `git init`, `npm init -y`, `npm i <tarball>`; then
 * `npx karpenter-gitops init` with the five flags the benchmark uses too
 * (bench/installed-init-flags.ts), `synth`, a commit, `check` and `impact --base HEAD`; then
 * `npm install` of what init pinned and `npx cdk8s synth`. The install brings no TypeScript,
 * ts-node or jest; the tarball holds no tests, no example fleet or its dist/, no CI files, but
 * the README, the docs its links reach, the LICENSE and the editor schemas.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { INSTALLED_INIT_FLAGS } from '../../bench/installed-init-flags';
import { brokenLinks } from '../support/markdown-links';
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
  return npx(ENV, 'karpenter-gitops', ...args);
}

function npx(env: NodeJS.ProcessEnv, ...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync('npx', ['--no-install', ...args], { cwd: repo, encoding: 'utf8', env });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Every file below `dir`, relative to it. */
function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
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
      'LICENSE',
      'README.md',
      'docs/upgrading.md',
      'docs/migration.md',
      'schema/cluster.schema.json',
      'schema/defaults.schema.json',
    ]),
  );
  for (const prefix of ['test/', 'dist/', 'clusters/', '.ci/', '.github/', 'bench/', 'codegen/', 'examples/'])
    expect(files.filter((f) => f.startsWith(prefix))).toEqual([]);
  expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
  expect(files.filter((f) => f.includes('.test.'))).toEqual([]);
});

test('the package stands alone: LICENSE, repository, and every relative link of the README and docs resolves in it', () => {
  const installed = join(repo, 'node_modules', 'karpenter-gitops');
  expect(readFileSync(join(installed, 'LICENSE'), 'utf8')).toMatch(
    /^\s*Apache License\s+Version 2\.0, January 2004/,
  );
  const pkg = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    license: string;
    repository: { type: string; url: string };
    homepage: string;
    bugs: string;
  };
  expect(pkg.license).toBe('Apache-2.0');
  expect(pkg.repository.url).toMatch(/^git\+https:\/\/github\.com\/[\w-]+\/[\w.-]+\.git$/);
  const slug = pkg.repository.url.replace(/^git\+https:\/\/github\.com\//, '').replace(/\.git$/, '');
  expect(pkg.homepage).toBe(`https://github.com/${slug}#readme`);
  expect(pkg.bugs).toBe(`https://github.com/${slug}/issues`);
  // The links as a reader of node_modules/karpenter-gitops (or the registry page) follows them.
  const files = tarballFiles(tarball);
  expect(files.filter((f) => f.endsWith('.md')).length).toBeGreaterThan(10);
  expect(brokenLinks(files, (f) => readFileSync(join(installed, f), 'utf8'))).toEqual([]);
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

  // The same command line on the unchanged fleet and dist/ replays the record of that run
  // (synth/synth-replay.ts): the same lines, without loading the compiled CLI at all.
  const lib = join(repo, 'node_modules', 'karpenter-gitops', 'lib', 'cli');
  renameSync(lib, `${lib}-moved`);
  try {
    expect(cli('synth')).toEqual({ code: 0, out: synth.out.replace(/\n$/, ' (unchanged)\n'), err: '' });
  } finally {
    renameSync(`${lib}-moved`, lib);
  }

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

  // dist/ names no version of the tool: an upgrade with unchanged output changes nothing.
  const versioned = filesBelow(join(repo, 'dist')).filter((f) =>
    readFileSync(join(repo, 'dist', f), 'utf8').includes(version),
  );
  expect(versioned).toEqual([]);
});

test('check without cfn-lint on PATH says so in its summary line; --require-cfn-lint fails', () => {
  const path = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '' && !existsSync(join(dir, 'cfn-lint')))
    .join(delimiter);
  const env = { ...ENV, PATH: path };
  const check = npx(env, 'karpenter-gitops', 'check', '--skip-policies');
  expect(check.code).toBe(0);
  expect(check.out).toMatch(
    /validate ok: \d+ files valid, CloudFormation templates not linted: cfn-lint not found \(built-in check only\)/,
  );
  const required = npx(env, 'karpenter-gitops', 'check', '--skip-policies', '--require-cfn-lint');
  expect(required.code).toBe(1);
  expect(required.out).toContain(
    'cfn-lint was not found on PATH, so the CloudFormation templates were not linted (--require-cfn-lint)',
  );
});

test('after init, one npm install and `npx cdk8s synth` runs the pipeline with the validation plugin', () => {
  const pkgFile = join(repo, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { devDependencies: Record<string, string> };
  // init pinned cdk8s-cli for cdk8s.yaml, at the version the tool is tested with.
  const tool = JSON.parse(
    readFileSync(join(repo, 'node_modules', 'karpenter-gitops', 'package.json'), 'utf8'),
  ) as { devDependencies: Record<string, string> };
  expect(pkg.devDependencies['cdk8s-cli']).toBe(tool.devDependencies['cdk8s-cli']);
  // The registry would serve the pinned karpenter-gitops; here it is the tarball under test.
  pkg.devDependencies['karpenter-gitops'] = `file:${tarball}`;
  writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
  execFileSync('npm', ['install', ...NPM_INSTALL_FLAGS], { cwd: repo, stdio: 'pipe' });
  const synth = npx(ENV, 'cdk8s', 'synth');
  expect({ code: synth.code, err: synth.err.replace(/^npm (notice|warn).*\n/gm, '') }).toMatchObject({
    code: 0,
  });
  const out = join(repo, 'build', 'cdk8s.out');
  expect(filesBelow(out)).toEqual(expect.arrayContaining(['shop/karpenter/nodepool-general.yaml']));
  expect(readFileSync(join(out, 'shop', 'karpenter', 'nodepool-general.yaml'), 'utf8')).toContain(
    'kind: NodePool',
  );
});
