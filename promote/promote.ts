/**
 * CLI: promote a change to the next rollout ring.
 *
 *   karpenter-gitops promote --to <ring> [--remote origin] [--clusters DIR] [--push]
 *                      [--wait [DURATION]] [--force] [--format text|json]
 *                      [--management-context CONTEXT] [--context CLUSTER=CONTEXT]... [--kubeconfig FILE]
 *   karpenter-gitops promote --print-rbac
 *
 * Rings (`gitops.rings` in clusters/_defaults.yaml) are in promotion order; each ring's clusters
 * track the ring's branch (`targetRevision`). Promoting to ring N moves ring N's branch to the
 * commit ring N-1's branch is at, fast-forward only, so ring N gets exactly what ring N-1 runs.
 * Without `--push` it prints the `git push` to run; with `--push` it runs it.
 * First it checks that every cluster of ring N-1 has landed that commit (gated-promote.ts); a
 * cluster that has not, or cannot be read, refuses the promotion unless `--force`.
 * Exit 0 on success, 1 when the fleet or the promotion is refused, 2 on a usage error.
 */
import { execFileSync } from 'child_process';
import { CliIo, EXIT_OK, EXIT_USER_ERROR } from '../io/cli-common';
import { AnyCommand, defineCommand, OptionValues, usageError } from '../io/command';
import {
  Diagnostic,
  formatDiagnostic,
  sortDiagnostics,
  UserError,
  didYouMean,
  FleetModel,
  RingModel,
  wholeFileError,
} from '../model';
import { DEFAULTS_FILE } from '../model/load-fleet';
import { DEFAULT_CLUSTERS_DIR, loadFleet } from '../io/read-fleet';
import { gateRbacYaml } from './gate-rbac';
import { verdictLines } from './gate-report';
import { forcedLines, GateOutcome, GateTiming, runGate } from './gated-promote';
import { KubeAccessError } from './kube-reader';
import { DEFAULT_WAIT, parseWaitDuration } from './wait-duration';

export interface PromoteOptions {
  readonly to: string;
  /** @default 'origin' */
  readonly remote: string;
  /** @default 'clusters' */
  readonly clustersDir: string;
  /** @default false (print the push command) */
  readonly push: boolean;
  /** `--wait [DURATION]`: poll the gate this long (ms). @default undefined (check once) */
  readonly wait?: number;
  /** @default false (gated) */
  readonly force: boolean;
  /** @default 'text' */
  readonly format: 'text' | 'json';
  /** @default undefined (the kubeconfig's current context) */
  readonly managementContext?: string;
  /** `--context CLUSTER=CONTEXT`, repeatable. @default {} (each cluster's Argo CD destination name) */
  readonly contexts: Readonly<Record<string, string>>;
  /** @default undefined (KUBECONFIG, then ~/.kube/config) */
  readonly kubeconfig?: string;
  /** Print the gate's read-only ClusterRole and exit. @default false */
  readonly printRbac: boolean;
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
export function resolveRevision(git: Git, remote: string, revision: string): string | undefined {
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
export function promote(
  plan: PromotionPlan,
  options: Pick<PromoteOptions, 'remote' | 'push'>,
  git: Git,
): string[] {
  const refuse = (message: string, fix: string) => new UserError([wholeFileError('--to', message, fix)]);
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

/**
 * The gate, then the promotion: refuses (exit 1, nothing pushed) unless every cluster of the
 * previous ring has landed the commit, or `--force` is given.
 */
export async function gatedPromote(
  fleet: FleetModel,
  plan: PromotionPlan,
  options: PromoteOptions,
  git: Git,
  io: PromoteIo,
  timing: GateTiming = {},
): Promise<number> {
  const json = options.format === 'json';
  const source = resolveRevision(git, options.remote, plan.from.targetRevision);
  const current = resolveRevision(git, options.remote, plan.to.targetRevision);
  const fromClusters = fleet.clusters
    .filter((c) => c.gitops.ring === plan.from.name)
    .map((c) => c.name)
    .sort();
  let gate: GateOutcome | undefined;
  // Nothing to gate when the promotion itself will be refused or is a no-op: promote() says why.
  if (source !== undefined && source !== current) {
    if (options.force) {
      for (const line of forcedLines(plan.from.name, source, fromClusters)) io.err(line);
    } else {
      gate = await runGate(
        fleet,
        { ...options, ring: plan.from.name, commit: source, waitMs: options.wait },
        git,
        (lines, check) => {
          for (const line of lines)
            (json ? io.err : io.out)(options.wait === undefined ? line : `[check ${check}] ${line}`);
        },
        timing,
      );
      if (!gate.report.landed) {
        const verdict = verdictLines(gate.report, gate.timedOut);
        if (json) io.out(JSON.stringify(promoteJson(options, gate, null), null, 2));
        for (const line of verdict) io.err(line);
        return 1;
      }
      for (const line of verdictLines(gate.report, gate.timedOut)) (json ? io.err : io.out)(line);
    }
  }
  const lines = promote(plan, options, git);
  if (json) io.out(JSON.stringify(promoteJson(options, gate, lines), null, 2));
  else for (const line of lines) io.out(line);
  return 0;
}

/** `--format json`: the gate's report and the promotion's lines (null when refused). */
function promoteJson(
  options: PromoteOptions,
  gate: GateOutcome | undefined,
  promotion: readonly string[] | null,
) {
  return {
    to: options.to,
    forced: options.force,
    gate: gate === undefined ? null : { ...gate.report, checks: gate.checks, timedOut: gate.timedOut },
    promoted: promotion !== null,
    promotion,
  };
}

export type PromoteIo = Pick<CliIo, 'out' | 'err'>;

const PROMOTE_OPTIONS = {
  to: { type: 'string', value: 'RING', description: 'the ring to promote (required unless --print-rbac)' },
  remote: { type: 'string', value: 'NAME', description: 'git remote', defaultText: 'origin' },
  clusters: {
    type: 'string',
    value: 'DIR',
    description: 'folder of the fleet description',
    defaultText: 'clusters',
  },
  push: { type: 'boolean', description: 'run the git push instead of printing it' },
  wait: {
    type: 'string',
    value: 'DURATION',
    implicitValue: DEFAULT_WAIT,
    description: 'poll the gate until the previous ring has landed, at most this long (90s, 10m, 1h30m)',
  },
  force: { type: 'boolean', description: 'skip the landed gate (says so loudly)' },
  format: {
    type: 'string',
    value: 'FORMAT',
    choices: ['text', 'json'],
    description: 'output format',
    defaultText: 'text',
  },
  'management-context': {
    type: 'string',
    value: 'CONTEXT',
    description: 'kubeconfig context of the Argo CD management cluster',
    defaultText: "the kubeconfig's current context",
  },
  context: {
    type: 'string',
    value: 'CLUSTER=CONTEXT',
    multiple: true,
    description: 'kubeconfig context of a workload cluster',
    defaultText: "the cluster's Argo CD destination name",
  },
  kubeconfig: {
    type: 'string',
    value: 'FILE',
    description: 'kubeconfig file',
    defaultText: 'KUBECONFIG, then ~/.kube/config',
  },
  'print-rbac': { type: 'boolean', description: "print the gate's read-only ClusterRole and exit" },
} as const;

export const promoteCommand: AnyCommand = defineCommand({
  name: 'promote',
  summary: "move a rollout ring's branch to what the previous ring runs, once that ring has landed it",
  description:
    'Rings (gitops.rings in clusters/_defaults.yaml) are in promotion order; each ring tracks its\n' +
    "branch. Promoting to ring N moves ring N's branch to the commit ring N-1's branch is at, after\n" +
    'checking that every cluster of ring N-1 has landed it (Argo CD synced and healthy at it, Karpenter\n' +
    'objects Ready, no drifted or launching nodes). Without --push it prints the git push to run.',
  options: PROMOTE_OPTIONS,
  usage: ['promote --print-rbac'],
  exitCodes:
    '0 promoted (or nothing to promote), 1 the fleet, the gate or the promotion refused it, 2 usage error',
  run: ({ values }, io) => {
    const options = promoteOptionsFrom(values);
    if (typeof options === 'string') return usageError('promote', promoteCommand, options, io);
    return promoteRun(options, io);
  },
});

/** The options of a parsed `promote` command line, or what is wrong with them (a usage error). */
export function promoteOptionsFrom(values: OptionValues<typeof PROMOTE_OPTIONS>): PromoteOptions | string {
  if (values.to === undefined && !values['print-rbac']) return '--to is required (RING)';
  let wait: number | undefined;
  if (values.wait !== undefined) {
    wait = parseWaitDuration(values.wait);
    if (wait === undefined) return `--wait ${values.wait}: not a duration (e.g. 90s, 10m, 1h30m)`;
  }
  const contexts: Record<string, string> = {};
  for (const v of values.context) {
    const eq = v.indexOf('=');
    if (eq <= 0 || eq === v.length - 1) return `--context ${v}: use CLUSTER=CONTEXT`;
    contexts[v.slice(0, eq)] = v.slice(eq + 1);
  }
  return {
    to: values.to ?? '',
    remote: values.remote ?? 'origin',
    clustersDir: values.clusters ?? DEFAULT_CLUSTERS_DIR,
    push: values.push,
    wait,
    force: values.force,
    format: values.format ?? 'text',
    managementContext: values['management-context'],
    contexts,
    kubeconfig: values.kubeconfig,
    printRbac: values['print-rbac'],
  };
}

/** `promote` with parsed options, in the repository at the working folder. */
export async function promoteRun(
  options: PromoteOptions,
  io: Pick<CliIo, 'out' | 'err' | 'cwd'>,
  timing: GateTiming = {},
): Promise<number> {
  if (options.printRbac) {
    io.out(gateRbacYaml().trimEnd());
    return EXIT_OK;
  }
  try {
    const { fleet } = loadFleet(io.cwd, { clustersDir: options.clustersDir });
    const plan = planPromotion(fleet, options.to, options.clustersDir);
    return await gatedPromote(fleet, plan, options, gitIn(io.cwd), io, timing);
  } catch (e) {
    if (e instanceof KubeAccessError) {
      io.err(`promote: ${e.message}; nothing is pushed`);
      return EXIT_USER_ERROR;
    }
    if (!(e instanceof UserError)) throw e;
    for (const d of sortDiagnostics(e.diagnostics)) io.err(formatDiagnostic(d));
    return EXIT_USER_ERROR;
  }
}
