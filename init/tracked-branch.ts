/**
 * The branch Argo CD tracks (the fleet's `gitops.targetRevision`, and the branch the PR workflow
 * checks on push), as `init` finds it: `--branch`, else origin's default branch (what pull
 * requests merge into, also when init runs on a feature branch), else the current branch, else
 * `main`. Read with git; a folder that is not a git repository, or git missing, falls through.
 *
 * A `--branch` that names no branch here or on origin is a warning, not a failure: Argo CD reads
 * it once it is pushed.
 */
import { spawnSync } from 'node:child_process';

/** Used when neither `--branch` nor git names a branch. */
export const FALLBACK_BRANCH = 'main';

export interface TrackedBranch {
  readonly branch: string;
  /** Where it came from, for init's output: `--branch`, `origin's default branch` ... */
  readonly source: string;
  /** A sentence for stderr when the branch does not exist (yet). */
  readonly warning?: string;
}

/** Runs git in `cwd`: trimmed stdout when it exits 0, else undefined (also when git is missing). */
export type Git = (cwd: string, ...args: string[]) => string | undefined;

export const runGit: Git = (cwd, ...args) => {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return r.status === 0 ? r.stdout.trim() : undefined;
};

/** The URL of the repository's `origin` remote (`git remote get-url origin`), if it has one. */
export function originUrl(root: string, git: Git = runGit): string | undefined {
  const url = git(root, 'remote', 'get-url', 'origin');
  return url === undefined || url === '' ? undefined : url;
}

/** A branch name git accepts (`git check-ref-format --branch`), or a sentence saying why not. */
export function branchNameProblem(name: string, cwd: string, git: Git = runGit): string | undefined {
  // Checked without git too: what a ref name can never hold (git-check-ref-format(1)).
  // eslint-disable-next-line no-control-regex
  const never = /[\s~^:?*[\\\x00-\x1f\x7f]|\.\.|@\{|^[-/.]|[/.]$|\/\/|\.lock$|^@$/;
  if (name === '' || never.test(name))
    return `--branch '${name}' is not a valid git branch name (no spaces, '..', '~', '^', ':', '?', '*', '[' or '\\')`;
  const checked = git(cwd, 'check-ref-format', '--branch', name);
  if (checked === undefined && git(cwd, '--version') !== undefined)
    return `--branch '${name}' is not a valid git branch name`;
  return undefined;
}

/** The branch Argo CD tracks for the repository at `root`; `given` is `--branch`. */
export function trackedBranch(root: string, given: string | undefined, git: Git = runGit): TrackedBranch {
  const inRepo = git(root, 'rev-parse', '--is-inside-work-tree') === 'true';
  if (given !== undefined) {
    if (!inRepo) return { branch: given, source: '--branch' };
    const exists =
      git(root, 'rev-parse', '--verify', '--quiet', `refs/heads/${given}`) !== undefined ||
      git(root, 'rev-parse', '--verify', '--quiet', `refs/remotes/origin/${given}`) !== undefined ||
      git(root, 'symbolic-ref', '--short', 'HEAD') === given;
    return exists
      ? { branch: given, source: '--branch' }
      : {
          branch: given,
          source: '--branch',
          warning: `branch '${given}' does not exist here or on origin yet; Argo CD reads it once it is pushed`,
        };
  }
  if (inRepo) {
    const remoteHead = git(root, 'symbolic-ref', '--short', 'refs/remotes/origin/HEAD');
    if (remoteHead !== undefined && remoteHead.startsWith('origin/') && remoteHead.length > 'origin/'.length)
      return { branch: remoteHead.slice('origin/'.length), source: "origin's default branch" };
    // Also on a repository without commits yet (an unborn branch).
    const current = git(root, 'symbolic-ref', '--short', 'HEAD');
    if (current !== undefined && current !== '') return { branch: current, source: 'the current branch' };
  }
  return {
    branch: FALLBACK_BRANCH,
    source: inRepo ? 'a detached HEAD: the default' : 'no git repository: the default',
  };
}
