/**
 * Byte-for-byte determinism: the example fleet synthesized by the CLI entry point in separate
 * processes under different time zones, locales (including the Turkish dotless-i locale),
 * project locations and working directories, and with clusters/ copied in different file
 * creation orders, gives the same dist/ tree, byte for byte.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exampleFleetRoot, readExampleFleet } from './example-fleet';
import { SourceFile } from './mutators';
import { CliRun, inBatches, runSynthCli } from './synth-cli';
import { diffSnapshots, snapshotTree } from './tree-snapshot';

interface Variant {
  readonly name: string;
  readonly env: NodeJS.ProcessEnv;
  /** Writes the fleet into `dir` (file order and names are the variant's). */
  readonly layout: (dir: string, files: readonly SourceFile[]) => void;
}

const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** Created in sorted order. */
const sortedOrder = (dir: string, files: readonly SourceFile[]): void => {
  for (const f of files) writeFileSync(join(dir, baseName(f.path)), f.text);
};

/** Created in reverse order (directory listing order is then different on most file systems). */
const reversedOrder = (dir: string, files: readonly SourceFile[]): void => {
  for (const f of [...files].reverse()) writeFileSync(join(dir, baseName(f.path)), f.text);
};

/** Created in an interleaved order: odd positions first. */
const interleavedOrder = (dir: string, files: readonly SourceFile[]): void => {
  for (const f of [...files.filter((_, i) => i % 2 === 1), ...files.filter((_, i) => i % 2 === 0)]) {
    writeFileSync(join(dir, baseName(f.path)), f.text);
  }
};

const VARIANTS: readonly Variant[] = [
  { name: 'utc-c', env: { TZ: 'UTC', LANG: 'C', LC_ALL: 'C' }, layout: sortedOrder },
  {
    name: 'kiritimati-tr',
    env: { TZ: 'Pacific/Kiritimati', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' },
    layout: reversedOrder,
  },
  {
    name: 'st-johns-de',
    env: {
      TZ: 'America/St_Johns',
      LANG: 'de_DE.UTF-8',
      LC_ALL: 'de_DE.UTF-8',
      LANGUAGE: 'de',
      CDK8S_DISABLE_SORT: '1',
    },
    layout: interleavedOrder,
  },
];

describe('determinism: same fleet, any machine → byte-identical dist/', () => {
  let work: string;
  let runs: { v: Variant; run: CliRun; tree: Map<string, string> }[];

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'kg-determinism-'));
    const files = readExampleFleet(exampleFleetRoot());
    runs = await inBatches(
      VARIANTS.map((v) => async () => {
        // A different project folder (and cwd) per variant, at a different depth: the machine's
        // paths must not leak. The folder keeps its name: generated headers name the source
        // file (`clusters/ticketing.yaml`) on purpose.
        const root = join(work, ...v.name.split('-'), 'project');
        const clusters = join(root, 'clusters');
        mkdirSync(clusters, { recursive: true });
        v.layout(clusters, files);
        const out = join(root, 'generated', 'dist');
        const run = await runSynthCli(['--clusters', clusters, '--out', out, '--quiet'], {
          cwd: root,
          env: { PATH: process.env.PATH ?? '', ...v.env },
          from: 'sources',
        });
        return { v, run, tree: snapshotTree(out) };
      }),
      2,
    );
    // Every variant synthesizes the whole example fleet (four clusters) in a child process.
  }, 180_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('every variant synthesizes successfully, with the same warnings', () => {
    for (const r of runs) {
      expect({ v: r.v.name, code: r.run.code }).toEqual({ v: r.v.name, code: 0 });
      expect(r.run.stderr).not.toMatch(/error|\n\s+at /);
      expect(r.run.stderr).toBe(runs[0].run.stderr);
    }
    expect(runs[0].tree.size).toBeGreaterThan(10);
  });

  it('the locale really differs in the child (the Turkish variant sorts i/ı/I differently)', () => {
    // Guards the test itself: if the env did not reach ICU, the comparison would prove nothing.
    const probe = (lang: string): string =>
      execFileSync(
        process.execPath,
        ['-e', "process.stdout.write(['i','I','ı','İ'].sort((a,b)=>a.localeCompare(b)).join(''))"],
        {
          env: { PATH: process.env.PATH ?? '', LANG: lang, LC_ALL: lang },
        },
      ).toString();
    expect(probe('tr_TR.UTF-8')).not.toEqual(probe('C'));
  });

  it('gives byte-identical dist/ trees under every TZ, locale, project location and file order', () => {
    const [first, ...rest] = runs;
    for (const r of rest) {
      expect({ variant: r.v.name, diff: diffSnapshots(first.tree, r.tree) }).toEqual({
        variant: r.v.name,
        diff: [],
      });
    }
  });

  it('writes no absolute path, temporary folder name or time stamp into dist/', () => {
    const text = [...runs[1].tree.values()]
      .map((b64) => Buffer.from(b64, 'base64').toString('utf8'))
      .join('\n');
    expect(text).not.toContain(work);
    expect(text).not.toContain(tmpdir());
    expect(text).not.toMatch(/\.\.\/|kg-determinism/);
    expect(text).not.toMatch(/\b20\d\d-\d\d-\d\dT\d\d:\d\d/);
  });
});
