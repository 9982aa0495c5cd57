/**
 * `promote` with its gate: before the target ring's branch moves, every cluster of the previous
 * ring must have landed the commit being promoted (Argo CD synced there and healthy, Karpenter
 * Ready with no drifted or launching nodes). `--force` skips the gate, loudly; `--wait` polls.
 * Returns the exit code; prints progress and the verdict through `io`.
 */
import { UserError, FleetModel, wholeFileError } from '../model';
import { gitContains } from './git-contains';
import { progressLines } from './gate-report';
import { KubeContexts } from './kube-reader';
import { checkLanded, GateReport, waitUntilLanded } from './landed-gate';
import { checkContextClusters, landedTargets } from './landed-targets';
import { shortSha } from './gate-problem';

type Git = (...args: string[]) => string;

export interface GateOptions {
  readonly ring: string;
  /** The commit being promoted (what the previous ring's branch points at). */
  readonly commit: string;
  /** Polling budget in milliseconds. @default undefined (check once) */
  readonly waitMs?: number;
  /** @default the kubeconfig's current context */
  readonly managementContext?: string;
  /** Cluster → workload context. @default each cluster's Argo CD destination name */
  readonly contexts: Readonly<Record<string, string>>;
  /** @default KUBECONFIG, then ~/.kube/config */
  readonly kubeconfig?: string;
}

export interface GateTiming {
  /** Between two checks of `--wait`. @default 15 000 */
  readonly intervalMs?: number;
  /** One API request. @default 10 000 */
  readonly requestTimeoutMs?: number;
  /** @default Date.now */
  readonly now?: () => number;
  /** @default a timer */
  readonly sleep?: (ms: number) => Promise<void>;
}

export interface GateOutcome {
  readonly report: GateReport;
  readonly checks: number;
  readonly timedOut: boolean;
}

/** Runs the gate for the clusters of `options.ring`; `progress` receives each check's lines. */
export async function runGate(
  fleet: FleetModel,
  options: GateOptions,
  git: Git,
  progress: (lines: readonly string[], check: number) => void,
  timing: GateTiming = {},
): Promise<GateOutcome> {
  checkContextClusters(options.contexts, fleet.clusters);
  const ringClusters = fleet.clusters.filter((c) => c.gitops.ring === options.ring);
  const targets = landedTargets(ringClusters, options.commit, git, options.contexts);
  const kube = new KubeContexts({ kubeconfig: options.kubeconfig });
  const requestTimeoutMs = timing.requestTimeoutMs ?? 10_000;
  const managementContext = options.managementContext ?? kube.current;
  if (managementContext === undefined) {
    throw new UserError([
      wholeFileError(
        '--management-context',
        'the kubeconfig has no current context, so the Argo CD management cluster is unknown',
        'Pass --management-context <kubeconfig context of the cluster Argo CD runs in>',
      ),
    ]);
  }
  const readers = new Map<string, ReturnType<KubeContexts['reader']>>();
  const readerFor = (context: string) => {
    const reader = readers.get(context) ?? kube.reader(context, requestTimeoutMs);
    readers.set(context, reader);
    return reader;
  };
  const access = { management: readerFor(managementContext), readerFor, contains: gitContains(git) };
  const check = () => checkLanded(options.ring, options.commit, targets, access);
  if (options.waitMs === undefined) {
    const report = await check();
    progress(progressLines(report), 1);
    return { report, checks: 1, timedOut: false };
  }
  return waitUntilLanded(check, {
    timeoutMs: options.waitMs,
    intervalMs: timing.intervalMs ?? 15_000,
    now: timing.now,
    sleep: timing.sleep,
    onCheck: (report, n) => progress(progressLines(report), n),
  });
}

/** The loud notice of `--force`. */
export function forcedLines(ring: string, commit: string, clusters: readonly string[]): string[] {
  return [
    `WARNING: --force: the landed gate is SKIPPED. Nobody checked that ring ${ring} (${clusters.join(', ')}) runs ${shortSha(commit)} synced, healthy and without drifted nodes.`,
  ];
}
