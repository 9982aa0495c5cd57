/**
 * A failed run loses nothing: for a sample of the fuzz cases that must be rejected (one of
 * each kind of mistake), the compiled CLI exits 1, prints only diagnostics (no stack trace),
 * and leaves a pre-populated dist/ byte-identical with no temporary folder beside it.
 * A good fleet through the same path does replace dist/ (so the check can fail).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exampleFleetRoot, readExampleFleet } from './example-fleet';
import { writeCaseProject } from './isolated-runner';
import { deriveCases, FuzzCase } from './mutators';
import { fuzzSeedFromEnv } from './prng';
import { assertFreshBuild, CliRun, inBatches, runSynthCli } from './synth-cli';
import { diffSnapshots, siblingsBesides, snapshotTree } from './tree-snapshot';

/** Families whose first must-reject case goes through the CLI. */
const SAMPLED_FAMILIES = [
  'hostile-name',
  'duplicate-key',
  'wrong-type',
  'encoding',
  'empty-document',
  'alias-bomb',
  'deep-nesting',
  'tab',
  'hostile-value',
  'huge',
  'secret-injection',
];

/** One diagnostic line as formatDiagnostic prints it, or the closing summary line. */
const DIAGNOSTIC_LINE = /^\S+\.ya?ml(:\d+:\d+)?( warning:)?( \S.*?:)? .+\.$|^\S+ .+\.$/;
const SUMMARY_LINE = /^synth: \d+ errors?; .+ was not changed\.$/;

function populateDist(dist: string): void {
  mkdirSync(join(dist, 'ticketing', 'karpenter'), { recursive: true });
  writeFileSync(
    join(dist, 'ticketing', 'karpenter', 'nodepool-previous.yaml'),
    'kind: NodePool\n# from an earlier run\n',
  );
  writeFileSync(join(dist, 'README.md'), '# previous output\n');
  writeFileSync(join(dist, '.keep'), Buffer.from([0xde, 0xad, 0xbe, 0xef]));
}

describe('dist/ unchanged when the fleet description is rejected (compiled CLI)', () => {
  const cases = deriveCases(readExampleFleet(exampleFleetRoot()), fuzzSeedFromEnv());
  const sample: FuzzCase[] = SAMPLED_FAMILIES.map((f) => {
    const c = cases.find((x) => x.family === f && x.expect === 'reject');
    if (!c) throw new Error(`no must-reject case of family ${f}`);
    return c;
  });
  let work: string;
  let runs: {
    c: FuzzCase;
    run: CliRun;
    before: Map<string, string>;
    after: Map<string, string>;
    siblings: string[];
  }[];

  beforeAll(async () => {
    assertFreshBuild();
    work = mkdtempSync(join(tmpdir(), 'kg-dist-unchanged-'));
    runs = await inBatches(
      sample.map((c) => async () => {
        const root = join(work, c.id);
        writeCaseProject(root, c);
        const dist = join(root, 'dist');
        populateDist(dist);
        const before = snapshotTree(dist);
        const run = await runSynthCli(['--clusters', join(root, 'clusters'), '--out', dist], { cwd: root });
        return {
          c,
          run,
          before,
          after: snapshotTree(dist),
          siblings: siblingsBesides(root, ['clusters', 'dist']),
        };
      }),
      2,
    );
  });

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('samples one must-reject case of each kind', () => {
    expect(sample.map((c) => c.family)).toEqual(SAMPLED_FAMILIES);
  });

  it('exits 1 for every sampled case', () => {
    expect(runs.map((r) => `${r.c.id}: ${r.run.code}`)).toEqual(runs.map((r) => `${r.c.id}: 1`));
  });

  it('leaves dist/ byte-identical and no temporary folder beside it', () => {
    for (const r of runs) {
      expect({ id: r.c.id, diff: diffSnapshots(r.before, r.after), leftovers: r.siblings }).toEqual({
        id: r.c.id,
        diff: [],
        leftovers: [],
      });
    }
  });

  it('prints diagnostics and a summary on stderr, never a stack trace', () => {
    for (const r of runs) {
      const lines = r.run.stderr.trimEnd().split('\n');
      expect(r.run.stderr).not.toMatch(/\n\s+at |internal error|this is a bug/);
      expect(lines[lines.length - 1]).toMatch(SUMMARY_LINE);
      const bad = lines.slice(0, -1).filter((l) => !DIAGNOSTIC_LINE.test(l));
      expect({ id: r.c.id, bad }).toEqual({ id: r.c.id, bad: [] });
      expect(r.run.stdout).toBe('');
    }
  });

  it('replaces dist/ for the unmodified example fleet through the same path (the check can fail)', async () => {
    const root = join(work, 'good');
    cpSync(join(exampleFleetRoot(), 'clusters'), join(root, 'clusters'), { recursive: true });
    const dist = join(root, 'dist');
    populateDist(dist);
    const before = snapshotTree(dist);
    const run = await runSynthCli(['--clusters', join(root, 'clusters'), '--out', dist, '--quiet'], {
      cwd: root,
    });
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.code).toBe(0);
    const diff = diffSnapshots(before, snapshotTree(dist));
    expect(diff).toContain('-README.md');
    expect(diff.some((d) => d.startsWith('+') && d.endsWith('.yaml'))).toBe(true);
    expect(siblingsBesides(root, ['clusters', 'dist'])).toEqual([]);
  });
});
