/**
 * Atomic output: whatever fails half-way (a generator, the policies step, validation, a
 * write, the process itself), dist/ is left byte for byte as it was and no temporary folder
 * stays behind; and nothing is ever written outside dist/.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UserError } from '../../model/shared/diagnostics';
import { DistFiles } from '../../model/shared/dist-layout';
import { GeneratedFiles } from '../../model/shared/generated-file';
import { loadFleetFromSources } from '../../model/load-fleet';
import { GENERATORS, NamedGenerator } from '../../synth/generators';
import { policiesCli } from '../../policies/cli';
import { CliIo, loadFleetFromDir } from '../../io/cli-common';
import { runSynth, SynthDeps } from '../../synth/synth';
import { writeDist } from '../../io/write-dist';
import { exampleFleetRoot, PROJECT_ROOT, readExampleFleet } from './example-fleet';
import { tsRequireHook } from './ts-child';
import { diffSnapshots, siblingsBesides, snapshotTree } from './tree-snapshot';
import { renameKey } from './yaml-edit';

describe('atomic output', () => {
  let work: string;
  let root: string;
  let clustersDir: string;
  let dist: string;
  let before: Map<string, string>;

  const fresh = (name: string): void => {
    root = join(work, name);
    clustersDir = join(root, 'clusters');
    dist = join(root, 'dist');
    cpSync(join(exampleFleetRoot(), 'clusters'), clustersDir, { recursive: true });
    mkdirSync(join(dist, 'ticketing', 'karpenter'), { recursive: true });
    writeFileSync(join(dist, 'ticketing', 'karpenter', 'nodepool-old.yaml'), 'kind: NodePool\n');
    writeFileSync(join(dist, 'stale.txt'), 'previous run\n');
    before = snapshotTree(dist);
  };
  const synth = (deps: Partial<SynthDeps>) =>
    runSynth(
      { projectRoot: root, clustersDir, outDir: dist },
      { loadFleet: loadFleetFromDir, validate: null, ...deps },
    );
  const expectIntact = (): void => {
    expect(diffSnapshots(before, snapshotTree(dist))).toEqual([]);
    expect(siblingsBesides(root, ['clusters', 'dist'])).toEqual([]);
  };

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'kg-atomic-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('control: a good run replaces dist/ (so the intact checks below can fail)', () => {
    fresh('control');
    const result = synth({});
    expect(result.files).toBeGreaterThan(5);
    expect(existsSync(join(dist, 'stale.txt'))).toBe(false);
    expect(diffSnapshots(before, snapshotTree(dist)).length).toBeGreaterThan(5);
    expect(siblingsBesides(root, ['clusters', 'dist'])).toEqual([]);
  });

  it('a generator that throws after the others produced their files leaves dist/ intact', () => {
    fresh('generator');
    const produced: string[] = [];
    const spying = GENERATORS.map((g) => ({
      name: g.name,
      generate: (fleet: Parameters<NamedGenerator['generate']>[0]) => {
        const files = g.generate(fleet);
        produced.push(g.name);
        return files;
      },
    }));
    const boom: NamedGenerator = {
      name: 'exploding',
      generate: () => {
        throw new Error('generator exploded half-way');
      },
    };
    expect(() => synth({ generators: [...spying, boom] })).toThrow('generator exploded half-way');
    expect(produced).toEqual(GENERATORS.map((g) => g.name));
    expectIntact();
  });

  it('a failure in the AWS-side (policies) step leaves dist/ intact', () => {
    fresh('policies');
    const names = GENERATORS.map((g) => g.name);
    expect(names).toContain('aws-side');
    const failingPolicies = GENERATORS.map((g) =>
      g.name === 'aws-side'
        ? {
            name: g.name,
            generate: (fleet: Parameters<NamedGenerator['generate']>[0]): GeneratedFiles => {
              const files = g.generate(fleet);
              expect(files.size).toBeGreaterThan(0);
              throw new UserError([
                {
                  severity: 'error',
                  file: 'clusters/ticketing.yaml',
                  line: 1,
                  col: 1,
                  path: 'iam',
                  message: 'policy step failed',
                  fix: 'Fix it',
                },
              ]);
            },
          }
        : g,
    );
    expect(() => synth({ generators: failingPolicies })).toThrow(UserError);
    expectIntact();
  });

  it('a validation error stops the run before dist/ is touched', () => {
    fresh('validation');
    let sawFiles = 0;
    expect(() =>
      synth({
        validate: (_fleet, files) => {
          sawFiles = files.size;
          return [
            {
              severity: 'error',
              file: 'ticketing/karpenter/nodepool-loadtest.yaml',
              line: 1,
              col: 1,
              path: 'spec',
              message: 'invalid',
              fix: 'Fix it',
            },
          ];
        },
      }),
    ).toThrow(UserError);
    expect(sawFiles).toBeGreaterThan(5);
    expectIntact();
  });

  it('a write that fails after some files were written leaves dist/ intact and removes the temporary folder', () => {
    fresh('write');
    const written: string[] = [];
    const writeFile = (path: string, content: string | Uint8Array): void => {
      if (written.length === 5) throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
      writeFileSync(path, content, { flag: 'wx' });
      written.push(path);
    };
    expect(() => synth({ writeOptions: { writeFile } })).toThrow('EIO');
    expect(written).toHaveLength(5);
    expect(written.every((p) => p.startsWith(join(root, '.dist-')))).toBe(true);
    expectIntact();
  });

  it('a real file-system failure half-way (a name too long for the file system) leaves dist/ intact', () => {
    fresh('enametoolong');
    const files: DistFiles = new Map([
      ['a/first.yaml', 'a: 1\n'],
      ['b/second.yaml', 'b: 2\n'],
      [`z/${'n'.repeat(300)}.yaml`, 'z: 3\n'],
    ]);
    expect(() => writeDist(dist, files)).toThrow(/ENAMETOOLONG/);
    expectIntact();
  });

  it('a run killed half-way (SIGKILL) leaves dist/ intact; the next run removes its leftovers', async () => {
    fresh('killed');
    const script = `${tsRequireHook()}
      const fs = require('node:fs');
      const { writeDist } = require(${JSON.stringify(join(PROJECT_ROOT, 'io', 'write-dist.ts'))});
      const files = new Map(Array.from({ length: 10 }, (_, i) => ['k/f' + i + '.yaml', 'i: ' + i + '\\n']));
      let n = 0;
      writeDist(${JSON.stringify(dist)}, files, {
        writeFile: (p, c) => {
          fs.writeFileSync(p, c, { flag: 'wx' });
          if (++n === 4) {
            process.stdout.write('half-way\\n');
            Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60000);
          }
        },
      });`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (b: Buffer) => {
        if (b.toString().includes('half-way')) resolve();
      });
      child.on('close', (code) => reject(new Error(`child ended early with ${code}`)));
    });
    const killed = new Promise((resolve) => child.on('close', resolve));
    child.kill('SIGKILL');
    await killed;
    expect(diffSnapshots(before, snapshotTree(dist))).toEqual([]);
    const leftovers = siblingsBesides(root, ['clusters', 'dist']);
    expect(leftovers).toHaveLength(1);
    expect(leftovers[0]).toMatch(new RegExp(`^\\.dist-${child.pid}-`));
    expect(readdirSync(join(root, leftovers[0], 'k'))).toHaveLength(4);

    const result = writeDist(dist, new Map([['fresh.yaml', 'ok: true\n']]));
    expect(result.removedStale).toEqual(leftovers);
    expect([...snapshotTree(dist).keys()]).toEqual(['fresh.yaml']);
    expect(siblingsBesides(root, ['clusters', 'dist'])).toEqual([]);
  });
});

describe('recovery after a crash between the two renames of the swap', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'kg-recover-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('a failing next run puts the previous output back instead of leaving no dist/ at all', () => {
    // The state a run killed right after `dist → .dist-old-*` leaves: no dist/, the old
    // output in its .dist-old folder, and the new output half-written in a temporary folder.
    const old = join(work, '.dist-old-999999-abcdef');
    mkdirSync(join(old, 'ticketing'), { recursive: true });
    writeFileSync(join(old, 'ticketing', 'nodepool-a.yaml'), 'kind: NodePool\n');
    mkdirSync(join(work, '.dist-999999-ghijkl'));
    writeFileSync(join(work, '.dist-999999-ghijkl', 'partial.yaml'), 'half');
    const previous = snapshotTree(old);
    const dist = join(work, 'dist');
    const failing = (): void => {
      throw new Error('EIO: i/o error, write');
    };
    expect(() =>
      writeDist(dist, new Map([['x.yaml', 'x: 1\n']]), { writeFile: failing, isProcessAlive: () => false }),
    ).toThrow('EIO');
    expect(diffSnapshots(previous, snapshotTree(dist))).toEqual([]);
    expect(siblingsBesides(work, ['dist'])).toEqual([]);
  });
});

describe('generated files never go outside dist/', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'kg-paths-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each([
    '../escape.yaml',
    '../../etc/escape.yaml',
    'a/../../escape.yaml',
    '/tmp/absolute.yaml',
    'a\\..\\..\\escape.yaml',
    './a.yaml',
    'a//b.yaml',
    '',
    'nul\u0000.yaml',
  ])('write-dist refuses the path %j and writes nothing', (bad) => {
    const root = mkdtempSync(join(work, 'case-'));
    const dist = join(root, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'keep.yaml'), 'keep: true\n');
    const before = snapshotTree(root);
    expect(() =>
      writeDist(
        dist,
        new Map([
          ['ok.yaml', 'ok: 1\n'],
          [bad, 'evil: 1\n'],
        ]),
      ),
    ).toThrow(/not a plain relative path inside the output folder/);
    expect(diffSnapshots(before, snapshotTree(root))).toEqual([]);
    expect(existsSync(join(work, 'escape.yaml'))).toBe(false);
  });

  it.each([
    ['nodePools', '../x'],
    ['nodePools', 'a/b'],
    ['nodeClasses', '..'],
  ])('the loader refuses the %s name %j with a diagnostic at the key', (section, name) => {
    const sources = readExampleFleet(exampleFleetRoot());
    const target = sources.find(
      (s) => new RegExp(`^${section}:`, 'm').test(s.text) && !s.path.includes('/_'),
    );
    if (!target) throw new Error(`no example file with ${section}`);
    const firstKey = /^[ ]{2}([\w.-]+):/m.exec(
      target.text.slice(target.text.search(new RegExp(`^${section}:`, 'm'))),
    )?.[1];
    if (!firstKey) throw new Error(`no entry under ${section}`);
    const text = renameKey(target.text, [section, firstKey], JSON.stringify(name));
    const line = text.split('\n').findIndex((l) => l.includes(JSON.stringify(name))) + 1;
    let error: unknown;
    try {
      loadFleetFromSources(sources.map((s) => (s === target ? { path: s.path, text } : s)));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    const d = (error as UserError).diagnostics.find((x) => x.path === `${section}.${name}`);
    expect(d).toMatchObject({ severity: 'error', file: target.path, line, col: 3 });
    expect(d?.message).toContain(name);
  });
});

describe('npm run policies (rewrites only the AWS-side part of dist/)', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'kg-policies-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const project = (name: string): { root: string; dist: string; io: CliIo; err: string[] } => {
    const root = join(work, name);
    cpSync(join(exampleFleetRoot(), 'clusters'), join(root, 'clusters'), { recursive: true });
    const dist = join(root, 'dist');
    mkdirSync(join(dist, 'ticketing', 'karpenter'), { recursive: true });
    writeFileSync(join(dist, 'ticketing', 'karpenter', 'nodepool-keep.yaml'), 'kind: NodePool\n');
    // Not UTF-8: must survive byte for byte.
    writeFileSync(join(dist, 'ticketing', 'blob.bin'), Buffer.from([0xde, 0xad, 0xbe, 0xef, 0xff, 0x00]));
    const err: string[] = [];
    return { root, dist, err, io: { out: () => undefined, err: (l) => err.push(l), cwd: root } };
  };

  it('a write failing half-way leaves dist/ intact and no temporary folder', async () => {
    const p = project('policies-write');
    const before = snapshotTree(p.dist);
    let n = 0;
    const writeFile = (path: string, content: string | Uint8Array): void => {
      if (++n === 3)
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      writeFileSync(path, content, { flag: 'wx' });
    };
    const code = await policiesCli(['--clusters', 'clusters', '--out', 'dist', '--quiet'], p.io, {
      loadFleet: loadFleetFromDir,
      writeOptions: { writeFile },
    });
    expect(code).toBe(70);
    expect(p.err.join('\n')).toContain('dist/ was not changed');
    expect(diffSnapshots(before, snapshotTree(p.dist))).toEqual([]);
    expect(siblingsBesides(p.root, ['clusters', 'dist'])).toEqual([]);
  });

  it('a successful run changes only <cluster>/cloudformation/ files, every other byte kept', async () => {
    const p = project('policies-ok');
    const before = snapshotTree(p.dist);
    const code = await policiesCli(['--clusters', 'clusters', '--out', 'dist', '--quiet'], p.io, {
      loadFleet: loadFleetFromDir,
    });
    expect(code).toBe(0);
    const changed = diffSnapshots(before, snapshotTree(p.dist));
    expect(changed.length).toBeGreaterThan(0);
    // New cluster folders and their cloudformation/ files are expected; nothing else may move.
    expect(changed.filter((d) => !/^[+~][\w-]+\/(cloudformation\/.*)?$/.test(d))).toEqual([]);
  });
});
