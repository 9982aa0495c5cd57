/**
 * The docs are reachable from the installed package: every relative link of the README and the
 * docs that `npm pack` would ship names a file or folder that ships too. Fast: the file list
 * comes from `npm pack --dry-run` (without the build); installed-cli.test.ts checks the real
 * tarball the same way.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brokenLinks, relativeLinks } from '../support/markdown-links';
import { ROOT } from './packed-tarball';

jest.setTimeout(60_000);

function packedFiles(): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return (JSON.parse(out) as { files: { path: string }[] }[])[0].files.map((f) => f.path).sort();
}

test('the package ships the README, every doc, the LICENSE, the changelog and the editor schemas', () => {
  const files = packedFiles();
  expect(files).toEqual(
    expect.arrayContaining([
      'README.md',
      'LICENSE',
      'CHANGELOG.md',
      'docs/migration.md',
      'docs/upgrading.md',
      'docs/fleet-fields.md',
      'schema/cluster.schema.json',
      'schema/defaults.schema.json',
    ]),
  );
});

test('every relative link in the packed README and docs resolves inside the package', () => {
  const files = packedFiles();
  const markdown = files.filter((f) => f.endsWith('.md'));
  expect(markdown.length).toBeGreaterThan(10);
  expect(brokenLinks(files, (f) => readFileSync(join(ROOT, f), 'utf8'))).toEqual([]);
  // The README links into docs/ (not only to sites).
  expect(
    relativeLinks(readFileSync(join(ROOT, 'README.md'), 'utf8')).filter((l) => l.startsWith('docs/')).length,
  ).toBeGreaterThan(10);
});

test('the link reader: relative targets only, anchors dropped, code ignored', () => {
  const md = [
    'See [a](docs/a.md#x), [b](<docs/b.md> "title"), [site](https://example.com), [top](#top).',
    '[ref]: ../up.md',
    '`[not](code.md)`',
    '```',
    '[not](block.md)',
    '```',
  ].join('\n');
  expect(relativeLinks(md)).toEqual(['docs/a.md', 'docs/b.md', '../up.md']);
  expect(
    brokenLinks(['README.md', 'docs/a.md'], (f) =>
      f === 'README.md' ? '[a](docs/a.md) [x](docs/missing.md) [d](docs/)' : '[up](../README.md)',
    ),
  ).toEqual(['README.md → docs/missing.md']);
});
