/** npm run promote: moves a ring's branch to what the previous ring runs, in a real git repository. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { formatDiagnostic } from '../../model/shared/diagnostics';
import { loadFleet } from '../../io/read-fleet';
import { runCommand } from '../../io/command';
import { Git, planPromotion, promote, promoteCommand } from '../../promote/promote';
import { parsePromoteArgs } from './promote-cli';
import { git as gitAt } from '../review/git-fixtures';
import { minimalFor, refusalOf } from '../support/fleet-files';

const DEFAULTS = `gitops:
  repoURL: https://github.com/example/platform-gitops.git
  rings:
    - name: canary
      targetRevision: main
    - name: staging
    - name: prod
`;

const cluster = (ring: string) => `${minimalFor(`${ring}-cluster`)}  ring: ${ring}\n`;

function write(root: string, rel: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

/** A project with three clusters in rings canary (a), staging (b), prod (c), pushed to a bare origin. */
function project(): { dir: string; git: Git } {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'promote-'));
  const dir = path.join(tmp, 'work');
  gitAt(tmp, 'init', '-q', '--bare', 'origin.git');
  fs.mkdirSync(dir);
  gitAt(dir, 'init', '-q', '-b', 'main');
  gitAt(dir, 'remote', 'add', 'origin', path.join(tmp, 'origin.git'));
  write(dir, 'clusters/_defaults.yaml', DEFAULTS);
  write(dir, 'clusters/a.yaml', cluster('canary'));
  write(dir, 'clusters/b.yaml', cluster('staging'));
  write(dir, 'clusters/c.yaml', cluster('prod'));
  for (const c of ['a', 'b', 'c']) write(dir, `dist/${c}/values/karpenter.yaml`, 'replicas: 2\n');
  gitAt(dir, 'add', '.');
  gitAt(dir, 'commit', '-q', '-m', 'fleet');
  gitAt(dir, 'push', '-q', 'origin', 'main');
  return { dir, git: (...args) => gitAt(dir, ...args).trim() };
}

const plan = (dir: string, to: string) => planPromotion(loadFleet(dir).fleet, to, 'clusters');
const options = (to: string, push = false) => ({ to, remote: 'origin', clustersDir: 'clusters', push });

function refusal(f: () => unknown): string[] {
  return refusalOf(f).map(formatDiagnostic);
}

describe('npm run promote', () => {
  it('moves the next ring’s branch to the previous ring’s commit, then to the next, in order', () => {
    const { dir, git } = project();
    const main1 = git('rev-parse', 'main');
    const first = promote(plan(dir, 'staging'), options('staging', true), git);
    expect(first).toEqual([
      `Promote ring staging (b) to what ring canary runs: main at ${main1.slice(0, 12)}`,
      `ring/staging: new branch at ${main1.slice(0, 12)}`,
      `Pushed ${main1.slice(0, 12)} to origin ring/staging`,
    ]);
    expect(git('rev-parse', 'refs/remotes/origin/ring/staging')).toBe(main1);

    // A change to the staging cluster's output lands on main: canary has it, staging not yet.
    write(dir, 'dist/b/values/karpenter.yaml', 'replicas: 3\n');
    write(dir, 'dist/a/values/karpenter.yaml', 'replicas: 3\n');
    git('commit', '-q', '-am', 'replicas 3');
    git('push', '-q', 'origin', 'main');
    const main2 = git('rev-parse', 'main');
    expect(promote(plan(dir, 'staging'), options('staging'), git)).toEqual([
      `Promote ring staging (b) to what ring canary runs: main at ${main2.slice(0, 12)}`,
      `ring/staging: ${main1.slice(0, 12)} → ${main2.slice(0, 12)} (1 commit)`,
      'Generated files of ring staging that change (1):',
      '  dist/b/values/karpenter.yaml',
      `Run: git push origin ${main2}:refs/heads/ring/staging`,
    ]);
    // prod follows staging, not main: it gets main1 until staging is promoted.
    expect(promote(plan(dir, 'prod'), options('prod', true), git)[1]).toBe(
      `ring/prod: new branch at ${main1.slice(0, 12)}`,
    );
    expect(git('rev-parse', 'refs/remotes/origin/ring/prod')).toBe(main1);
  });

  it('refuses a ring that does not exist, the first ring, and a move that would drop commits', () => {
    const { dir, git } = project();
    expect(refusal(() => plan(dir, 'prd'))).toEqual([
      "clusters/_defaults.yaml: gitops.rings: --to prd: ring 'prd' does not exist. Did you mean 'prod'? Rings in promotion order: canary, staging, prod.",
    ]);
    expect(refusal(() => plan(dir, 'canary'))).toEqual([
      "clusters/_defaults.yaml: gitops.rings: --to canary: 'canary' is the first ring; it tracks main, where changes arrive by merge. Promote to the next ring instead (staging).",
    ]);
    // A hotfix committed straight to ring/staging.
    git('checkout', '-q', '-b', 'ring/staging');
    write(dir, 'dist/b/values/karpenter.yaml', 'replicas: 5\n');
    git('commit', '-q', '-am', 'hotfix');
    git('push', '-q', 'origin', 'ring/staging');
    git('checkout', '-q', 'main');
    const [line] = refusal(() => promote(plan(dir, 'staging'), options('staging'), git));
    expect(line).toMatch(
      /^--to: ring\/staging \([0-9a-f]{12}\) has commits that main \([0-9a-f]{12}\) does not have, so moving it would drop them\. Merge them into main and promote through canary first\.$/,
    );
  });

  it('parses its arguments through the command frame', async () => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (l: string) => err.push(l), cwd: '/nonexistent' };
    expect(await runCommand('promote', promoteCommand, [], io)).toBe(2);
    expect(err[0]).toBe('karpenter-gitops promote: --to is required (RING).');
    expect(await runCommand('promote', promoteCommand, ['--to'], io)).toBe(2);
    expect(err[3]).toBe('karpenter-gitops promote: --to needs a value (RING).');
    expect(await runCommand('promote', promoteCommand, ['--to=prod', '--psh'], io)).toBe(2);
    expect(err[6]).toBe("karpenter-gitops promote: unknown option '--psh'; did you mean '--push'?");
  });

  it('maps its arguments to the options of the gate', () => {
    expect(parsePromoteArgs(['--to', 'prod', '--push'])).toEqual({
      to: 'prod',
      remote: 'origin',
      clustersDir: 'clusters',
      push: true,
      wait: undefined,
      force: false,
      format: 'text',
      managementContext: undefined,
      contexts: {},
      kubeconfig: undefined,
      printRbac: false,
    });
    expect(() => parsePromoteArgs([])).toThrow('--to is required (RING)');
    expect(
      parsePromoteArgs([
        '--to',
        'prod',
        '--wait',
        '--force',
        '--format',
        'json',
        '--management-context',
        'mgmt',
        '--context',
        'a=ctx-a',
        '--context',
        'b=arn:aws:eks:eu-west-1:111122223333:cluster/b',
        '--kubeconfig',
        'kc',
      ]),
    ).toMatchObject({
      wait: 30 * 60 * 1000,
      force: true,
      format: 'json',
      managementContext: 'mgmt',
      contexts: { a: 'ctx-a', b: 'arn:aws:eks:eu-west-1:111122223333:cluster/b' },
      kubeconfig: 'kc',
    });
    expect(parsePromoteArgs(['--to', 'prod', '--wait', '1h30m']).wait).toBe(90 * 60 * 1000);
    expect(parsePromoteArgs(['--print-rbac']).printRbac).toBe(true);
    expect(() => parsePromoteArgs(['--to', 'prod', '--wait', 'soon'])).toThrow(
      '--wait soon: not a duration (e.g. 90s, 10m, 1h30m)',
    );
    expect(() => parsePromoteArgs(['--to', 'prod', '--context', 'a'])).toThrow(
      '--context a: use CLUSTER=CONTEXT',
    );
    expect(() => parsePromoteArgs(['--to', 'prod', '--format', 'yaml'])).toThrow(
      "--format must be one of text, json, not 'yaml'",
    );
  });
});
