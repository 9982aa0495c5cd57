import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { holdsExactly } from '../../io/same-tree';

const FILES = new Map<string, string | Uint8Array>([
  ['a/b/one.yaml', 'kind: NodePool\n'],
  ['a/two.json', '{"x": "é"}\n'],
  ['top.txt', new Uint8Array([0xff, 0x00, 0x41])],
]);

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kg-same-tree-'));
  for (const [path, content] of FILES) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('holdsExactly', () => {
  it('is true for exactly the files, text compared as UTF-8 bytes and raw bytes as they are', () => {
    expect(holdsExactly(dir, FILES)).toBe(true);
  });

  it('is false for a changed byte, a missing file, an extra file, folder or link', () => {
    const cases: [string, () => void][] = [
      ['changed byte', () => writeFileSync(join(dir, 'a/two.json'), '{"x": "e"}\n')],
      ['missing file', () => rmSync(join(dir, 'top.txt'))],
      ['extra file', () => writeFileSync(join(dir, 'a/b/three.yaml'), 'x\n')],
      ['extra empty folder', () => mkdirSync(join(dir, 'a/empty'))],
      ['extra link', () => symlinkSync('top.txt', join(dir, 'link'))],
      [
        'file where a folder was',
        () => {
          rmSync(join(dir, 'a/b'), { recursive: true });
          writeFileSync(join(dir, 'a/b'), 'x');
        },
      ],
    ];
    for (const [what, disturb] of cases) {
      disturb();
      expect([what, holdsExactly(dir, FILES)]).toEqual([what, false]);
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      for (const [path, content] of FILES) {
        mkdirSync(join(dir, path, '..'), { recursive: true });
        writeFileSync(join(dir, path), content);
      }
    }
  });

  it('is false for an executable file (a fresh write has no executable bit) and a missing folder', () => {
    chmodSync(join(dir, 'top.txt'), 0o755);
    expect(holdsExactly(dir, FILES)).toBe(false);
    expect(holdsExactly(join(dir, 'nope'), FILES)).toBe(false);
  });

  it('an empty folder holds exactly no files', () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    expect(holdsExactly(empty, new Map())).toBe(true);
  });
});
