/**
 * The promotion gate: has every cluster of a ring landed a commit? One check reads the
 * Applications from the Argo CD management cluster (one list per Argo CD namespace) and the
 * Karpenter objects from each workload cluster, all clusters at once, and reports per cluster
 * what has landed and what is missing. A cluster that cannot be read (unreachable, timed out,
 * refused) has not landed, and its report says why. `waitUntilLanded` repeats the check.
 */
import { MANAGED_BY, TAGS } from '../model';
import { applicationMissing, Contains } from './application-landed';
import { GateProblem } from './gate-problem';
import { claimsByPool, notReady, poolNodeProblems, poolNodes } from './karpenter-landed';
import { KubeAccessError, KubeFault, KubeObject, KubeReader } from './kube-reader';
import { APPLICATIONS, EC2_NODE_CLASSES, NODE_CLAIMS, NODE_POOLS } from './kube-resources';
import { ClusterTarget } from './landed-targets';

export interface Count {
  readonly ready: number;
  readonly total: number;
}

/** One cluster's state; `landed` when it has no problem. */
export interface ClusterLanded {
  readonly cluster: string;
  readonly context: string;
  readonly landed: boolean;
  /** Undefined when the Argo CD management cluster could not be read. */
  readonly applications?: Count;
  /** Undefined when the workload cluster could not be read. */
  readonly nodePools?: Count;
  readonly nodeClasses?: Count;
  readonly nodes?: { readonly total: number; readonly drifted: number; readonly launching: number };
  readonly problems: readonly GateProblem[];
}

export interface GateReport {
  readonly ring: string;
  readonly commit: string;
  readonly landed: boolean;
  readonly clusters: readonly ClusterLanded[];
  /** Faults that waiting cannot cure (refused credentials or permissions, unknown context). */
  readonly fatal: boolean;
}

export interface GateAccess {
  /** The Argo CD management cluster. */
  readonly management: KubeReader;
  /** A reader for a workload cluster's context; may throw KubeAccessError (unknown context). */
  readonly readerFor: (context: string) => KubeReader;
  readonly contains: Contains;
}

const FATAL: readonly KubeFault[] = ['context', 'unauthorized', 'forbidden', 'not-found'];

type Read<T> = { readonly ok: T } | { readonly fault: KubeAccessError };

async function attempt<T>(read: () => Promise<T>): Promise<Read<T>> {
  try {
    return { ok: await read() };
  } catch (e) {
    if (e instanceof KubeAccessError) return { fault: e };
    throw e;
  }
}

function byName(objects: readonly KubeObject[]): Map<string, KubeObject> {
  return new Map(
    objects.flatMap((o) => (o.metadata?.name === undefined ? [] : [[o.metadata.name, o] as const])),
  );
}

interface WorkloadObjects {
  readonly pools: readonly KubeObject[];
  readonly classes: readonly KubeObject[];
  readonly claims: readonly KubeObject[];
}

async function readWorkload(access: GateAccess, context: string): Promise<WorkloadObjects> {
  const reader = access.readerFor(context);
  const [pools, classes, claims] = await Promise.all([
    reader.list(NODE_POOLS),
    reader.list(EC2_NODE_CLASSES),
    reader.list(NODE_CLAIMS),
  ]);
  return { pools, classes, claims };
}

function applicationsOf(
  target: ClusterTarget,
  apps: ReadonlyMap<string, KubeObject>,
  commit: string,
  access: GateAccess,
  problems: GateProblem[],
): Count {
  let ready = 0;
  for (const name of target.applications) {
    const app = apps.get(name);
    const missing =
      app === undefined
        ? `not found in namespace ${target.argocdNamespace} of the Argo CD management cluster`
        : applicationMissing(app, target.repoURL, commit, access.contains);
    if (missing === undefined) ready++;
    else problems.push({ cluster: target.cluster, kind: 'Application', name, message: missing });
  }
  return { ready, total: target.applications.length };
}

function karpenterOf(target: ClusterTarget, objects: WorkloadObjects, problems: GateProblem[]) {
  const pools = byName(objects.pools);
  const classes = byName(objects.classes);
  const claims = claimsByPool(objects.claims);
  const problem = (kind: string, name: string, message: string) =>
    problems.push({ cluster: target.cluster, kind, name, message });
  let classesReady = 0;
  for (const name of target.nodeClasses) {
    const nodeClass = classes.get(name);
    const why = nodeClass === undefined ? 'not found on the cluster' : notReady(nodeClass);
    if (why === undefined) classesReady++;
    else problem('EC2NodeClass', name, why);
  }
  let poolsReady = 0;
  const nodes = { total: 0, drifted: 0, launching: 0 };
  for (const name of target.nodePools) {
    const pool = pools.get(name);
    if (pool === undefined) {
      problem('NodePool', name, 'not found on the cluster');
      continue;
    }
    const why = notReady(pool);
    if (why === undefined) poolsReady++;
    else problem('NodePool', name, why);
    const counts = poolNodes(claims.get(name) ?? []);
    nodes.total += counts.total;
    nodes.drifted += counts.drifted;
    nodes.launching += counts.launching;
    for (const message of poolNodeProblems(pool, counts)) problem('NodePool', name, message);
  }
  return {
    nodeClasses: { ready: classesReady, total: target.nodeClasses.length },
    nodePools: { ready: poolsReady, total: target.nodePools.length },
    nodes,
  };
}

/** Checks once whether every target cluster has landed `commit`. */
export async function checkLanded(
  ring: string,
  commit: string,
  targets: readonly ClusterTarget[],
  access: GateAccess,
): Promise<GateReport> {
  const namespaces = [...new Set(targets.map((t) => t.argocdNamespace))].sort();
  const selector = `${TAGS.managedBy}=${MANAGED_BY}`;
  const [applications, workloads] = await Promise.all([
    Promise.all(
      namespaces.map(async (namespace) => {
        const read = await attempt(() =>
          access.management.list(APPLICATIONS, { namespace, labelSelector: selector }),
        );
        return [namespace, read] as const;
      }),
    ).then((reads) => new Map(reads)),
    Promise.all(targets.map((t) => attempt(() => readWorkload(access, t.context)))),
  ]);
  let fatal = false;
  const clusters = targets.map((target, i): ClusterLanded => {
    const problems: GateProblem[] = [];
    const unreadable = (context: string, fault: KubeAccessError) => {
      fatal ||= FATAL.includes(fault.fault);
      const note =
        fault.fault === 'timeout' || fault.fault === 'unreachable' ? ' (counted as not landed)' : '';
      problems.push({
        cluster: target.cluster,
        kind: 'context',
        name: context,
        message: `${fault.message}${note}`,
      });
    };
    const apps = applications.get(target.argocdNamespace);
    let appCount: Count | undefined;
    if (apps !== undefined && 'ok' in apps) {
      appCount = applicationsOf(target, byName(apps.ok), commit, access, problems);
    } else if (apps !== undefined) {
      unreadable(access.management.context, apps.fault);
    }
    const workload = workloads[i];
    const karpenter = 'ok' in workload ? karpenterOf(target, workload.ok, problems) : undefined;
    if ('fault' in workload) unreadable(target.context, workload.fault);
    return {
      cluster: target.cluster,
      context: target.context,
      landed: problems.length === 0,
      applications: appCount,
      ...karpenter,
      problems,
    };
  });
  return { ring, commit, landed: clusters.every((c) => c.landed), clusters, fatal };
}

export interface WaitOptions {
  /** How long to keep polling, in milliseconds. */
  readonly timeoutMs: number;
  /** Pause between two checks, in milliseconds. */
  readonly intervalMs: number;
  /** @default Date.now */
  readonly now?: () => number;
  /** @default a timer */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Called with each check's report (progress lines). @default nothing */
  readonly onCheck?: (report: GateReport, check: number) => void;
}

export interface WaitResult {
  readonly report: GateReport;
  readonly checks: number;
  /** True when the time ran out before every cluster landed. */
  readonly timedOut: boolean;
}

/** Repeats `check` until it reports landed, a fault waiting cannot cure, or the time runs out. */
export async function waitUntilLanded(
  check: () => Promise<GateReport>,
  options: WaitOptions,
): Promise<WaitResult> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = now() + options.timeoutMs;
  for (let checks = 1; ; checks++) {
    const report = await check();
    options.onCheck?.(report, checks);
    if (report.landed || report.fatal) return { report, checks, timedOut: false };
    const left = deadline - now();
    if (left <= 0) return { report, checks, timedOut: true };
    await sleep(Math.min(options.intervalMs, left));
  }
}
