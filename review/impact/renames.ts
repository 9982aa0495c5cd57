/**
 * Renames of NodePools and EC2NodeClasses. Kubernetes has no rename: a pool or class renamed in
 * the fleet description is a removed object plus an added one, and Argo CD deletes the old one
 * and creates the new one. A removed and an added object of the same kind are a rename when their
 * specs are equal (for a NodePool, after following a renamed node class in its nodeClassRef) and
 * the match is unique.
 *
 * What that does to nodes (Karpenter docs, website/content/en/docs/concepts/disruption.md,
 * "NodePool Deletion"): NodeClaims are owned by the NodePool, so deleting the old pool drains and
 * terminates every node it launched (disruption budgets do not pace it: they only limit drift,
 * emptiness and consolidation), and the new pool launches new nodes for the pods left pending.
 * A renamed node class changes the nodeClassRef of its pools, which drifts every node of them.
 */
import { get } from './classify-resource';
import { DistResource } from '../dist-resources';
import { canonical } from './field-diff';
import { KARPENTER_KINDS } from '../resource-kinds';

export interface Rename {
  readonly kind: string;
  readonly from: string;
  readonly to: string;
}

interface Candidate {
  readonly kind: string;
  readonly name: string;
  readonly change: 'added' | 'removed' | 'changed';
}

const RENAMEABLE: readonly string[] = [KARPENTER_KINDS.nodeClass, KARPENTER_KINDS.nodePool];

/** Renames among the removed and added NodePools and EC2NodeClasses of one cluster, node classes first. */
export function detectRenames(
  resources: readonly Candidate[],
  before: ReadonlyMap<string, DistResource>,
  after: ReadonlyMap<string, DistResource>,
): Rename[] {
  const out: Rename[] = [];
  const classRenames = new Map<string, string>();
  for (const kind of RENAMEABLE) {
    const bodyOf = (map: ReadonlyMap<string, DistResource>, name: string) =>
      [...map.values()].find((r) => r.kind === kind && r.name === name)?.body;
    const removed = resources.filter((r) => r.kind === kind && r.change === 'removed').map((r) => r.name);
    const added = resources.filter((r) => r.kind === kind && r.change === 'added').map((r) => r.name);
    const key = (body: unknown, renameClasses: boolean): string => {
      const spec = get(body, ['spec']);
      if (!renameClasses || kind !== KARPENTER_KINDS.nodePool) return canonical(spec);
      const ref = get(spec, ['template', 'spec', 'nodeClassRef', 'name']);
      const renamed = typeof ref === 'string' ? classRenames.get(ref) : undefined;
      if (renamed === undefined) return canonical(spec);
      const copy = JSON.parse(JSON.stringify(spec)) as {
        template: { spec: { nodeClassRef: { name: string } } };
      };
      copy.template.spec.nodeClassRef.name = renamed;
      return canonical(copy);
    };
    const addedKeys = new Map(added.map((name) => [name, key(bodyOf(after, name), false)]));
    const taken = new Set<string>();
    for (const name of [...removed].sort()) {
      const k = key(bodyOf(before, name), true);
      const matches = [...addedKeys].filter(([n, ak]) => ak === k && !taken.has(n)).map(([n]) => n);
      const reverse = removed.filter((r) => key(bodyOf(before, r), true) === k);
      if (matches.length !== 1 || reverse.length !== 1) continue;
      taken.add(matches[0]);
      out.push({ kind, from: name, to: matches[0] });
      if (kind === KARPENTER_KINDS.nodeClass) classRenames.set(name, matches[0]);
    }
  }
  return out;
}

/** Notes for the removed and the added side of a rename; `pools`: the pools that follow a renamed class. */
export function renameNotes(r: Rename, pools: readonly string[]): { removed: string; added: string } {
  if (r.kind === KARPENTER_KINDS.nodePool) {
    return {
      removed: `renamed to ${r.to}: Kubernetes cannot rename a NodePool, so Argo CD deletes ${r.from} and creates ${r.to}; every node of pool ${r.from} is replaced: Karpenter drains and terminates all of them at once (cascading deletion; disruption budgets do not pace it) and ${r.to} launches new nodes for the pending pods`,
      added: `renamed from ${r.from}: replaces every node of pool ${r.from}`,
    };
  }
  const which = pools.length > 0 ? `pools ${pools.join(', ')}` : 'no existing pool';
  return {
    removed: `renamed to ${r.to}: Argo CD deletes ${r.from} and creates ${r.to}; its finalizer holds the deletion until no NodeClaim uses it`,
    added: `renamed from ${r.from}: ${which} now reference ${r.to}, so every node of ${pools.length === 1 ? 'that pool' : 'those pools'} drifts and is replaced`,
  };
}
