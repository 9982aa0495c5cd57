/** The branch init writes as the one Argo CD tracks, read from real git repositories. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { branchNameProblem, FALLBACK_BRANCH, Git, trackedBranch } from '../../init/tracked-branch';

let dir: string;
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
    cwd,
    stdio: 'pipe',
  });
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kg-branch-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('trackedBranch', () => {
  it('outside a git repository: --branch as given, else main', () => {
    expect(trackedBranch(dir, undefined)).toEqual({
      branch: FALLBACK_BRANCH,
      source: 'no git repository: the default',
    });
    expect(trackedBranch(dir, 'prod')).toEqual({ branch: 'prod', source: '--branch' });
  });

  it('a new repository without commits: its (unborn) current branch', () => {
    git(dir, 'init', '-q', '-b', 'trunk');
    expect(trackedBranch(dir, undefined)).toEqual({ branch: 'trunk', source: 'the current branch' });
  });

  it("a clone on a feature branch: origin's default branch, which pull requests merge into", () => {
    const origin = join(dir, 'origin');
    git(dir, 'init', '-q', '-b', 'release', origin);
    writeFileSync(join(origin, 'a'), 'a');
    git(origin, 'add', 'a');
    git(origin, 'commit', '-qm', 'a');
    git(dir, 'clone', '-q', origin, 'work');
    const work = join(dir, 'work');
    git(work, 'checkout', '-q', '-b', 'add-karpenter');
    expect(trackedBranch(work, undefined)).toEqual({ branch: 'release', source: "origin's default branch" });
    // A branch that exists on origin only is no warning.
    expect(trackedBranch(work, 'release')).toEqual({ branch: 'release', source: '--branch' });
    expect(trackedBranch(work, 'add-karpenter')).toEqual({ branch: 'add-karpenter', source: '--branch' });
    expect(trackedBranch(work, 'nowhere')).toEqual({
      branch: 'nowhere',
      source: '--branch',
      warning: "branch 'nowhere' does not exist here or on origin yet; Argo CD reads it once it is pushed",
    });
  });

  it('a detached HEAD without origin: main', () => {
    git(dir, 'init', '-q', '-b', 'x');
    writeFileSync(join(dir, 'a'), 'a');
    git(dir, 'add', 'a');
    git(dir, 'commit', '-qm', 'a');
    git(dir, 'checkout', '-q', '--detach');
    expect(trackedBranch(dir, undefined)).toEqual({ branch: 'main', source: 'a detached HEAD: the default' });
  });

  it('without git installed: as outside a repository', () => {
    const none: Git = () => undefined;
    expect(trackedBranch(dir, undefined, none).branch).toBe('main');
    expect(trackedBranch(dir, 'prod', none)).toEqual({ branch: 'prod', source: '--branch' });
  });
});

describe('branchNameProblem', () => {
  it.each(['main', 'release/2026-11', 'gitops_prod', 'v1.2'])('accepts %s', (name) => {
    expect(branchNameProblem(name, dir)).toBeUndefined();
  });

  it.each(['my branch', 'a..b', 'x~1', 'ends/', '-lead', 'a:b', 'x.lock', ''])('refuses %j', (name) => {
    expect(branchNameProblem(name, dir)).toMatch(/^--branch '.*' is not a valid git branch name/);
  });
});
