/**
 * Node's module compile cache in the two entry points, bin/run.js (every npm script) and
 * bin/karpenter-gitops.js (the installed command): turned on where Node has it (22.1+,
 * `module.enableCompileCache`) in `$XDG_CACHE_HOME/karpenter-gitops/node-compile-cache`
 * (`~/.cache/…` without XDG_CACHE_HOME); on an older Node the commands work as before and write no
 * such folder. Each case runs on one kind of Node and is skipped on the other, as its title says.
 *
 * bin/karpenter-gitops.js runs from a copy beside a stand-in lib/ (the compiled CLI is built only
 * for the package), so that only the entry point itself is under test. On every Node, a stand-in
 * `module.enableCompileCache` (preloaded with `-r`) records the folder each entry point asks for,
 * and what was loaded by then, or throws.
 */
import { spawnSync } from 'node:child_process';
import * as nodeModule from 'node:module';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const CACHE = join('karpenter-gitops', 'node-compile-cache');

const HAS_COMPILE_CACHE =
  typeof (nodeModule as unknown as { enableCompileCache?: unknown }).enableCompileCache === 'function';
/** Cases for a Node with `module.enableCompileCache` (22.1+): skipped on this Node when it has none. */
const withCache = HAS_COMPILE_CACHE ? test : test.skip;
/** Cases for a Node without it (Node 20): skipped where Node has it. */
const withoutCache = HAS_COMPILE_CACHE ? test.skip : test;

let dir: string;
let home: string;
let xdg: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kg-compile-cache-'));
  home = join(dir, 'home');
  xdg = join(dir, 'xdg');
  mkdirSync(home);
  mkdirSync(xdg);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs `node [-r preload] <script> args` with only PATH, HOME and what `env` adds (no
 * NODE_COMPILE_CACHE of the caller's).
 */
function node(script: string, args: readonly string[], env: Record<string, string>, preload?: string) {
  const r = spawnSync(process.execPath, [...(preload ? ['-r', preload] : []), script, ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: home, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The names inside a folder, or undefined when it does not exist. */
function entries(folder: string): string[] | undefined {
  return existsSync(folder) ? readdirSync(folder) : undefined;
}

/** A copy of bin/karpenter-gitops.js beside a stand-in lib/ that prints its arguments and exits 0. */
function installedCommand(): string {
  mkdirSync(join(dir, 'pkg', 'bin'), { recursive: true });
  mkdirSync(join(dir, 'pkg', 'lib', 'cli'), { recursive: true });
  mkdirSync(join(dir, 'pkg', 'lib', 'io'), { recursive: true });
  copyFileSync(join(ROOT, 'bin', 'karpenter-gitops.js'), join(dir, 'pkg', 'bin', 'karpenter-gitops.js'));
  writeFileSync(
    join(dir, 'pkg', 'lib', 'cli', 'main.js'),
    "exports.runCli = async (args) => { process.stdout.write(`cli ${args.join(' ')}\\n`); return 0; };\n",
  );
  writeFileSync(join(dir, 'pkg', 'lib', 'io', 'cli-common.js'), 'exports.processIo = () => ({});\n');
  return join(dir, 'pkg', 'bin', 'karpenter-gitops.js');
}

/** One call of the stand-in: the folder asked for, and the modules loaded by then. */
interface StandInCall {
  readonly folder: unknown;
  readonly loaded: readonly string[];
}

/**
 * A preload that replaces `module.enableCompileCache` (on any Node) with one that logs its calls
 * and, when `throws`, throws as a broken cache would.
 */
function standIn(throws: boolean): { readonly preload: string; readonly calls: () => StandInCall[] } {
  const log = join(dir, 'stand-in.log');
  const preload = join(dir, 'stand-in.js');
  writeFileSync(
    preload,
    [
      "const fs = require('node:fs');",
      "require('node:module').enableCompileCache = (folder) => {",
      '  const loaded = Object.keys(require.cache).filter((f) => f !== __filename);',
      `  fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ folder, loaded }) + '\\n');`,
      `  if (${String(throws)}) throw new Error('the cache is broken');`,
      '  return { status: 0 };',
      '};',
      '',
    ].join('\n'),
  );
  const calls = () =>
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as StandInCall)
      : [];
  return { preload, calls };
}

describe('bin/run.js', () => {
  test('any Node, a stand-in module.enableCompileCache: asked first thing for XDG_CACHE_HOME/karpenter-gitops/node-compile-cache', () => {
    const stub = standIn(false);
    const run = join(ROOT, 'bin', 'run.js');
    const r = node(run, ['cli/main', '--version'], { XDG_CACHE_HOME: xdg }, stub.preload);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${VERSION}\n`);
    // Before any module of build/ (or TypeScript): only the launcher itself is loaded.
    expect(stub.calls()).toEqual([{ folder: join(xdg, CACHE), loaded: [run] }]);
  });

  test('any Node, a stand-in module.enableCompileCache: ~/.cache/karpenter-gitops/node-compile-cache when XDG_CACHE_HOME is unset or empty', () => {
    const stub = standIn(false);
    const run = join(ROOT, 'bin', 'run.js');
    expect(node(run, ['cli/main', '--version'], {}, stub.preload).code).toBe(0);
    expect(node(run, ['cli/main', '--version'], { XDG_CACHE_HOME: '' }, stub.preload).code).toBe(0);
    expect(stub.calls().map((c) => c.folder)).toEqual([
      join(home, '.cache', CACHE),
      join(home, '.cache', CACHE),
    ]);
  });

  test('any Node, a module.enableCompileCache that throws: the command still works', () => {
    const stub = standIn(true);
    const r = node(
      join(ROOT, 'bin', 'run.js'),
      ['cli/main', '--version'],
      { XDG_CACHE_HOME: xdg },
      stub.preload,
    );
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: `${VERSION}\n` });
    expect(stub.calls()).toHaveLength(1);
  });

  withCache(
    'Node 22.1+ only (module.enableCompileCache; skipped on older Node): `cli/main --version` creates the cache folder under XDG_CACHE_HOME',
    () => {
      const r = node(join(ROOT, 'bin', 'run.js'), ['cli/main', '--version'], { XDG_CACHE_HOME: xdg });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${VERSION}\n`);
      // Node keeps one folder per Node version and V8 flags, holding the modules' code.
      const versions = entries(join(xdg, CACHE)) ?? [];
      expect(versions).toHaveLength(1);
      expect(versions[0].startsWith(`${process.version}-`)).toBe(true);
      expect(readdirSync(join(xdg, CACHE, versions[0])).length).toBeGreaterThan(0);
    },
  );

  withoutCache(
    'Node without module.enableCompileCache (Node 20; skipped on 22.1+): `cli/main --version` works and writes no cache folder',
    () => {
      const r = node(join(ROOT, 'bin', 'run.js'), ['cli/main', '--version'], { XDG_CACHE_HOME: xdg });
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${VERSION}\n`);
      expect(entries(xdg)).toEqual([]);
      expect(entries(join(home, '.cache'))).toBeUndefined();
    },
  );
});

describe('bin/karpenter-gitops.js', () => {
  test('any Node, a stand-in module.enableCompileCache: asked first thing for the folder under XDG_CACHE_HOME, else ~/.cache', () => {
    const stub = standIn(false);
    const bin = installedCommand();
    const r = node(bin, ['--version'], { XDG_CACHE_HOME: xdg }, stub.preload);
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: 'cli --version\n' });
    expect(node(bin, ['check'], {}, stub.preload).code).toBe(0);
    expect(node(bin, ['check'], { XDG_CACHE_HOME: '' }, stub.preload).code).toBe(0);
    // Before lib/ is loaded: only the entry point itself is.
    expect(stub.calls()).toEqual([
      { folder: join(xdg, CACHE), loaded: [bin] },
      { folder: join(home, '.cache', CACHE), loaded: [bin] },
      { folder: join(home, '.cache', CACHE), loaded: [bin] },
    ]);
  });

  test('any Node, a module.enableCompileCache that throws: the command still works', () => {
    const stub = standIn(true);
    const r = node(installedCommand(), ['--version'], { XDG_CACHE_HOME: xdg }, stub.preload);
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: 'cli --version\n' });
    expect(stub.calls()).toHaveLength(1);
  });

  withCache(
    'Node 22.1+ only (module.enableCompileCache; skipped on older Node): the cache folder under XDG_CACHE_HOME, else ~/.cache',
    () => {
      const bin = installedCommand();
      const r = node(bin, ['--version'], { XDG_CACHE_HOME: xdg });
      expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: 'cli --version\n' });
      expect(entries(join(xdg, CACHE))).toHaveLength(1);
      // An empty XDG_CACHE_HOME is unset.
      const unset = node(bin, ['check'], { XDG_CACHE_HOME: '' });
      expect({ code: unset.code, stdout: unset.stdout }).toEqual({ code: 0, stdout: 'cli check\n' });
      expect(entries(join(home, '.cache', CACHE))).toHaveLength(1);
    },
  );

  withCache(
    'Node 22.1+ only (module.enableCompileCache; skipped on older Node): NODE_DISABLE_COMPILE_CACHE writes no cache folder',
    () => {
      const r = node(installedCommand(), ['synth'], { XDG_CACHE_HOME: xdg, NODE_DISABLE_COMPILE_CACHE: '1' });
      expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: 'cli synth\n' });
      expect(entries(xdg)).toEqual([]);
    },
  );

  withoutCache(
    'Node without module.enableCompileCache (Node 20; skipped on 22.1+): the command works and writes no cache folder',
    () => {
      const r = node(installedCommand(), ['--version'], { XDG_CACHE_HOME: xdg });
      expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
        code: 0,
        stdout: 'cli --version\n',
        stderr: '',
      });
      expect(entries(xdg)).toEqual([]);
      const unset = node(installedCommand(), ['--version'], {});
      expect(unset.code).toBe(0);
      expect(entries(home)).toEqual([]);
    },
  );
});
