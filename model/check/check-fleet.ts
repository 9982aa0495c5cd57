/**
 * Checks across clusters, all errors: names that must be unique in the fleet, AWS names that
 * would collide when two clusters share an account (IAM role names are global to an account,
 * queue names to an account and region), and two clusters deploying to one Argo CD
 * destination (two Karpenter installs would fight over one cluster). Every collision is
 * reported once, at the first place involved (in file order), listing every other place once.
 */
import { Diagnostic } from '../shared/diagnostics';
import { ClusterModel, SourceLocation } from '../shared/fleet-model';
import { LocatedNode, PathSegment, keyLocAt, nodeAt } from '../parse/located';
import { show } from '../shared/show-value';
import { compareCodeUnits } from '../shared/sorted';

export interface FleetEntry {
  /** Resolved name (`name:` or the file stem). */
  readonly name: string;
  /** Where the name is written (`name:`), or the top of the file when it is the file name. */
  readonly nameLoc: SourceLocation;
  /** Merged located tree of the cluster. */
  readonly root: LocatedNode;
  /** Present when the cluster could be resolved (also after errors, for these checks). */
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
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [key, list] of claims) {
    if (list.length < 2) continue;
    const { message, fix } = describe(key);
    const placed = list
      .map((claim) => ({ claim, loc: claimLoc(claim) }))
      .sort(
        (a, b) =>
          compareCodeUnits(a.loc.file, b.loc.file) || a.loc.line - b.loc.line || a.loc.col - b.loc.col,
      );
    const [first, ...rest] = placed;
    // The field is named only where it differs from the first place's.
    const field = (c: Claim) => c.path.join('.') || 'name';
    const places = rest.map((o) =>
      field(o.claim) === field(first.claim) ? where(o.loc) : `${where(o.loc)} (${field(o.claim)})`,
    );
    const others = listWithin(places, MAX_PLACES_CHARS);
    out.push({
      severity: 'error',
      ...first.loc,
      path: first.claim.path.join('.'),
      message: message(others),
      fix,
    });
  }
  return out;
}

/** Most characters of the list of places in one collision message. */
const MAX_PLACES_CHARS = 900;

/** `a, b, c`, or `a, b and 5 more` when the whole list would be longer than `budget`. */
function listWithin(items: readonly string[], budget: number): string {
  const all = items.join(', ');
  if (all.length <= budget) return all;
  const kept: string[] = [];
  let length = 0;
  for (const item of items) {
    if (length + item.length + 2 > budget - 20) break;
    kept.push(item);
    length += item.length + 2;
  }
  return `${kept.join(', ')} and ${items.length - kept.length} more`;
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
    // Two descriptions of one cluster would fight over its controller, CRDs and node pools.
    ...collisions(destinations, (key) => ({
      message: (others) => `Argo CD destination '${last(key)}' is also used by ${others}`,
      fix: 'Each cluster description must target its own cluster: correct gitops.destination, or remove the duplicate description',
    })),
  ];
}
