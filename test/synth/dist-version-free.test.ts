/**
 * Upgrades change nothing when nothing changed (docs/upgrading.md): no generated file names the
 * tool's version, so a release whose output is unchanged leaves every dist/ byte-identical.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadFleet } from '../../io/read-fleet';
import { synthesizeFiles } from '../../synth/synthesize';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';

const ROOT = join(__dirname, '..', '..');
const { name, version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};

test("no generated file names the tool's version", () => {
  const files = synthesizeFiles(loadFleet(DEMO_FLEET_ROOT).fleet);
  const paths = [...files.keys()];
  // The proof record is among them: it once named the version.
  expect(paths.filter((p) => p.endsWith('/cloudformation/policy-proof.txt')).length).toBeGreaterThan(1);
  const exact = new RegExp(`(^|[^0-9.])${version.replace(/\./g, '\\.')}($|[^0-9.])`);
  const naming = paths.filter((p) => {
    const text = files.get(p)?.text ?? '';
    return text.includes(`${name} ${version}`) || text.includes(`${name}@${version}`) || exact.test(text);
  });
  expect(paths.every((p) => typeof files.get(p)?.text === 'string')).toBe(true);
  expect(naming).toEqual([]);
});

test('docs/upgrading.md says so, and lists what does change dist/', () => {
  const doc = readFileSync(join(ROOT, 'docs', 'upgrading.md'), 'utf8');
  expect(doc).toContain("No file in `dist/` names the tool's version");
  expect(doc).toContain('## What an upgrade changes in `dist/`');
  expect(doc).toContain('test/synth/dist-version-free.test.ts');
});
