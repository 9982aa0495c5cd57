/**
 * The built `check` loads only the modules its run needs: sharding (--shard, --join,
 * --summary-json), GitHub annotations (--format github) and the scenario runner (a cluster whose
 * proof is not reused) are required on first use (review/check.ts, review/run-check.ts,
 * review/check-wiring.ts, review/policy-scenarios-step.ts), and `check`'s one worker thread
 * (review/threads/check-worker.ts: git, cfn-lint) loads model/basics.ts, not model/, and groups the
 * base's files by the targets' folder names alone (policies/targets/target-layout.ts), without
 * the targets' generators. Each run is a child process
 * with a preload that records its main thread's `require.cache` at exit, and every module a
 * worker thread loads as it loads it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULTS, MINIMAL } from '../support/fleet-files';
import { makeTempProject, removeTempProject, writeTree } from '../synth/dist-fixture';

const BUILD = resolve(__dirname, '..', '..', 'build');
const CHECK = join(BUILD, 'review', 'check.js');
const SYNTH = join(BUILD, 'synth', 'synth.js');

/** Required only by the runs that need them (paths relative to build/). */
const SHARDING = [
  'review/shard.js',
  'review/shard-steps.js',
  'review/shard-scope.js',
  'review/check-shard-cli.js',
  'review/check-join.js',
  'review/check-summary.js',
];
const ANNOTATIONS = 'review/github-annotations.js';
const PROVING = ['review/scenario-workers.js'];
/** Proving in this thread (or a worker) runs these; the main thread never needs them when all is reused. */
const RUNNER = ['policies/scenarios/prove-scenarios.js', 'policies/scenarios/simulate-scenario.js'];

const GIT_ENV = {
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
};

let root: string;
let preload: string;

beforeAll(() => {
  if (!existsSync(CHECK)) throw new Error(`${CHECK} is missing: run \`npm run build\` first (npm test does)`);
  root = makeTempProject('kg-check-loads-');
  writeTree(root, { 'clusters/_defaults.yaml': DEFAULTS, 'clusters/demo.yaml': MINIMAL });
  execFileSync(process.execPath, [SYNTH, '--quiet'], { cwd: root, stdio: 'ignore' });
  const env = { ...process.env, ...GIT_ENV };
  for (const args of [
    ['init', '-q', '-b', 'main'],
    ['add', 'clusters', 'dist'],
    ['commit', '-q', '-m', 'base'],
  ])
    execFileSync('git', args, { cwd: root, env });
  preload = join(root, 'record-modules.js');
  writeFileSync(
    preload,
    `const { isMainThread, threadId } = require('node:worker_threads');
const fs = require('node:fs');
if (isMainThread)
  process.on('exit', () => fs.writeFileSync(process.env.LOADED_OUT, Object.keys(require.cache).join('\\n')));
else {
  const Module = require('node:module');
  const load = Module.prototype.load;
  Module.prototype.load = function (file) {
    fs.appendFileSync(\`\${process.env.LOADED_OUT}.\${threadId}\`, file + '\\n');
    return load.apply(this, arguments);
  };
}
`,
  );
});
afterAll(() => removeTempProject(root));

/** The build's modules (relative to build/) and the packages' (from node_modules/) of a list of paths. */
function relativeModules(text: string): string[] {
  return text
    .split('\n')
    .filter((k) => k.startsWith(`${BUILD}/`) || k.includes('/node_modules/'))
    .map((k) =>
      k.startsWith(`${BUILD}/`)
        ? k.slice(BUILD.length + 1)
        : k.replace(/.*\/node_modules\//, 'node_modules/'),
    );
}

interface CheckRun {
  readonly status: number | null;
  readonly stdout: string;
  /** What the main thread loaded. */
  readonly loaded: string[];
  /** What each worker thread loaded, in load order. */
  readonly workers: string[][];
}

let runs = 0;

/** Runs the built check with `args`: its exit code, stdout and the modules its threads loaded. */
function check(...args: string[]): CheckRun {
  const out = join(root, `loaded-${++runs}.txt`);
  const r = spawnSync(process.execPath, ['-r', preload, CHECK, '--quiet', ...args], {
    cwd: root,
    env: { ...process.env, LOADED_OUT: out },
    encoding: 'utf8',
  });
  const workers = readdirSync(root)
    .filter((f) => f.startsWith(`loaded-${runs}.txt.`))
    .map((f) => relativeModules(readFileSync(join(root, f), 'utf8')));
  return { status: r.status, stdout: r.stdout, loaded: relativeModules(readFileSync(out, 'utf8')), workers };
}

/** Which of `modules` the run loaded. */
const loadedOf = (loaded: readonly string[], modules: readonly string[]) =>
  modules.filter((m) => loaded.includes(m));

describe('check loads only what its run needs', () => {
  it('an unchanged check --base HEAD: no sharding, no annotations, no scenario runner', () => {
    const r = check('--base', 'HEAD');
    expect(r.stdout).toMatch(/^check: passed \(load ok: 1 cluster, /m);
    expect(r.stdout).toContain('1 of 1 clusters unchanged since HEAD:dist, proofs reused');
    expect(r.status).toBe(0);
    // The positive control: the recorder sees the modules the run does need.
    const needed = ['review/check.js', 'review/run-check.js', 'review/policy-scenarios-step.js'];
    expect(loadedOf(r.loaded, needed)).toEqual(needed);
    expect(loadedOf(r.loaded, [...SHARDING, ANNOTATIONS, ...PROVING, ...RUNNER])).toEqual([]);
  });

  // With one core the base is read in the main thread, which loads the targets anyway.
  (availableParallelism() >= 2 ? it : it.skip)(
    "one worker reads the base and lints, without the model's facts or the targets' generators",
    () => {
      const r = check('--base', 'HEAD');
      expect(r.status).toBe(0);
      // One worker thread for git and cfn-lint.
      expect(r.workers.map((w) => w[0])).toEqual(['review/threads/check-worker.js']);
      const [worker] = r.workers;
      // It did group the base's files (the digests) and lint: the folder names, not the table.
      const needed = [
        'review/threads/base-prefetch.js',
        'validation/previous-groups.js',
        'validation/dist-cluster.js',
        'policies/targets/target-layout.js',
        'review/check-lint.js',
        'model/basics.js',
      ];
      expect(loadedOf(worker, needed)).toEqual(needed);
      expect(
        worker.filter((m) => m.startsWith('policies/targets/') && m !== 'policies/targets/target-layout.js'),
      ).toEqual([]);
      expect(loadedOf(worker, ['model/index.js', 'model/stages.js'])).toEqual([]);
      expect(worker.filter((m) => m.startsWith('model/facts/'))).toEqual([]);
      expect(worker.filter((m) => m.startsWith('node_modules/yaml/'))).toEqual([]);
    },
  );

  it('--full proves again: the scenario workers are loaded', () => {
    const r = check('--base', 'HEAD', '--full');
    expect(r.stdout).toMatch(/policies ok: [1-9]\d* scenarios passed, 0 failed/);
    expect(r.status).toBe(0);
    expect(loadedOf(r.loaded, PROVING)).toEqual(PROVING);
    expect(loadedOf(r.loaded, [...SHARDING, ANNOTATIONS])).toEqual([]);
  });

  it('--shard, --summary-json and --format github load sharding and annotations', () => {
    const r = check(
      '--base',
      'HEAD',
      '--shard',
      '1/1',
      '--summary-json',
      'summary.json',
      '--format',
      'github',
    );
    expect(r.stdout).toMatch(/^check shard 1\/1: passed /m);
    expect(r.status).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'summary.json'), 'utf8'))).toMatchObject({
      shard: { index: 1, count: 1 },
    });
    expect(loadedOf(r.loaded, [...SHARDING, ANNOTATIONS])).toEqual([...SHARDING, ANNOTATIONS]);
    expect(loadedOf(r.loaded, [...PROVING, ...RUNNER])).toEqual([]);
  });
});
