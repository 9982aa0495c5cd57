/** io/cache-folder.ts: cache files are marked used, and a full folder keeps the most recently used. */
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markUsed, pruneLeastRecentlyUsed } from '../../io/cache-folder';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cache-folder-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Files a.v8 … e.v8, a the oldest, one minute apart; plus a file of another kind. */
function fill(): void {
  ['a', 'b', 'c', 'd', 'e'].forEach((n, i) => {
    const file = join(dir, `${n}.v8`);
    writeFileSync(file, n);
    const t = new Date(Date.UTC(2026, 0, 1, 0, i));
    utimesSync(file, t, t);
  });
  writeFileSync(join(dir, 'notes.txt'), 'kept');
}

describe('pruneLeastRecentlyUsed', () => {
  it('keeps the most recently used files of its kind once past keep + slack, and nothing else is touched', () => {
    fill();
    pruneLeastRecentlyUsed(dir, '.v8', 3, 2);
    expect(readdirSync(dir).sort()).toEqual(['a.v8', 'b.v8', 'c.v8', 'd.v8', 'e.v8', 'notes.txt']);
    pruneLeastRecentlyUsed(dir, '.v8', 3, 1);
    expect(readdirSync(dir).sort()).toEqual(['c.v8', 'd.v8', 'e.v8', 'notes.txt']);
  });

  it('keeps a file marked used over newer ones, and never throws on a missing folder', () => {
    fill();
    markUsed(join(dir, 'a.v8'));
    expect(statSync(join(dir, 'a.v8')).mtimeMs).toBeGreaterThan(Date.UTC(2026, 0, 2));
    pruneLeastRecentlyUsed(dir, '.v8', 2);
    expect(readdirSync(dir).sort()).toEqual(['a.v8', 'e.v8', 'notes.txt']);
    expect(() => pruneLeastRecentlyUsed(join(dir, 'missing'), '.v8', 0)).not.toThrow();
    expect(() => markUsed(join(dir, 'missing.v8'))).not.toThrow();
    expect(existsSync(join(dir, 'missing.v8'))).toBe(false);
  });
});
