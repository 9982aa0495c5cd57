import * as fs from 'fs';
import * as path from 'path';
import { FleetModel } from '../../model/fleet-model';
import { checkCli, parseCheckArgs } from '../../review/check';
import { CheckDeps } from '../../review/run-check';
import { exampleObjects, toDistFiles, writeTree } from './dist-fixtures';

const generated = toDistFiles(exampleObjects());
const deps: CheckDeps = {
  loadFleet: () => ({ fleet: { clusters: [] } as unknown as FleetModel, warnings: [] }),
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
      /^dist\/ticketing\/karpenter\/nodepool-loadtest\.yaml:\d+:1 differs from what `npm run synth` generates .*Run `npm run synth` and commit dist\/\.$/,
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
    expect(r.out).toEqual([
      'usage: npm run check -- [--format text|github] [--quiet] [--diff-lines N] [--dist DIR]',
    ]);
  });

  it('exits 2 on a usage error', async () => {
    const r = await run(['--format', 'xml'], project());
    expect(r.code).toBe(2);
    expect(r.err[0]).toBe("check: --format must be one of text, github, not 'xml'");
    expect((await run(['--bogus'], project())).code).toBe(2);
  });

  it('exits 2 and says it is a bug when a step throws a plain Error', async () => {
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
    expect(code).toBe(2);
    const at = err.indexOf('check: internal error: generator exploded');
    expect(at).toBeGreaterThan(-1);
    expect(err[at + 1]).toContain('this is a bug');
  });

  it('parses options', async () => {
    expect(parseCheckArgs(['--diff-lines', '5', '--dist', 'out'], {})).toEqual({
      format: 'text',
      quiet: false,
      diffLines: 5,
      dist: 'out',
    });
    expect(() => parseCheckArgs(['--diff-lines', '0'], {})).toThrow(
      '--diff-lines must be a positive whole number',
    );
  });
});
