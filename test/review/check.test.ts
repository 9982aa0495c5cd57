import * as fs from 'fs';
import * as path from 'path';
import { EMPTY_FLEET } from '../support/fleet-fixtures';
import { distPaths } from '../../model/shared/dist-layout';
import { checkCli, checkOptionsFrom } from '../../review/check';

const NO_OPTIONS = {
  format: undefined,
  quiet: false,
  'diff-lines': undefined,
  dist: undefined,
  clusters: undefined,
  base: undefined,
  previous: undefined,
  full: false,
  'skip-policies': false,
  'require-cfn-lint': false,
  shard: undefined,
  'summary-json': undefined,
  join: false,
} as const;
import { defaultCheckDeps } from '../../review/check-wiring';
import { CheckDeps } from '../../review/run-check';
import { clone, exampleObjects, Obj, setPath, toDistFiles, writeTree } from './dist-fixtures';
import { git } from './git-fixtures';

const generated = toDistFiles(exampleObjects());
const deps: CheckDeps = {
  loadFleet: () => ({ fleet: EMPTY_FLEET, warnings: [] }),
  synthesize: () => generated,
};

/** A project folder whose dist/ is the fixture tree, optionally with one file edited. */
function project(edit?: (distDir: string) => void): string {
  const root = writeTree(new Map([...generated].map(([p, c]) => [`dist/${p}`, c])), 'review-project-');
  edit?.(path.join(root, 'dist'));
  return root;
}

async function run(argv: string[], root: string, env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  let t = 0;
  const code = await checkCli(
    argv,
    root,
    { out: (l) => out.push(l), err: (l) => err.push(l), env, now: () => (t += 5) },
    deps,
  );
  return { code, out, err };
}

const STALE = 'ticketing/karpenter/nodepool-loadtest.yaml';
const editStale = (dist: string) => fs.appendFileSync(path.join(dist, STALE), 'extra: true\n');

describe('npm run check', () => {
  it('exits 0 on an up-to-date dist/ and prints progress on stderr', async () => {
    const r = await run([], project());
    expect(r.code).toBe(0);
    expect(r.out[r.out.length - 1]).toMatch(
      /^check: passed \(load ok: 0 clusters, 0 node pools; synth ok: 8 files generated; stale ok: 8 files up to date; validate skipped/,
    );
    expect(r.err.some((l) => /^check: stale +ok 8 files up to date \(\d+ ms\)$/.test(l))).toBe(true);
  });

  it('exits 1 on a stale dist/, naming the file, with an indented diff in text format', async () => {
    const r = await run([], project(editStale));
    expect(r.code).toBe(1);
    const idx = r.out.findIndex((l) => l.startsWith(`dist/${STALE}:`));
    expect(r.out[idx]).toMatch(
      /^dist\/ticketing\/karpenter\/nodepool-loadtest\.yaml:\d+:1 differs from what `karpenter-gitops synth` generates .*Run `karpenter-gitops synth` and commit dist\/\.$/,
    );
    expect(r.out[idx + 1]).toBe(`    --- dist/${STALE} (committed)`);
    expect(r.out).toContain('    -extra: true');
    expect(r.out[r.out.length - 1]).toContain('check: FAILED');
  });

  it('prints GitHub annotations and folded diffs with --format github', async () => {
    const r = await run(['--format', 'github'], project(editStale));
    expect(r.code).toBe(1);
    const ann = r.out.find((l) => l.startsWith('::error '));
    expect(ann).toMatch(
      /^::error file=dist\/ticketing\/karpenter\/nodepool-loadtest\.yaml,line=\d+,col=1,title=karpenter-gitops check%3A stale::dist\/ticketing/,
    );
    expect(r.out).toContain(`::group::diff of dist/${STALE}`);
    expect(r.out.indexOf(`::group::diff of dist/${STALE}`)).toBe(r.out.indexOf(ann as string) + 1);
    expect(r.out).toContain('::endgroup::');
  });

  it('is quiet in CI and with --quiet', async () => {
    expect((await run([], project(), { CI: 'true' })).err).toEqual([]);
    expect((await run(['--quiet'], project())).err).toEqual([]);
  });

  it('prints its usage with --help and exits 0', async () => {
    const r = await run(['--help'], project());
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(1);
    expect(r.out[0]).toContain(
      'usage: karpenter-gitops check [--format text|github] [--quiet] [--diff-lines N] [--dist DIR] [--clusters DIR] [--base GIT-REF] [--previous DIR] [--full] [--skip-policies]',
    );
    expect(r.out[0]).toContain('--format FORMAT');
  });

  it('exits 2 on a usage error', async () => {
    const r = await run(['--format', 'xml'], project());
    expect(r.code).toBe(2);
    expect(r.err[0]).toBe("karpenter-gitops check: --format must be one of text, github, not 'xml'.");
    const bogus = await run(['--bas', 'x'], project());
    expect(bogus.code).toBe(2);
    expect(bogus.err[0]).toBe("karpenter-gitops check: unknown option '--bas'; did you mean '--base'?");
  });

  it('exits 70 and says it is a bug, where to report it, when a step throws a plain Error', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await checkCli(
      [],
      project(),
      { out: (l) => out.push(l), err: (l) => err.push(l), env: {}, now: () => 0 },
      {
        ...deps,
        synthesize: () => {
          throw new Error('generator exploded');
        },
      },
    );
    expect(code).toBe(70);
    const at = err.indexOf('check: internal error: generator exploded');
    expect(at).toBeGreaterThan(-1);
    expect(err[at + 1]).toMatch(
      /^This is a bug in karpenter-gitops .* Please report it at https:\/\/\S+\/issues/,
    );
  });

  it('parses options', async () => {
    expect(checkOptionsFrom({ ...NO_OPTIONS, 'diff-lines': '5', dist: 'out' }, {})).toEqual({
      format: 'text',
      quiet: false,
      diffLines: 5,
      dist: 'out',
    });
    expect(checkOptionsFrom({ ...NO_OPTIONS, 'diff-lines': '0' }, {})).toBe(
      "--diff-lines must be a positive whole number, not '0'",
    );
    expect(checkOptionsFrom({ ...NO_OPTIONS, quiet: false }, { CI: 'true' })).toMatchObject({ quiet: true });
    expect(checkOptionsFrom({ ...NO_OPTIONS, base: 'origin/main', full: true }, {})).toMatchObject({
      base: 'origin/main',
      full: true,
    });
    expect(checkOptionsFrom(NO_OPTIONS, {})).not.toHaveProperty('full');
    expect(checkOptionsFrom({ ...NO_OPTIONS, 'skip-policies': true }, {})).toMatchObject({
      skipPolicies: true,
    });
    expect(checkOptionsFrom({ ...NO_OPTIONS, base: 'x', previous: 'y' }, {})).toBe(
      'give either --base or --previous, not both',
    );
    const r = await run(['--base'], project());
    expect(r.code).toBe(2);
    expect(r.err[0]).toBe('karpenter-gitops check: --base needs a value (GIT-REF).');
    const both = await run(['--base=x', '--previous', 'y'], project());
    expect(both.err[0]).toBe('karpenter-gitops check: give either --base or --previous, not both.');
  });

  it.each([
    ['0/4', 'K must be between 1 and 4'],
    ['5/4', 'K must be between 1 and 4'],
    ['x', 'K and N are whole numbers separated by /'],
  ])('refuses --shard %s with a usage error naming the form K/N', async (shard, why) => {
    const r = await run(['--shard', shard], project());
    expect(r.code).toBe(2);
    expect(r.err[0]).toBe(
      `karpenter-gitops check: --shard takes the form K/N with 1 ≤ K ≤ N ≤ 256 (e.g. --shard 2/4), not '${shard}': ${why}.`,
    );
    expect(r.out).toEqual([]);
  });

  it('says a shard that owns no cluster validated nothing of its own, not that dist/ is empty', async () => {
    const out: string[] = [];
    const code = await checkCli(
      ['--shard', '2/2', '--skip-policies'],
      project(),
      { out: (l) => out.push(l), err: () => undefined, env: {}, now: () => 0 },
      { ...deps, validate: () => [] },
    );
    const r = { code, out };
    expect(r.code).toBe(0);
    expect(r.out.join('\n')).toContain('validate skipped: shard 2/2 owns no file of dist/');
    expect(r.out.join('\n')).not.toContain('dist/ is empty');
  });

  it('takes files only with --join, and --join needs them', async () => {
    const stray = await run(['summary.json'], project());
    expect(stray.code).toBe(2);
    expect(stray.err[0]).toBe(
      "karpenter-gitops check: unexpected argument 'summary.json' (only --join takes files).",
    );
    const none = await run(['--join'], project());
    expect(none.code).toBe(2);
    expect(none.err[0]).toBe('karpenter-gitops check: --join needs the summary FILEs of every shard.');
  });
});

describe('npm run check: CEL transition rules against the previous dist/', () => {
  const LOADTEST = distPaths.nodePool('ticketing', 'loadtest');
  /** The base tree, and a head tree whose loadtest pool turns static (replicas set, limits.nodes only). */
  const baseObjects = exampleObjects();
  const headObjects = new Map([...baseObjects].map(([k, v]) => [k, clone(v)]));
  const loadtest = headObjects.get(LOADTEST) as Obj;
  setPath(loadtest, 'spec.replicas', 2);
  setPath(loadtest, 'spec.limits', { nodes: '2' });
  const baseFiles = toDistFiles(baseObjects);
  const headFiles = toDistFiles(headObjects);
  // The real validator (schemas and CEL rules of the default Karpenter version); no fleet.
  const realDeps: CheckDeps = {
    loadFleet: () => ({ fleet: EMPTY_FLEET, warnings: [] }),
    synthesize: () => headFiles,
    validate: defaultCheckDeps(process.cwd()).validate,
  };
  const TRANSITION =
    'Cannot transition NodePool between static (replicas set) and dynamic (replicas unset) provisioning modes';

  async function runReal(argv: string[], root: string) {
    const out: string[] = [];
    const code = await checkCli(
      argv,
      root,
      { out: (l) => out.push(l), err: () => undefined, env: {}, now: () => 0 },
      realDeps,
    );
    return { code, out };
  }

  it('reports the violation with --previous DIR, on the changed NodePool', async () => {
    const root = writeTree(
      new Map([
        ...[...headFiles].map(([p, c]): [string, string] => [`dist/${p}`, c]),
        ...[...baseFiles].map(([p, c]): [string, string] => [`base-dist/${p}`, c]),
      ]),
      'review-transition-',
    );
    const r = await runReal(['--previous', 'base-dist'], root);
    expect(r.code).toBe(1);
    const hits = r.out.filter((l) => l.includes(TRANSITION));
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatch(new RegExp(`^dist/${LOADTEST.replace(/[./]/g, '\\$&')}:\\d+:\\d+ `));
    expect(r.out[r.out.length - 1]).toMatch(
      /validate failed: 1 error, transition rules against base-dist in dist\//,
    );
  });

  it('does not evaluate transition rules without a previous dist/ (the change is valid on its own)', async () => {
    const root = writeTree(
      new Map([...headFiles].map(([p, c]): [string, string] => [`dist/${p}`, c])),
      'review-transition-',
    );
    const r = await runReal([], root);
    expect(r.out.some((l) => l.includes(TRANSITION))).toBe(false);
    expect(r.code).toBe(0);
    expect(r.out[r.out.length - 1]).toMatch(/validate ok: 8 files valid/);
  });

  it('reads the previous dist/ at a git revision with --base', async () => {
    const root = writeTree(
      new Map([...baseFiles].map(([p, c]): [string, string] => [`dist/${p}`, c])),
      'review-transition-git-',
    );
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '.');
    git(root, 'commit', '-q', '-m', 'base');
    fs.writeFileSync(path.join(root, 'dist', LOADTEST), headFiles.get(LOADTEST) as string);
    const r = await runReal(['--base', 'HEAD'], root);
    expect(r.code).toBe(1);
    expect(r.out.filter((l) => l.includes(TRANSITION))).toHaveLength(1);
    expect(r.out[r.out.length - 1]).toContain('transition rules against HEAD:dist');

    const unknown = await runReal(['--base', 'no-such-ref'], root);
    expect(unknown.code).toBe(1);
    expect(unknown.out.find((l) => l.startsWith('no-such-ref'))).toMatch(/git rev-parse failed/);
  });
});
