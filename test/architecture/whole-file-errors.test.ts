/** A whole-file error (no line, no field) is built by `wholeFileError` only, never by hand. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const SKIPPED = new Set(['node_modules', 'imports', 'dist', 'build', 'lib', 'test', 'examples']);
const HAND_BUILT = /line:\s*0,\s*col:\s*0,\s*path:\s*''/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name.startsWith('.') || SKIPPED.has(e.name)) return [];
    const full = join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return e.name.endsWith('.ts') ? [relative(ROOT, full).split(sep).join('/')] : [];
  });
}

describe('whole-file errors', () => {
  it('come from wholeFileError (model/shared/diagnostics.ts)', () => {
    const byHand = sources(ROOT).filter(
      (f) => f !== 'model/shared/diagnostics.ts' && HAND_BUILT.test(readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(byHand).toEqual([]);
  });
});
