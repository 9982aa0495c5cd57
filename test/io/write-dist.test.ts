import { existsSync, mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkPaths, writeDist } from '../../io/write-dist';
import { listNames, makeTempProject, readTree, removeTempProject, writeTree } from '../synth/dist-fixture';

const OLD_DIST = {
  'ticketing/karpenter/nodepool-old.yaml': 'kind: NodePool\n',
  'ticketing/values/karpenter.yaml': 'old: values\n',
  'stale-file.yaml': 'x: 1\n',
};

const NEW_FILES = new Map([
  ['ticketing/karpenter/nodepool-new.yaml', 'kind: NodePool\nname: new\n'],
  ['ticketing/karpenter/ec2nodeclass-default.yaml', 'kind: EC2NodeClass\n'],
  ['batch/cloudformation/karpenter.json', '{}\n'],
]);

let project: string;
let dist: string;

beforeEach(() => {
  project = makeTempProject();
  dist = join(project, 'dist');
  writeTree(dist, OLD_DIST);
});

afterEach(() => removeTempProject(project));

describe('writeDist success', () => {
  test('replaces the folder with exactly the new files (stale files gone)', () => {
    const result = writeDist(dist, NEW_FILES);
    expect(readTree(dist)).toEqual({
      'batch/cloudformation/karpenter.json': '{}\n',
      'ticketing/karpenter/ec2nodeclass-default.yaml': 'kind: EC2NodeClass\n',
      'ticketing/karpenter/nodepool-new.yaml': 'kind: NodePool\nname: new\n',
    });
    expect(result).toEqual({
      outDir: dist,
      fileCount: 3,
      removedStale: [],
      restoredFrom: undefined,
      unchanged: false,
    });
  });

  test('a folder that already holds exactly the files is left alone: nothing written, times kept', () => {
    writeDist(dist, NEW_FILES);
    const file = join(dist, 'batch', 'cloudformation', 'karpenter.json');
    const past = new Date('2020-01-01T00:00:00Z');
    utimesSync(file, past, past);
    const writes: string[] = [];
    const result = writeDist(dist, NEW_FILES, { writeFile: (p) => writes.push(p) });
    expect(result.unchanged).toBe(true);
    expect(result.fileCount).toBe(3);
    expect(writes).toEqual([]);
    expect(statSync(file).mtime.toISOString()).toBe('2020-01-01T00:00:00.000Z');
    expect(listNames(project)).toEqual(['dist']);
  });

  test('one differing byte, an extra file or an extra empty folder: the folder is replaced', () => {
    for (const disturb of [
      () => writeFileSync(join(dist, 'batch', 'cloudformation', 'karpenter.json'), '{} \n'),
      () => writeFileSync(join(dist, 'batch', 'extra.yaml'), 'x: 1\n'),
      () => mkdirSync(join(dist, 'batch', 'empty')),
    ]) {
      writeDist(dist, NEW_FILES);
      disturb();
      expect(writeDist(dist, NEW_FILES).unchanged).toBe(false);
      expect(readTree(dist)).toEqual(Object.fromEntries(NEW_FILES));
      expect(existsSync(join(dist, 'batch', 'empty'))).toBe(false);
    }
  });

  test('the new folder has the same mode as a normally created folder (not mkdtemp 0700)', () => {
    const reference = join(project, 'reference');
    mkdirSync(reference);
    writeDist(dist, NEW_FILES);
    expect(statSync(dist).mode).toBe(statSync(reference).mode);
  });

  test('leaves no temporary or old folders behind', () => {
    writeDist(dist, NEW_FILES);
    expect(listNames(project)).toEqual(['dist']);
  });

  test('creates the folder (and its parent) when it does not exist yet', () => {
    const out = join(project, 'nested', 'out');
    writeDist(out, NEW_FILES);
    expect(Object.keys(readTree(out))).toHaveLength(3);
    expect(listNames(join(project, 'nested'))).toEqual(['out']);
  });

  test('an empty file set gives an empty folder', () => {
    writeDist(dist, new Map());
    expect(readTree(dist)).toEqual({});
    expect(existsSync(dist)).toBe(true);
  });
});

describe('writeDist failure leaves the old folder byte-for-byte intact', () => {
  test('a write failing half-way: old dist intact, temporary folder removed', () => {
    const before = readTree(dist);
    let writes = 0;
    const failingWriter = (path: string, content: string | Uint8Array) => {
      if (++writes === 2) throw new Error('ENOSPC: no space left on device');
      writeFileSync(path, content, { flag: 'wx' });
    };
    expect(() => writeDist(dist, NEW_FILES, { writeFile: failingWriter })).toThrow(
      'ENOSPC: no space left on device',
    );
    expect(writes).toBe(2);
    expect(readTree(dist)).toEqual(before);
    expect(listNames(project)).toEqual(['dist']);
  });

  test('a path escaping the folder is refused before anything is written', () => {
    const before = readTree(dist);
    const evil = new Map([...NEW_FILES, ['../outside.yaml', 'x']]);
    expect(() => writeDist(dist, evil)).toThrow(
      "generated path '../outside.yaml' is not a plain relative path",
    );
    expect(readTree(dist)).toEqual(before);
    expect(listNames(project)).toEqual(['dist']);
  });

  test('a target that is a file is refused', () => {
    const file = join(project, 'file-out');
    writeFileSync(file, 'keep');
    expect(() => writeDist(file, NEW_FILES)).toThrow(
      `refusing to replace '${file}': it exists and is not a folder`,
    );
    expect(readTree(project)['file-out']).toBe('keep');
  });

  test.each(['.git', 'package.json', 'node_modules'])(
    'a folder holding %s is refused (never replace a project)',
    (marker) => {
      writeTree(dist, {
        [marker === '.git' ? '.git/HEAD' : marker === 'node_modules' ? 'node_modules/x/index.js' : marker]:
          'x',
      });
      const before = readTree(dist);
      expect(() => writeDist(dist, NEW_FILES)).toThrow(
        `holds ${marker}, so it is not a generated output folder`,
      );
      expect(readTree(dist)).toEqual(before);
      expect(listNames(project)).toEqual(['dist']);
    },
  );

  test('the root folder is refused', () => {
    expect(() => writeDist('/', NEW_FILES)).toThrow("refusing to replace '/'");
  });
});

describe('writeDist recovers from crashed runs', () => {
  const deadPid = 999999;
  const deadOnly = (pid: number) => pid !== deadPid;

  test('deletes a dead run’s temporary folder', () => {
    writeTree(join(project, `.dist-${deadPid}-AbC123`), { 'half.yaml': 'x' });
    const result = writeDist(dist, NEW_FILES, { isProcessAlive: deadOnly });
    expect(result.removedStale).toEqual([`.dist-${deadPid}-AbC123`]);
    expect(listNames(project)).toEqual(['dist']);
  });

  test('keeps a live run’s temporary folder', () => {
    const livePid = 424242;
    writeTree(join(project, `.dist-${livePid}-XyZ789`), { 'half.yaml': 'x' });
    writeDist(dist, NEW_FILES, { isProcessAlive: (pid) => pid === livePid });
    expect(listNames(project)).toEqual([`.dist-${livePid}-XyZ789`, 'dist']);
  });

  test('a run killed between the two renames: the old output is restored, then replaced', () => {
    // Simulate: dist was renamed to .dist-old-*, the new folder never arrived.
    const oldName = `.dist-old-${deadPid}-Qwe456`;
    const moved = join(project, oldName);
    mkdirSync(moved);
    writeTree(moved, OLD_DIST);
    removeTempProject(dist);
    // First, a run that fails: the restored previous output must be in place afterwards.
    const failing = () => {
      throw new Error('disk full');
    };
    expect(() => writeDist(dist, NEW_FILES, { isProcessAlive: deadOnly, writeFile: failing })).toThrow(
      'disk full',
    );
    expect(readTree(dist)).toEqual(readTreeOf(OLD_DIST));
    expect(listNames(project)).toEqual(['dist']);
  });

  test('a run killed between the two renames, then a successful run: restored, replaced, reported', () => {
    const oldName = `.dist-old-${deadPid}-Rty789`;
    writeTree(join(project, oldName), OLD_DIST);
    removeTempProject(dist);
    const result = writeDist(dist, NEW_FILES, { isProcessAlive: deadOnly });
    expect(result.restoredFrom).toBe(oldName);
    expect(Object.keys(readTree(dist))).toEqual([...NEW_FILES.keys()].sort());
    expect(listNames(project)).toEqual(['dist']);
  });

  test('two old folders of dead runs and no output: the newest is restored, the other removed', () => {
    writeTree(join(project, `.dist-old-${deadPid}-Aaa111`), { 'older.yaml': 'old\n' });
    writeTree(join(project, `.dist-old-${deadPid}-Bbb222`), { 'newer.yaml': 'new\n' });
    utimesSync(join(project, `.dist-old-${deadPid}-Aaa111`), new Date(1000), new Date(1000));
    utimesSync(join(project, `.dist-old-${deadPid}-Bbb222`), new Date(2000), new Date(2000));
    removeTempProject(dist);
    const failing = () => {
      throw new Error('disk full');
    };
    expect(() => writeDist(dist, NEW_FILES, { isProcessAlive: deadOnly, writeFile: failing })).toThrow(
      'disk full',
    );
    expect(readTree(dist)).toEqual({ 'newer.yaml': 'new\n' });
    expect(listNames(project)).toEqual(['dist']);
  });

  test('unrelated dot-folders are never touched', () => {
    writeTree(join(project, '.dist-notes'), { 'keep.txt': 'k' });
    writeTree(join(project, '.git'), { HEAD: 'ref' });
    writeDist(dist, NEW_FILES, { isProcessAlive: () => false });
    expect(listNames(project)).toEqual(['.dist-notes', '.git', 'dist']);
  });
});

describe('checkPaths', () => {
  test.each([['/abs.yaml'], ['a/../b.yaml'], ['./a.yaml'], ['a//b.yaml'], ['a\\b.yaml'], [''], ['dir/']])(
    'refuses %j',
    (path) => {
      expect(() => checkPaths(new Map([[path, 'x']]))).toThrow(
        'is not a plain relative path inside the output folder',
      );
    },
  );

  test('refuses a path that is also a folder of another path', () => {
    expect(() =>
      checkPaths(
        new Map([
          ['a/b', 'x'],
          ['a/b/c.yaml', 'y'],
        ]),
      ),
    ).toThrow("generated path 'a/b' is both a file and the folder of 'a/b/c.yaml'");
  });

  test('returns paths in code-unit order', () => {
    expect(
      checkPaths(
        new Map([
          ['b.yaml', ''],
          ['B.yaml', ''],
          ['a/z.yaml', ''],
        ]),
      ),
    ).toEqual(['B.yaml', 'a/z.yaml', 'b.yaml']);
  });
});

function readTreeOf(files: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
}
