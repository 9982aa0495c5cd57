/**
 * CLI: promote a change to the next rollout ring.
 *
 *   karpenter-gitops promote --to <ring> [--remote origin] [--clusters DIR] [--push]
 *
 * Rings (`gitops.rings` in clusters/_defaults.yaml) are in promotion order; each ring's clusters
 * track the ring's branch (`targetRevision`). Promoting to ring N moves ring N's branch to the
 * commit ring N-1's branch is at, fast-forward only, so ring N gets exactly what ring N-1 runs.
 * Without `--push` it prints the `git push` to run; with `--push` it runs it.
 * Exit 0 on success, 1 when the fleet or the promotion is refused, 2 on a usage error.
 */
import { execFileSync } from 'child_process';
import { CliIo, EXIT_OK, EXIT_USER_ERROR } from '../io/cli-common';
import { defineCommand } from '../io/command';
import { Diagnostic, formatDiagnostic, sortDiagnostics, UserError } from '../model/diagnostics';
import { didYouMean } from '../model/did-you-mean';
import { DEFAULTS_FILE, DEFAULT_CLUSTERS_DIR, loadFleet } from '../model/load-fleet';
import { FleetModel, RingModel } from '../model/fleet-model';

export interface PromoteOptions {
  readonly to: string;
  /** @default 'origin' */
  readonly remote: string;
  /** @default 'clusters' */
  readonly clustersDir: string;
  /** @default false (print the push command) */
  readonly push: boolean;
}

export interface PromotionPlan {
  readonly from: RingModel;
  readonly to: RingModel;
  /** Clusters of the target ring, sorted. */
  readonly clusters: readonly string[];
  readonly distPath: string;
}

/** The rings a promotion moves between; refuses a ring that does not exist or is the first. */
export function planPromotion(fleet: FleetModel, to: string, clustersDir: string): PromotionPlan {
  const rings = fleet.clusters[0]?.gitops.rings ?? [];
  const at: Diagnostic = {
    severity: 'error',
    file: `${clustersDir}/${DEFAULTS_FILE}`,
    line: 0,
    col: 0,
    path: 'gitops.rings',
    message: '',
  };
  if (rings.length === 0) {
    throw new UserError([
      {
        ...at,
        message: 'the fleet has no rollout rings, so there is nothing to promote',
        fix: 'List the rings in promotion order under gitops.rings and give every cluster a gitops.ring',
      },
    ]);
  }
  const names = rings.map((r) => r.name);
  const index = names.indexOf(to);
  if (index < 0) {
    const guess = didYouMean(to, names);
    throw new UserError([
      {
        ...at,
        message: `--to ${to}: ring '${to}' does not exist`,
        fix: `${guess !== undefined ? `Did you mean '${guess}'? ` : ''}Rings in promotion order: ${names.join(', ')}`,
      },
    ]);
  }
  if (index === 0) {
    throw new UserError([
      {
        ...at,
        message: `--to ${to}: '${to}' is the first ring; it tracks ${rings[0].targetRevision}, where changes arrive by merge`,
        fix: `Promote to the next ring instead (${names[1] ?? 'there is none'})`,
      },
    ]);
  }
  const clusters = fleet.clusters.filter((c) => c.gitops.ring === to);
  return {
    from: rings[index - 1],
    to: rings[index],
    clusters: clusters.map((c) => c.name).sort(),
    distPath: clusters[0]?.gitops.distPath ?? 'dist',
  };
}

export type Git = (...args: string[]) => string;

export function gitIn(cwd: string): Git {
  return (...args) =>
    execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** The commit a ring's branch is at: the remote's branch if fetched, else a local branch or tag. */
function resolveRevision(git: Git, remote: string, revision: string): string | undefined {
  for (const ref of [`refs/remotes/${remote}/${revision}`, revision]) {
    try {
      return git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
    } catch {
      // try the next form
    }
  }
  return undefined;
}

function isAncestor(git: Git, older: string, newer: string): boolean {
  try {
    git('merge-base', '--is-ancestor', older, newer);
    return true;
  } catch {
    return false;
  }
}

/** Runs a promotion; returns the lines to print. Throws UserError when git refuses it. */
export function promote(plan: PromotionPlan, options: PromoteOptions, git: Git): string[] {
  const refuse = (message: string, fix: string) =>
    new UserError([{ severity: 'error', file: '--to', line: 0, col: 0, path: '', message, fix }]);
  const source = resolveRevision(git, options.remote, plan.from.targetRevision);
  if (source === undefined) {
    throw refuse(
      `ring '${plan.from.name}' tracks ${plan.from.targetRevision}, which is neither ${options.remote}/${plan.from.targetRevision} nor a local branch or tag`,
      `Run git fetch ${options.remote}, or promote to ${plan.from.name} first`,
    );
  }
  const current = resolveRevision(git, options.remote, plan.to.targetRevision);
  const short = (sha: string) => sha.slice(0, 12);
  const lines = [
    `Promote ring ${plan.to.name} (${plan.clusters.join(', ')}) to what ring ${plan.from.name} runs: ${plan.from.targetRevision} at ${short(source)}`,
  ];
  if (current !== undefined) {
    if (current === source)
      return [...lines, `${plan.to.targetRevision} is already at ${short(source)}: nothing to promote`];
    if (!isAncestor(git, current, source)) {
      throw refuse(
        `${plan.to.targetRevision} (${short(current)}) has commits that ${plan.from.targetRevision} (${short(source)}) does not have, so moving it would drop them`,
        `Merge them into ${plan.from.targetRevision} and promote through ${plan.from.name} first`,
      );
    }
    const commits = git('rev-list', '--count', `${current}..${source}`);
    lines.push(
      `${plan.to.targetRevision}: ${short(current)} → ${short(source)} (${commits} commit${commits === '1' ? '' : 's'})`,
    );
  } else {
    lines.push(`${plan.to.targetRevision}: new branch at ${short(source)}`);
  }
  const dirs = plan.clusters.map((c) => `${plan.distPath === '.' ? '' : `${plan.distPath}/`}${c}/`);
  const changed =
    current === undefined
      ? []
      : git('diff', '--name-only', current, source, '--', ...dirs)
          .split('\n')
          .filter((l) => l !== '');
  if (current !== undefined) {
    lines.push(
      changed.length === 0
        ? `No generated file of ring ${plan.to.name} changes`
        : `Generated files of ring ${plan.to.name} that change (${changed.length}):`,
      ...changed.map((f) => `  ${f}`),
    );
  }
  const push = ['push', options.remote, `${source}:refs/heads/${plan.to.targetRevision}`];
  if (options.push) {
    git(...push);
    lines.push(`Pushed ${short(source)} to ${options.remote} ${plan.to.targetRevision}`);
  } else {
    lines.push(`Run: git ${push.join(' ')}`);
  }
  return lines;
}

export const promoteCommand = defineCommand({
  name: 'promote',
  summary: "move a rollout ring's branch to what the previous ring runs (fast-forward only)",
  description:
    'Rings (gitops.rings in clusters/_defaults.yaml) are in promotion order; each ring tracks its\n' +
    "branch. Promoting to ring N moves ring N's branch to the commit ring N-1's branch is at.\n" +
    'Without --push it prints the git push to run.',
  options: {
    to: { type: 'string', value: 'RING', required: true, description: 'the ring to promote' },
    remote: { type: 'string', value: 'NAME', description: 'git remote', defaultText: 'origin' },
    clusters: {
      type: 'string',
      value: 'DIR',
      description: 'folder of the fleet description',
      defaultText: 'clusters',
    },
    push: { type: 'boolean', description: 'run the git push instead of printing it' },
  },
  exitCodes: '0 promoted (or nothing to promote), 1 the fleet or the promotion is refused, 2 usage error',
  run: ({ values }, io) =>
    promoteRun(
      {
        to: values.to,
        remote: values.remote ?? 'origin',
        clustersDir: values.clusters ?? DEFAULT_CLUSTERS_DIR,
        push: values.push,
      },
      io,
    ),
});

/** `promote` with parsed options, in the repository at the working folder. */
export function promoteRun(options: PromoteOptions, io: CliIo): number {
  const cwd = io.cwd;
  try {
    const { fleet } = loadFleet(cwd, { clustersDir: options.clustersDir });
    const plan = planPromotion(fleet, options.to, options.clustersDir);
    for (const line of promote(plan, options, gitIn(cwd))) io.out(line);
    return EXIT_OK;
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    for (const d of sortDiagnostics(e.diagnostics)) io.err(formatDiagnostic(d));
    return EXIT_USER_ERROR;
  }
}
