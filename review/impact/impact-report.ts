/**
 * The impact report as a value: what a change to dist/ does, per cluster and resource, and which
 * NodePools lose or replace their nodes. Renderers (render-markdown.ts, render-json.ts) only format it.
 * Every list is in a deterministic order: clusters by name, resources by kind (EC2NodeClass,
 * NodePool, then alphabetical) and name, fields in diff order (sorted keys).
 */
import type { PoolCapacityChange } from './pool-capacity-impact';
import { CfnImpact } from './aws-side-impact';
import { ClassifiedChange } from './classify-resource';
import { FieldChange } from './field-diff';
import { NodeImpact } from './node-impact';
import { AllowedSecret, OptOutComment } from './secret-opt-outs';
import type { KarpenterVersionChange } from './version-iam-impact';

export type ResourceChangeKind = 'added' | 'removed' | 'changed';

import type { KarpenterUpgrade } from './version-impact';

export interface ResourceImpact {
  readonly kind: string;
  readonly name: string;
  readonly namespace?: string;
  /** Path relative to dist/ (the new file, or the old one when removed). */
  readonly file: string;
  readonly change: ResourceChangeKind;
  /** Node impact for NodePools and EC2NodeClasses; undefined for everything else. */
  readonly impact?: NodeImpact;
  /** For an EC2NodeClass: the NodePools whose nodes the change affects (sorted). */
  readonly affectedPools: readonly string[];
  /** Field changes; classified for NodePools and EC2NodeClasses. Empty for added/removed. */
  readonly fields: readonly (ClassifiedChange | FieldChange)[];
  /** One-line explanation for added/removed resources. */
  readonly note?: string;
  /** A removed NodePool or EC2NodeClass whose spec reappears under this name (review/impact/renames.ts). */
  readonly renamedTo?: string;
  /** An added NodePool or EC2NodeClass that is a removed one under a new name. */
  readonly renamedFrom?: string;
}

export interface PoolImpact {
  readonly pool: string;
  readonly impact: NodeImpact;
  /** Why, one entry per cause (own fields, node class), in report order. */
  readonly reasons: readonly string[];
  /** How fast drifted nodes are replaced: the pool's budgets that apply to drift, e.g. `10%`. */
  readonly driftBudget?: string;
  /** When the budgets let drift start, given their schedules (model/check/node-pool/drift-budget.ts). */
  readonly driftStart?: string;
}

export interface ClusterImpact {
  /** Cluster name, or `fleet` for the fleet entry point. */
  readonly name: string;
  readonly resources: readonly ResourceImpact[];
  /** Existing NodePools whose nodes are affected (impact other than none), sorted by name. */
  readonly pools: readonly PoolImpact[];
  /** The cluster's rollout ring (label `karpenter-gitops.io/ring` of its Argo CD objects), if any. */
  readonly ring?: string;
  /**
   * Set when the change removes the whole cluster: what Karpenter does and the order to remove
   * things in, one step per entry.
   */
  readonly decommission?: readonly string[];
  /** NodePools whose allowed instance types or hourly ceiling change (review/impact/pool-capacity-impact.ts). */
  readonly capacity?: readonly PoolCapacityChange[];
  /**
   * The cluster's AWS-side files that changed, one per target (policies/targets/targets.ts; two
   * when the cluster moves from one target to another); empty when none changed.
   */
  readonly awsSide: readonly AwsSideImpact[];
  /** Set when the cluster's Karpenter version changes, with the IAM actions that change with it. */
  readonly karpenterVersion?: KarpenterVersionChange;
}

/** What changed in one AWS-side file of a cluster. */
export interface AwsSideImpact extends CfnImpact {
  /** The target's title, e.g. `CloudFormation`, `Terraform`. */
  readonly target: string;
  readonly file: string;
  readonly change: ResourceChangeKind;
  /** What a reviewer must know about the file as a whole (a cluster moving between targets). @default none */
  readonly note?: string;
}

export interface ImpactReport {
  /** Clusters whose Karpenter version changes (review/impact/version-impact.ts). @default none */
  readonly upgrades?: readonly KarpenterUpgrade[];
  /** Labels of the compared trees, e.g. `origin/main:dist` and `dist`. */
  readonly before: string;
  readonly after: string;
  readonly clusters: readonly ClusterImpact[];
  /** Files in the new dist/ that git does not track (included in the comparison, but not what Argo CD syncs). */
  readonly untracked?: readonly string[];
  /** Secret-scan opt-outs: flagged values in the new dist/ and the fleet files' allow-secret comments. */
  readonly secretOptOuts?: {
    readonly allowed: readonly AllowedSecret[];
    readonly comments: readonly OptOutComment[];
  };
  readonly totals: {
    readonly resourcesChanged: number;
    readonly poolsReplaced: number;
    readonly poolsMaybeReplaced: number;
    readonly poolsDeleted: number;
  };
}

export function isClassified(f: ClassifiedChange | FieldChange): f is ClassifiedChange {
  return 'impact' in f;
}
