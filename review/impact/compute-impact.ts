/**
 * Compares two dist/ trees and builds the ImpactReport: per cluster, the resources added, removed
 * and changed; for NodePools and EC2NodeClasses the node impact from the drift table; an
 * EC2NodeClass change is carried to every existing NodePool whose nodeClassRef names it; NodePool
 * deletions delete their nodes; changes to the AWS side (CloudFormation, Terraform) are summarised.
 */
import { RING_LABEL, DistFiles, FLEET_DIR, compareCodeUnits } from '../../model';
import { BudgetLike, describeDriftStart, driftStart } from '../../model/stages';
import { applicationName } from '../../charts/argocd/application-names';
import { classifyResource, get } from './classify-resource';
import { prunesNodePools } from './argocd-prune';
import { compareTemplates } from './aws-side-impact';
import { AWS_SIDE_TARGETS, FILE_TARGETS } from '../../policies/targets/targets';
import { DistResource, parseDist, ParsedDist } from '../dist-resources';
import { diffFields } from './field-diff';
import {
  AwsSideImpact,
  ClusterImpact,
  ImpactReport,
  isClassified,
  PoolImpact,
  ResourceImpact,
} from './impact-report';
import { NodeImpact, worstImpact } from './node-impact';
import { poolCapacityChanges } from './pool-capacity-impact';
import { modeChange } from './mode-change';
import { detectRenames, Rename, renameNotes } from './renames';
import { classifyOverlayBufferFields, isOverlayBufferKind, overlayBufferNote } from './overlay-buffer-impact';
import { compareKinds, isKarpenterKind, KARPENTER_KINDS } from '../resource-kinds';
import { builtInOfficialPolicy } from '../../policies/official-policy-versions';
import { karpenterVersionChange, OfficialPolicyOf } from './version-iam-impact';

export interface DistTree {
  /** How the tree is named in the report and in errors, e.g. `origin/main:dist`. */
  readonly label: string;
  readonly files: DistFiles;
}

export function computeImpact(
  before: DistTree,
  after: DistTree,
  officialPolicyOf: OfficialPolicyOf = builtInOfficialPolicy,
): ImpactReport {
  const b = parseDist(before.files, before.label);
  const a = parseDist(after.files, after.label);
  const clusters = [...new Set([...clustersOf(b), ...clustersOf(a)])].sort();
  const reports = clusters
    .map((c) => clusterImpact(c, only(b, c), only(a, c)))
    .filter((c) => c.resources.length > 0 || c.awsSide.length > 0)
    .map((c) => {
      const ring = ringOf(only(a, c.name)) ?? ringOf(only(b, c.name));
      const removed = c.name !== FLEET_DIR && only(a, c.name).size === 0 && only(b, c.name).size > 0;
      const version = karpenterVersionChange(only(b, c.name), only(a, c.name), officialPolicyOf);
      return {
        ...c,
        ...(version !== undefined ? { karpenterVersion: version } : {}),
        ...(removed ? {} : { awsSide: noLongerGenerated(c.awsSide) }),
        ...(ring !== undefined ? { ring } : {}),
        ...(removed ? { decommission: decommissionSteps(c.name, c.awsSide[0]?.target) } : {}),
      };
    });
  const pools = reports.flatMap((c) => c.pools);
  return {
    before: before.label,
    after: after.label,
    clusters: reports,
    totals: {
      resourcesChanged: reports.reduce((n, c) => n + c.resources.length + c.awsSide.length, 0),
      poolsReplaced: pools.filter((p) => p.impact === 'replaces').length,
      poolsMaybeReplaced: pools.filter((p) => p.impact === 'may-replace').length,
      poolsDeleted: pools.filter((p) => p.impact === 'deletes').length,
    },
  };
}

function clustersOf(d: ParsedDist): string[] {
  return [...d.resources.values()].map((r) => r.cluster);
}

/** The cluster's resources keyed by kind/namespace/name. */
function only(d: ParsedDist, cluster: string): Map<string, DistResource> {
  const out = new Map<string, DistResource>();
  for (const r of d.resources.values())
    if (r.cluster === cluster) out.set(`${r.kind}/${r.namespace ?? ''}/${r.name}`, r);
  return out;
}

function clusterImpact(
  cluster: string,
  before: Map<string, DistResource>,
  after: Map<string, DistResource>,
): ClusterImpact {
  const resources: ResourceImpact[] = [];
  const awsSide: AwsSideImpact[] = [];
  const ids = [...new Set([...before.keys(), ...after.keys()])];
  const byOrder = (x: string, y: string) => {
    const rx = (after.get(x) ?? before.get(x)) as DistResource;
    const ry = (after.get(y) ?? before.get(y)) as DistResource;
    return (
      compareKinds(rx.kind, ry.kind) ||
      compareCodeUnits(rx.name, ry.name) ||
      compareCodeUnits(rx.namespace ?? '', ry.namespace ?? '')
    );
  };
  for (const id of ids.sort(byOrder)) {
    const old = before.get(id);
    const cur = after.get(id);
    const any = (cur ?? old) as DistResource;
    const target = FILE_TARGETS.find((t) => t.title === any.kind);
    if (target) {
      const fields = compareTemplates(old?.body, cur?.body, nodeRoleNames(before), target.impact);
      if (fields.resources.length > 0 || fields.sections.length > 0) {
        awsSide.push({
          target: target.title,
          ...fields,
          file: any.file,
          change: !old ? 'added' : !cur ? 'removed' : 'changed',
        });
      }
      continue;
    }
    const base = { kind: any.kind, name: any.name, namespace: any.namespace, file: any.file };
    if (!old || !cur) {
      resources.push({
        ...base,
        change: old ? 'removed' : 'added',
        ...addedOrRemoved(
          any,
          !old,
          prunesNodePools(cluster, cur ? after.values() : [...after.values(), ...before.values()]),
        ),
        affectedPools: [],
        fields: [],
      });
      continue;
    }
    if (isKarpenterKind(any.kind)) {
      const c = classifyResource(any.kind, old.body, cur.body);
      if (c.changes.length === 0) continue;
      resources.push({ ...base, change: 'changed', impact: c.impact, affectedPools: [], fields: c.changes });
    } else if (isOverlayBufferKind(any.kind)) {
      const fields = classifyOverlayBufferFields(any.kind, diffFields(old.body, cur.body));
      if (fields.length > 0)
        resources.push({ ...base, change: 'changed', impact: 'none', affectedPools: [], fields });
    } else {
      const fields = diffFields(old.body, cur.body);
      if (fields.length > 0) resources.push({ ...base, change: 'changed', affectedPools: [], fields });
    }
  }
  const moved = movedBetweenTargets(awsSide);
  const renames = detectRenames(resources, before, after);
  const withPools = resources.map((r) => {
    const from = renames.find((x) => x.kind === r.kind && x.from === r.name && r.change === 'removed');
    const to = renames.find((x) => x.kind === r.kind && x.to === r.name && r.change === 'added');
    if (from) {
      return {
        ...r,
        renamedTo: from.to,
        note: renameNotes(from, poolsFollowing(from, before, after)).removed,
      };
    }
    if (to) {
      // The pools that follow a renamed class report their own nodeClassRef change.
      return { ...r, renamedFrom: to.from, note: renameNotes(to, poolsFollowing(to, before, after)).added };
    }
    return r.kind === KARPENTER_KINDS.nodeClass && r.change === 'changed' && r.impact !== 'none'
      ? { ...r, affectedPools: poolsUsing(r.name, before, after) }
      : r;
  });
  const capacity = poolCapacityChanges(before, after);
  const mode = modeChange(before, after);
  return {
    ...(mode !== undefined ? { modeChange: mode } : {}),
    name: cluster,
    resources: withPools,
    pools: poolImpacts(withPools, after),
    awsSide: moved,
    ...(capacity.length > 0 ? { capacity } : {}),
  };
}

function addedOrRemoved(
  r: DistResource,
  added: boolean,
  prune: boolean | undefined,
): Pick<ResourceImpact, 'impact' | 'note'> {
  if (r.kind === KARPENTER_KINDS.nodePool) {
    if (added) return { impact: 'none', note: 'new pool: launches nodes only for pods that need them' };
    const note =
      'Karpenter terminates every node of the pool (NodeClaims are owned by the NodePool; cascading deletion), draining all of them at once: disruption budgets do not pace a deletion. Order: first make sure the remaining pools can run its pods (else they stay Pending), then merge; remove its EC2NodeClass in a later change, once no NodeClaim uses it';
    return {
      impact: 'deletes',
      note:
        prune === false
          ? `${note}, once Argo CD deletes it: this cluster's Application does not prune automatically (syncPolicy.automated.prune is not true), so that happens at the next sync with pruning`
          : note,
    };
  }
  if (r.kind === KARPENTER_KINDS.nodeClass) {
    return added
      ? { impact: 'none', note: 'new node class: no existing node uses it' }
      : { impact: 'none', note: 'its finalizer holds the deletion until no NodeClaim uses the class' };
  }
  if (isOverlayBufferKind(r.kind)) return { impact: 'none', note: overlayBufferNote(r.kind, added) };
  return {};
}

/** Existing NodePools (before the change) pointing at the class, still present after it. */
function poolsUsing(
  nodeClass: string,
  before: Map<string, DistResource>,
  after: Map<string, DistResource>,
): string[] {
  const stillThere = new Set(
    [...after.values()].filter((r) => r.kind === KARPENTER_KINDS.nodePool).map((r) => r.name),
  );
  return [...before.values()]
    .filter(
      (r) => r.kind === KARPENTER_KINDS.nodePool && classRefOf(r) === nodeClass && stillThere.has(r.name),
    )
    .map((r) => r.name)
    .sort();
}

/** Existing pools (before) on the old class of a renamed class that reference the new one after. */
function poolsFollowing(
  r: Rename,
  before: Map<string, DistResource>,
  after: Map<string, DistResource>,
): string[] {
  if (r.kind !== KARPENTER_KINDS.nodeClass) return [];
  const was = new Set(
    [...before.values()]
      .filter((p) => p.kind === KARPENTER_KINDS.nodePool && classRefOf(p) === r.from)
      .map((p) => p.name),
  );
  return [...after.values()]
    .filter((p) => p.kind === KARPENTER_KINDS.nodePool && classRefOf(p) === r.to && was.has(p.name))
    .map((p) => p.name)
    .sort();
}

/** The ring label of the cluster's Argo CD objects. */
function ringOf(resources: Map<string, DistResource>): string | undefined {
  for (const r of resources.values()) {
    const ring = get(r.body, ['metadata', 'labels', RING_LABEL]);
    if (typeof ring === 'string') return ring;
  }
  return undefined;
}

/**
 * The order to remove a cluster's Karpenter in (its child Applications carry Prune=false, so
 * the root never deletes them all at once): node pools first, then wait for the nodes, then
 * the controller, then the AWS side, in the words of its target's `deploy.removal` (`awsSide`:
 * the title of the target whose files the removed cluster had; @default none: the tool
 * generated no AWS side for it, as for `external`).
 */
export function decommissionSteps(cluster: string, awsSide?: string): string[] {
  const app = (role: Parameters<typeof applicationName>[1]) => applicationName({ name: cluster }, role);
  const target = FILE_TARGETS.find((t) => t.title === awsSide) ?? AWS_SIDE_TARGETS.external;
  return [
    `Delete ${app('nodepools')} (argocd app delete ${app('nodepools')} --cascade): Argo CD deletes the NodePools and EC2NodeClasses, and Karpenter drains and terminates every node they launched, all pools at once`,
    `Wait until no node is left: kubectl get nodeclaims shows none (the EC2NodeClass finalizers hold until then)`,
    `Delete ${app('controller')} (the controller must outlive the nodes it terminates), then ${app('crd')} (the CRDs stay: Delete=false), ${app('base')} if present, and ${app('root')}`,
    target.deploy.removal({ name: cluster, awsApplication: app('aws') }),
  ];
}

/**
 * A cluster that stays but whose AWS side is no longer generated (`aws.managedBy: external`):
 * removing the old stack or module deletes its roles and queue, which the fleet may now name.
 */
function noLongerGenerated(sides: readonly AwsSideImpact[]): readonly AwsSideImpact[] {
  if (sides.length !== 1 || sides[0].change !== 'removed') return sides;
  const side = sides[0];
  return [
    {
      ...side,
      note:
        `the AWS side is no longer generated (aws.managedBy: external): removing the ${side.target} resources deletes its roles and queue. ` +
        `Keep them while the fleet names them (iam.*, karpenter.interruptionQueue.name), e.g. retain them or hand them over first`,
    },
  ];
}

/**
 * A cluster whose AWS side moved from one target to another (the old file removed, the new one
 * added): both own the same names, so the new one cannot be applied while the old one exists.
 */
function movedBetweenTargets(sides: readonly AwsSideImpact[]): AwsSideImpact[] {
  const removed = sides.find((a) => a.change === 'removed');
  const added = sides.find((a) => a.change === 'added');
  if (!removed || !added) return [...sides];
  const note =
    `moved from ${removed.target} to ${added.target}: both own the same role, policy, queue and rule names, so ${added.target} cannot create them while the ${removed.target} resources exist. ` +
    `Remove the ${removed.target} side first (nodes keep running, but Karpenter cannot launch nodes or see interruptions until ${added.target} has applied), or take the existing resources over (docs/terraform-and-external.md)`;
  return sides.map((a) => (a === added ? { ...a, note } : a));
}

function classRefOf(pool: DistResource): string | undefined {
  const name = get(pool.body, ['spec', 'template', 'spec', 'nodeClassRef', 'name']);
  return typeof name === 'string' ? name : undefined;
}

function poolImpacts(resources: readonly ResourceImpact[], after: Map<string, DistResource>): PoolImpact[] {
  const causes = new Map<string, { impact: NodeImpact; reason: string }[]>();
  const push = (pool: string, impact: NodeImpact, reason: string) => {
    if (impact === 'none') return;
    causes.set(pool, [...(causes.get(pool) ?? []), { impact, reason }]);
  };
  for (const r of resources) {
    if (r.kind === KARPENTER_KINDS.nodePool && r.impact) {
      push(r.name, r.impact, r.change === 'removed' ? 'NodePool removed' : `NodePool: ${worstReason(r)}`);
    } else if (r.kind === KARPENTER_KINDS.nodeClass && r.impact) {
      for (const pool of r.affectedPools) push(pool, r.impact, `EC2NodeClass ${r.name}: ${worstReason(r)}`);
    }
  }
  const pools: PoolImpact[] = [];
  for (const pool of [...causes.keys()].sort()) {
    const list = causes.get(pool) ?? [];
    const impact = worstImpact(list.map((c) => c.impact));
    const spec = [...after.values()].find((r) => r.kind === KARPENTER_KINDS.nodePool && r.name === pool);
    const driftBudget =
      impact === 'replaces' || impact === 'may-replace' ? driftBudgetOf(spec?.body) : undefined;
    const driftStart = driftBudget === undefined ? undefined : driftStartOf(spec?.body);
    pools.push({
      pool,
      impact,
      reasons: list.map((c) => c.reason),
      driftBudget,
      ...(driftStart ? { driftStart } : {}),
    });
  }
  return pools;
}

/** The reason of the first field with the resource's own (worst) impact. */
function worstReason(r: ResourceImpact): string {
  const f = r.fields.find((x) => isClassified(x) && x.impact === r.impact);
  return f && isClassified(f) ? f.reason : r.change;
}

/**
 * The budgets that pace drift replacements: budgets without `reasons` or listing `Drifted`
 * (core pkg/apis/v1/nodepool.go, Budget.Reasons and GetAllowedDisruptionsByReason, which takes the
 * minimum of those and is unbounded when none applies); Karpenter's default is one budget of 10%.
 */
export function driftBudgetOf(pool: unknown): string {
  const budgets = get(pool, ['spec', 'disruption', 'budgets']);
  if (!Array.isArray(budgets) || budgets.length === 0) return '10% (default)';
  const apply = budgets.filter((b) => {
    const reasons = get(b, ['reasons']);
    return !Array.isArray(reasons) || reasons.includes('Drifted');
  });
  if (apply.length === 0) return 'unlimited (no budget applies to Drifted)';
  return apply
    .map((b) => {
      const nodes = String(get(b, ['nodes']) ?? '10%');
      const schedule = get(b, ['schedule']);
      const duration = get(b, ['duration']);
      return typeof schedule === 'string' ? `${nodes} during "${schedule}" for ${String(duration)}` : nodes;
    })
    .join(', ');
}

/** When the pool's budgets let drift start, given their schedules, as one sentence. */
export function driftStartOf(pool: unknown): string {
  const budgets = get(pool, ['spec', 'disruption', 'budgets']);
  const list = Array.isArray(budgets)
    ? (budgets as unknown[]).filter((b): b is BudgetLike => typeof get(b, ['nodes']) === 'string')
    : [];
  return describeDriftStart(driftStart(list));
}

function nodeRoleNames(resources: Map<string, DistResource>): Set<string> {
  const names = new Set<string>();
  for (const r of resources.values()) {
    if (r.kind !== KARPENTER_KINDS.nodeClass) continue;
    const role = get(r.body, ['spec', 'role']);
    if (typeof role === 'string') names.add(role);
  }
  return names;
}
