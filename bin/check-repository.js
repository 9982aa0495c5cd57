#!/usr/bin/env node
/**
 * Where the package lives, from one place: package.json `repository.url` names the GitHub
 * repository; `homepage` and `bugs` must be derived from it exactly (its README and its issue
 * tracker), so that none of the three can point elsewhere. The release workflow runs this with
 * the repository it runs in (GITHUB_REPOSITORY, `owner/name`) and stops before publishing when
 * they differ: npm provenance states which repository built the package, and a fork publishing
 * under the original's `repository` would state something false.
 *
 *   node bin/check-repository.js [owner/name]    exit 0 consistent, 1 a problem (each printed)
 *
 * Plain JavaScript: it runs before anything is built.
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS, runs before any build */
const fs = require('node:fs');
const path = require('node:path');

const GITHUB = /^(?:git\+)?https:\/\/github\.com\/([A-Za-z0-9-]+\/[A-Za-z0-9._-]+?)(?:\.git)?$/;

/** `owner/name` of the package's repository, or undefined when `repository.url` is not a GitHub URL. */
function repositorySlug(pkg) {
  const url = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository && pkg.repository.url;
  const m = typeof url === 'string' ? GITHUB.exec(url) : null;
  return m ? m[1] : undefined;
}

/** What homepage and bugs must be for a repository `owner/name`. */
function derivedUrls(slug) {
  return {
    homepage: `https://github.com/${slug}#readme`,
    bugs: `https://github.com/${slug}/issues`,
  };
}

/** Every inconsistency, as sentences that say how to fix it; [] when there is none. */
function repositoryProblems(pkg, githubRepository) {
  const slug = repositorySlug(pkg);
  if (slug === undefined)
    return [
      'package.json: repository.url must be the GitHub repository, e.g. "git+https://github.com/OWNER/NAME.git".',
    ];
  const problems = [];
  const want = derivedUrls(slug);
  const bugs = typeof pkg.bugs === 'string' ? pkg.bugs : pkg.bugs && pkg.bugs.url;
  if (pkg.homepage !== want.homepage)
    problems.push(`package.json: homepage is ${JSON.stringify(pkg.homepage)}; set it to "${want.homepage}".`);
  if (bugs !== want.bugs)
    problems.push(`package.json: bugs is ${JSON.stringify(bugs)}; set it to "${want.bugs}".`);
  if (githubRepository !== undefined && githubRepository.toLowerCase() !== slug.toLowerCase())
    problems.push(
      `package.json: repository is ${slug}, but this workflow runs in ${githubRepository}. ` +
        'Publishing from here would attach provenance for another repository: set repository, ' +
        'homepage and bugs in package.json to this repository (or publish from the one named there).',
    );
  return problems;
}

module.exports = { repositorySlug, derivedUrls, repositoryProblems };

if (require.main === module) {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'));
  const problems = repositoryProblems(pkg, process.argv[2]);
  for (const p of problems) process.stderr.write(`check-repository: ${p}\n`);
  if (problems.length === 0)
    process.stdout.write(`check-repository: package.json names ${repositorySlug(pkg)}\n`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
