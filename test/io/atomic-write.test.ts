import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { swapFolderIntoPlace, writeFileAtomically } from '../../io/atomic-write';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'atomic-write-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeFileAtomically', () => {
  it('creates the folder, replaces the file and leaves no temporary file', () => {
    const file = join(dir, 'a', 'b', 'report.md');
    writeFileAtomically(file, 'first');
    writeFileAtomically(file, 'second');
    expect(readFileSync(file, 'utf8')).toBe('second');
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['report.md']);
  });

  it('leaves the file as it was when the write fails', () => {
    const file = join(dir, 'report.md');
    writeFileSync(file, 'kept');
    // The temporary file's place is taken by a folder, so writing it fails.
    mkdirSync(`${file}.${process.pid}.tmp`);
    expect(() => writeFileAtomically(file, 'lost')).toThrow(/EISDIR/);
    expect(readFileSync(file, 'utf8')).toBe('kept');
  });
});

describe('swapFolderIntoPlace', () => {
  const fill = (folder: string, text: string) => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'f.txt'), text);
  };

  it('replaces the target and deletes the old folder', () => {
    fill(join(dir, 'out'), 'old');
    fill(join(dir, '.out-new'), 'new');
    swapFolderIntoPlace(join(dir, '.out-new'), join(dir, 'out'), join(dir, '.out-old'));
    expect(readFileSync(join(dir, 'out', 'f.txt'), 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['out']);
  });

  it('puts the folder in place when there was no target', () => {
    fill(join(dir, '.out-new'), 'new');
    swapFolderIntoPlace(join(dir, '.out-new'), join(dir, 'out'), join(dir, '.out-old'));
    expect(readdirSync(dir)).toEqual(['out']);
  });

  it('restores the target when the staged folder cannot be moved', () => {
    fill(join(dir, 'out'), 'old');
    expect(() => swapFolderIntoPlace(join(dir, 'missing'), join(dir, 'out'), join(dir, '.out-old'))).toThrow(
      /ENOENT/,
    );
    expect(readFileSync(join(dir, 'out', 'f.txt'), 'utf8')).toBe('old');
    expect(existsSync(join(dir, '.out-old'))).toBe(false);
  });
});
