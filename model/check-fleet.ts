/**
 * Checks across clusters: names that must be unique in the fleet, and AWS names that would
 * collide when two clusters share an account (IAM role names are global to an account,
 * queue names to an account and region) — errors; two clusters deploying to one Argo CD
 * destination — a warning. Every collision is reported at each place involved.
 */
import { Diagnostic } from './diagnostics';
import { ClusterModel, SourceLocation } from './fleet-model';
import { LocatedNode, PathSegment, keyLocAt, nodeAt } from './located';
import { show } from './show-value';

export interface FleetEntry {
  /** Resolved name (`name:` or the file stem). */
  readonly name: string;
  /** Where the name is written (`name:`), or the top of the file when it is the file name. */
  readonly nameLoc: SourceLocation;
  /** Merged located tree of the cluster. */
  readonly root: LocatedNode;
  /** Present when the cluster passed its own checks. */
  readonly model?: ClusterModel;
}

interface Claim {
  readonly entry: FleetEntry;
  readonly path: readonly PathSegment[];
}

const where = (l: SourceLocation) => `${l.file}:${l.line}:${l.col}`;

/** Where a claim is written: the field if the user wrote it, else the cluster name it derives from. */
function claimLoc(c: Claim): SourceLocation {
  return nodeAt(c.entry.root, c.path) !== undefined ? keyLocAt(c.entry.root, c.path) : c.entry.nameLoc;
}

function collisions(
  claims: ReadonlyMap<string, Claim[]>,
  describe: (key: string) => { message: (others: string) => string; fix: string },
  severity: Diagnostic['severity'] = 'error',
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [key, list] of claims) {
    if (list.length < 2) continue;
    const { message, fix } = describe(key);
    list.forEach((claim, i) => {
      const loc = claimLoc(claim);
      const others = list
        .filter((_, j) => j !== i)
        .map((o) => `${where(claimLoc(o))} (${o.path.join('.') || 'name'})`)
        .join(', ');
      out.push({ severity, ...loc, path: claim.path.join('.'), message: message(others), fix });
    });
  }
  return out;
}

function add(map: Map<string, Claim[]>, key: string, claim: Claim): void {
  map.set(key, [...(map.get(key) ?? []), claim]);
}

export function checkFleet(entries: readonly FleetEntry[]): Diagnostic[] {
  const names = new Map<string, Claim[]>();
  const roles = new Map<string, Claim[]>();
  const queues = new Map<string, Claim[]>();
  const destinations = new Map<string, Claim[]>();
  const count = new Map<string, number>();
  for (const entry of entries) count.set(entry.name, (count.get(entry.name) ?? 0) + 1);
  for (const entry of entries) {
    add(names, entry.name, { entry, path: ['name'] });
    const m = entry.model;
    // A duplicated name also duplicates every name derived from it: report the name only.
    if (!m || (count.get(entry.name) ?? 0) > 1) continue;
    const account = m.aws.accountId;
    add(roles, `${account}\u0000${m.iam.controllerRoleName}`, { entry, path: ['iam', 'controllerRoleName'] });
    add(roles, `${account}\u0000${m.iam.nodeRoleName}`, { entry, path: ['iam', 'nodeRoleName'] });
    add(queues, `${account}\u0000${m.aws.region}\u0000${m.karpenter.interruptionQueue.name}`, {
      entry,
      path: ['karpenter', 'interruptionQueue', 'name'],
    });
    const d = m.gitops.destination;
    add(destinations, 'server' in d ? `server\u0000${d.server}` : `name\u0000${d.name}`, {
      entry,
      path: ['gitops', 'destination'],
    });
  }
  const last = (key: string) => show(key.split('\u0000').pop() ?? '');
  return [
    ...collisions(names, (key) => ({
      message: (others) => `cluster name '${show(key)}' is also used by ${others}`,
      fix: 'Give every cluster a unique name (the name defaults to the file name)',
    })),
    ...collisions(roles, (key) => ({
      message: (others) => `IAM role name '${last(key)}' is also used in the same account by ${others}`,
      fix: 'Role names are unique per account: set a different iam.controllerRoleName or iam.nodeRoleName',
    })),
    ...collisions(queues, (key) => ({
      message: (others) =>
        `queue name '${last(key)}' is also used in the same account and region by ${others}`,
      fix: 'Set a different karpenter.interruptionQueue.name',
    })),
    // A warning: two descriptions of one cluster would fight over its controller and CRDs,
    // but a destination name can be deliberately reused while a cluster is being replaced.
    ...collisions(
      destinations,
      (key) => ({
        message: (others) => `Argo CD destination '${last(key)}' is also used by ${others}`,
        fix: 'Each cluster description should target its own cluster: check gitops.destination',
      }),
      'warning',
    ),
  ];
}
