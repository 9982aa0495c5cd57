/**
 * The committed dist/ is exactly what `npm run synth` makes of the committed clusters/
 * (read-only comparison). When this fails, run `npm run synth` and commit dist/.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadFleet } from '../../io/read-fleet';
import { synthesize } from '../../synth/synthesize';
import { readTree } from './dist-fixture';

const ROOT = resolve(__dirname, '..', '..');

test('dist/ is up to date with clusters/ (run `npm run synth` if not)', () => {
  const dist = join(ROOT, 'dist');
  expect(existsSync(dist)).toBe(true);
  const expected = Object.fromEntries(synthesize(loadFleet(ROOT).fleet));
  const actual = readTree(dist, 'utf8');
  expect(Object.keys(actual)).toEqual(Object.keys(expected));
  for (const [path, content] of Object.entries(expected)) {
    // One assertion per file so a failure names the stale file.
    expect({ path, content: actual[path] }).toEqual({ path, content });
  }
});
