/**
 * bin/check-repository.js: package.json says where the package lives once (`repository`), with
 * `homepage` and `bugs` derived from it; the release workflow fails in another repository.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the script is plain CommonJS
const script = require('../../bin/check-repository.js') as {
  repositorySlug(pkg: object): string | undefined;
  repositoryProblems(pkg: object, githubRepository?: string): string[];
};

const ROOT = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
const SCRIPT = join(ROOT, 'bin', 'check-repository.js');

describe('check-repository', () => {
  it('this package.json is consistent, and names a GitHub repository', () => {
    const slug = script.repositorySlug(pkg);
    expect(slug).toMatch(/^[\w-]+\/[\w.-]+$/);
    expect(script.repositoryProblems(pkg)).toEqual([]);
    expect(script.repositoryProblems(pkg, slug)).toEqual([]);
    // GitHub repository names compare without case.
    expect(script.repositoryProblems(pkg, slug?.toUpperCase())).toEqual([]);
  });

  it('a fork fails loudly, naming both repositories and what to change', () => {
    const r = spawnSync(process.execPath, [SCRIPT, 'someone/fork'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe(
      `check-repository: package.json: repository is ${script.repositorySlug(pkg)}, but this workflow runs in someone/fork. ` +
        'Publishing from here would attach provenance for another repository: set repository, homepage and bugs ' +
        'in package.json to this repository (or publish from the one named there).\n',
    );
    const ok = spawnSync(process.execPath, [SCRIPT, String(script.repositorySlug(pkg))], {
      encoding: 'utf8',
    });
    expect(ok.status).toBe(0);
  });

  it('homepage and bugs that drift from repository are problems, each with the value to set', () => {
    const base = {
      repository: { type: 'git', url: 'git+https://github.com/acme/tool.git' },
      homepage: 'https://github.com/acme/tool#readme',
      bugs: { url: 'https://github.com/acme/tool/issues' },
    };
    expect(script.repositoryProblems(base)).toEqual([]);
    expect(script.repositoryProblems({ ...base, homepage: 'https://example.com' })).toEqual([
      'package.json: homepage is "https://example.com"; set it to "https://github.com/acme/tool#readme".',
    ]);
    expect(script.repositoryProblems({ ...base, bugs: undefined })).toEqual([
      'package.json: bugs is undefined; set it to "https://github.com/acme/tool/issues".',
    ]);
    expect(script.repositoryProblems({ homepage: base.homepage })).toEqual([
      'package.json: repository.url must be the GitHub repository, e.g. "git+https://github.com/OWNER/NAME.git".',
    ]);
  });
});
