import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildId,
  fleetHash,
  holdsRecorded,
  parseSynthLine,
  recordSynth,
  replaySynth,
  SYNTH_CACHE_ENV,
  synthRecordDir,
} from '../../synth/synth-replay';

describe('parseSynthLine', () => {
  it('takes the plain forms of --out, --clusters and --quiet', () => {
    expect(parseSynthLine([])).toEqual({ quiet: false });
    expect(parseSynthLine(['-q', '--out', 'o', '--clusters=c'])).toEqual({
      out: 'o',
      clusters: 'c',
      quiet: true,
    });
    expect(parseSynthLine(['--out=a b'])).toEqual({ out: 'a b', quiet: false });
  });

  it.each([
    [['--help']],
    [['--debug']],
    [['--quiet', '--quiet']],
    [['--out', 'a', '--out', 'b']],
    [['--out']],
    [['--out', '--quiet']],
    [['--out=']],
    [['--', 'x']],
    [['extra']],
  ])('leaves %j to the real parser', (args) => {
    expect(parseSynthLine(args)).toBeUndefined();
  });
});

describe('buildId', () => {
  it('is the id of lib/build-id.json above the module, and none for a repository build', () => {
    const root = mkdtempSync(join(tmpdir(), 'synth-replay-id-'));
    try {
      writeFileSync(join(root, 'package.json'), '{"name":"karpenter-gitops"}');
      mkdirSync(join(root, 'lib', 'cli', 'bundle'), { recursive: true });
      expect(buildId(join(root, 'lib', 'cli', 'bundle'))).toBeUndefined();
      writeFileSync(join(root, 'lib', 'build-id.json'), '{"id":"abc"}');
      expect(buildId(join(root, 'lib', 'cli', 'bundle'))).toBe('abc');
      // The search stops at the package root: a lib/ beside build/ is another build.
      mkdirSync(join(root, 'build', 'synth'), { recursive: true });
      expect(buildId(join(root, 'build', 'synth'))).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    expect(buildId()).toBeUndefined();
  });
});

describe('replaySynth', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const clusters = () => join(dir, 'clusters');
  const out = () => join(dir, 'dist');
  const texts = new Map([
    ['a/one.yaml', 'one: 1\n'],
    ['two.json', '{}\n'],
  ]);

  /** Writes the fleet and the output folder as a successful run left them, and its record. */
  function recorded(build = 'b1', line = { quiet: false }): void {
    mkdirSync(clusters(), { recursive: true });
    writeFileSync(join(clusters(), 'shop.yaml'), 'name: shop\n');
    writeFileSync(join(clusters(), 'notes.txt'), 'not read\n');
    mkdirSync(join(out(), 'a'), { recursive: true });
    for (const [path, text] of texts) writeFileSync(join(out(), path), text);
    recordSynth(
      line,
      { cwd: dir, env },
      {
        clustersDir: clusters(),
        outDir: out(),
        fleet: fleetHash(clusters(), dir),
        texts,
        out: ['synth: 1 cluster, 1 node pool, 2 files → dist/ (unchanged)'],
        err: ['clusters/shop.yaml:1:1 warning: w.'],
      },
      build,
    );
  }

  function replay(args: readonly string[] = [], build = 'b1') {
    const lines: string[] = [];
    const ok = replaySynth(
      args,
      { cwd: dir, env, out: (l) => lines.push(`out ${l}`), err: (l) => lines.push(`err ${l}`) },
      build,
    );
    return { ok, lines };
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'synth-replay-'));
    env = { HOME: join(dir, 'home'), XDG_CACHE_HOME: '' };
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the recorded lines, warnings first, when nothing changed', () => {
    recorded();
    expect(synthRecordDir(env)).toBe(join(dir, 'home', '.cache', 'karpenter-gitops', 'synth'));
    expect(replay()).toEqual({
      ok: true,
      lines: [
        'err clusters/shop.yaml:1:1 warning: w.',
        'out synth: 1 cluster, 1 node pool, 2 files → dist/ (unchanged)',
      ],
    });
  });

  it('runs in full after an edit of a fleet file, a new fleet file or another build', () => {
    recorded();
    writeFileSync(join(clusters(), 'notes.txt'), 'still not read\n');
    expect(replay().ok).toBe(true);
    expect(replay([], 'b2')).toEqual({ ok: false, lines: [] });
    writeFileSync(join(clusters(), 'extra.yml'), 'name: extra\n');
    expect(replay().ok).toBe(false);
    rmSync(join(clusters(), 'extra.yml'));
    writeFileSync(join(clusters(), 'shop.yaml'), 'name: shop2\n');
    expect(replay().ok).toBe(false);
  });

  it('runs in full after karpenter import adds, edits or removes a file of karpenter-imports/', () => {
    recorded();
    const imports = join(dir, 'karpenter-imports');
    mkdirSync(join(imports, 'karpenter-v1.99.0'), { recursive: true });
    writeFileSync(join(imports, 'lock.json'), '{"lockVersion":1,"imports":[]}\n');
    expect(replay().ok).toBe(false);
    recorded();
    expect(replay().ok).toBe(true);
    writeFileSync(join(imports, 'karpenter-v1.99.0', 'catalog.js'), 'module.exports = [];\n');
    expect(replay().ok).toBe(false);
    recorded();
    expect(replay().ok).toBe(true);
    rmSync(imports, { recursive: true });
    expect(replay().ok).toBe(false);
  });

  it('runs in full for other options or cdk8s settings than the recorded ones', () => {
    recorded();
    expect(replay(['--quiet']).ok).toBe(false);
    env = { ...env, CDK8S_DISABLE_SORT: '1' };
    expect(replay().ok).toBe(false);
    env = { HOME: env.HOME, XDG_CACHE_HOME: '' };
    expect(replay().ok).toBe(true);
    expect(replay(['--out', 'dist']).ok).toBe(false);
    expect(replay(['--help']).ok).toBe(false);
  });

  it.each([
    ['an edited file', () => writeFileSync(join(out(), 'two.json'), '{ }\n')],
    ['a missing file', () => rmSync(join(out(), 'two.json'))],
    ['another file', () => writeFileSync(join(out(), 'three.json'), '{}\n')],
    ['another folder', () => mkdirSync(join(out(), 'b'))],
    ['an executable file', () => chmodSync(join(out(), 'two.json'), 0o755)],
    ['a missing output folder', () => rmSync(out(), { recursive: true })],
    ['an interrupted run’s sibling', () => mkdirSync(join(dir, '.dist-123-abcdef'))],
  ])('runs in full when the output folder has %s', (_what, change) => {
    recorded();
    change();
    expect(replay()).toEqual({ ok: false, lines: [] });
  });

  it('neither records nor replays when turned off, without a build, or with an unreadable record', () => {
    env = { ...env, [SYNTH_CACHE_ENV]: 'off' };
    recorded();
    expect(replay().ok).toBe(false);
    env = { HOME: env.HOME };
    expect(replay().ok).toBe(false);
    recorded();
    expect(replay().ok).toBe(true);
    // In this repository (no lib/build-id.json above the module) nothing is replayed.
    expect(replaySynth([], { cwd: dir, env, out: () => undefined, err: () => undefined })).toBe(false);
    const [record] = readdirSync(synthRecordDir(env));
    const file = join(synthRecordDir(env), record);
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, 20));
    expect(replay().ok).toBe(false);
  });

  it('holdsRecorded compares bytes by sha256', () => {
    recorded();
    expect(
      holdsRecorded(out(), [
        ['a/one.yaml', '0'.repeat(64)],
        ['two.json', '0'.repeat(64)],
      ]),
    ).toBe(false);
  });
});
