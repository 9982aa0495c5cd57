/**
 * How the gate's findings are shown: one progress line per cluster (what has landed, what is
 * still moving), then one line per problem naming the cluster, the object and what is missing.
 */
import { plural } from '../model';
import { formatProblem, shortSha } from './gate-problem';
import { ClusterLanded, GateReport } from './landed-gate';

/** `staging-eu: Applications 4/5 landed, EC2NodeClasses 1/1 Ready, NodePools 2/3 Ready, nodes 12 (4 drifted, 0 launching)` */
export function progressLine(c: ClusterLanded): string {
  const parts = [
    c.applications === undefined
      ? 'Applications unknown (Argo CD unreadable)'
      : `Applications ${c.applications.ready}/${c.applications.total} landed`,
  ];
  if (c.nodeClasses === undefined || c.nodePools === undefined || c.nodes === undefined) {
    parts.push(`Karpenter unknown (context ${c.context} unreadable)`);
  } else {
    parts.push(
      `EC2NodeClasses ${c.nodeClasses.ready}/${c.nodeClasses.total} Ready`,
      `NodePools ${c.nodePools.ready}/${c.nodePools.total} Ready`,
      `nodes ${c.nodes.total} (${c.nodes.drifted} drifted, ${c.nodes.launching} launching)`,
    );
  }
  return `${c.cluster}: ${c.landed ? 'landed' : 'not landed'}; ${parts.join(', ')}`;
}

/** The lines of one check: a progress line per cluster. */
export function progressLines(report: GateReport): string[] {
  return report.clusters.map(progressLine);
}

/** The verdict and, when refused, every problem. */
export function verdictLines(report: GateReport, timedOut: boolean): string[] {
  const clusters = report.clusters.map((c) => c.cluster).join(', ');
  if (report.landed) {
    return [`Ring ${report.ring} has landed ${shortSha(report.commit)} on every cluster (${clusters})`];
  }
  const problems = report.clusters.flatMap((c) => c.problems);
  const waiting = report.clusters.filter((c) => !c.landed).map((c) => c.cluster);
  return [
    `Ring ${report.ring} has not landed ${shortSha(report.commit)}${timedOut ? ' before the time ran out' : ''}: ${plural(problems.length, 'problem')} on ${waiting.join(', ')}; nothing is pushed`,
    ...problems.map((p) => `  ${formatProblem(p)}`),
  ];
}
