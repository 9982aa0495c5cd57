import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listTree, readTree } from '../../io/read-tree';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'read-tree-'));
  for (const [rel, text] of [
    ['top.yaml', 't'],
    ['a/x.yaml', 'ax'],
    ['a-b/x.yaml', 'abx'],
    ['a/deep/y.json', '{}'],
    ['.hidden/z.yaml', 'z'],
    ['node_modules/m.json', 'm'],
    ['.dot.yaml', 'd'],
  ]) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  symlinkSync(join(dir, 'top.yaml'), join(dir, 'link.yaml'));
  symlinkSync(join(dir, 'a'), join(dir, 'linked-folder'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('listTree', () => {
  it('lists regular files only, sorted by whole path, by default', () => {
    expect(listTree(dir)).toEqual([
      '.dot.yaml',
      '.hidden/z.yaml',
      'a-b/x.yaml',
      'a/deep/y.json',
      'a/x.yaml',
      'node_modules/m.json',
      'top.yaml',
    ]);
  });

  it('orders each folder by name with `by-folder`, a folder listed where it stands', () => {
    expect(listTree(dir, { order: 'by-folder' })).toEqual([
      '.dot.yaml',
      '.hidden/z.yaml',
      'a/deep/y.json',
      'a/x.yaml',
      'a-b/x.yaml',
      'node_modules/m.json',
      'top.yaml',
    ]);
  });

  it('counts every entry that is not a folder with `not-folder`, never following a link into a folder', () => {
    expect(listTree(dir, { files: 'not-folder' })).toEqual([
      '.dot.yaml',
      '.hidden/z.yaml',
      'a-b/x.yaml',
      'a/deep/y.json',
      'a/x.yaml',
      'link.yaml',
      'linked-folder',
      'node_modules/m.json',
      'top.yaml',
    ]);
  });

  it('leaves out files and folders by name', () => {
    const skip = (name: string) => name.startsWith('.') || name === 'node_modules';
    expect(listTree(dir, { skip, order: 'by-folder' })).toEqual([
      'a/deep/y.json',
      'a/x.yaml',
      'a-b/x.yaml',
      'top.yaml',
    ]);
  });

  it('throws when the folder cannot be read', () => {
    expect(() => listTree(join(dir, 'missing'))).toThrow(/ENOENT/);
  });
});

describe('readTree', () => {
  it('reads the text of each listed file, in the same order', () => {
    expect(readTree(join(dir, 'a'), { order: 'by-folder' })).toEqual([
      { rel: 'deep/y.json', text: '{}' },
      { rel: 'x.yaml', text: 'ax' },
    ]);
  });
});
