/** The README stays a few screens long and is the way into every docs/ page. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('README', () => {
  it('is under 12 KB', () => {
    expect(Buffer.byteLength(readme, 'utf8')).toBeLessThan(12 * 1024);
  });

  it('links every docs/ page', () => {
    const pages = readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.filter((p) => !readme.includes(`(docs/${p}`))).toEqual([]);
  });

  it('names the two set-up commands', () => {
    expect(readme).toContain('npm ci && npm run synth');
    expect(readme).toContain('npm test');
  });

  it('links no docs page that does not exist', () => {
    const linked = [...readme.matchAll(/\(docs\/([a-z0-9-]+\.md)/g)].map((m) => m[1]);
    const pages = new Set(readdirSync(join(ROOT, 'docs')));
    expect(linked.filter((p) => !pages.has(p))).toEqual([]);
  });
});
