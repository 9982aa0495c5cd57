/**
 * NodePoolModel → Karpenter v1 NodePool, through the typed class imported from the
 * v1.14.1 CRD. Pure: reads only the model.
 */
import { Construct } from 'constructs';
import {
  NodePool as NodePoolObject,
  NodePoolSpec,
  NodePoolSpecDisruption,
  NodePoolSpecDisruptionBudgets,
  NodePoolSpecDisruptionBudgetsReasons,
  NodePoolSpecDisruptionConsolidationPolicy,
  NodePoolSpecLimits,
  NodePoolSpecTemplateSpecRequirements,
  NodePoolSpecTemplateSpecRequirementsOperator,
  NodePoolSpecTemplateSpecStartupTaints,
  NodePoolSpecTemplateSpecStartupTaintsEffect,
  NodePoolSpecTemplateSpecTaints,
  NodePoolSpecTemplateSpecTaintsEffect,
} from '../../imports/karpenter-v1.14.1/karpenter.sh';
import {
  ConsolidationPolicy,
  KarpenterMode,
  DisruptionReason,
  RequirementOperator,
  SYNC_WAVES,
  TaintEffect,
  DisruptionBudgetModel,
  DisruptionModel,
  NodePoolModel,
  RequirementModel,
  TaintModel,
  sortedRecord,
} from '../../model';
import { AUTO_MODE_NODE_CLASS_REF } from './auto-mode-node-class';
import { EC2_NODE_CLASS_REF } from './node-class';
import { carryingPassThrough } from './pass-through-json';
import { karpenterObjectMetadata } from './object-metadata';

export interface NodePoolProps {
  /** The resolved node pool; its name becomes the NodePool name. */
  readonly model: NodePoolModel;
  /**
   * Who runs Karpenter on the cluster: the pool's `nodeClassRef` names an EC2NodeClass
   * (self-managed) or an EKS Auto Mode NodeClass.
   * @default 'self-managed'
   */
  readonly mode?: KarpenterMode;
}

/** One NodePool named exactly like the model (no hash suffix). */
export class NodePool extends Construct {
  /** The typed API object; `toJson()` gives the manifest. */
  public readonly apiObject: NodePoolObject;

  constructor(scope: Construct, id: string, props: NodePoolProps) {
    super(scope, id);
    this.apiObject = carryingPassThrough(
      new NodePoolObject(this, 'Resource', {
        metadata: karpenterObjectMetadata(
          props.model.name,
          SYNC_WAVES.nodePool,
          props.model.objectAnnotations,
          props.model.objectLabels,
        ),
        spec: nodePoolSpec(props.model, props.mode),
      }),
      props.model.passThrough,
    );
  }
}

/** The NodePool spec for a node pool (every model field mapped; absent stays absent). */
export function nodePoolSpec(model: NodePoolModel, mode: KarpenterMode = 'self-managed'): NodePoolSpec {
  const classRef = mode === 'eks-auto-mode' ? AUTO_MODE_NODE_CLASS_REF : EC2_NODE_CLASS_REF;
  const hasLabels = Object.keys(model.labels).length > 0;
  const hasAnnotations = Object.keys(model.annotations).length > 0;
  return {
    template: {
      metadata:
        hasLabels || hasAnnotations
          ? {
              labels: hasLabels ? sortedRecord(model.labels) : undefined,
              annotations: hasAnnotations ? sortedRecord(model.annotations) : undefined,
            }
          : undefined,
      spec: {
        nodeClassRef: { ...classRef, name: model.nodeClass },
        requirements: model.requirements.map(requirement),
        taints: model.taints.length > 0 ? model.taints.map(taint) : undefined,
        startupTaints: model.startupTaints.length > 0 ? model.startupTaints.map(startupTaint) : undefined,
        expireAfter: model.expireAfter,
        terminationGracePeriod: model.terminationGracePeriod,
      },
    },
    disruption: disruption(model.disruption),
    limits: Object.keys(model.limits).length > 0 ? limits(model.limits) : undefined,
    weight: model.weight,
    replicas: model.replicas,
  };
}

// Exhaustive maps from the model's closed sets to the imported enums.
const OPERATOR: Readonly<Record<RequirementOperator, NodePoolSpecTemplateSpecRequirementsOperator>> = {
  In: NodePoolSpecTemplateSpecRequirementsOperator.IN,
  NotIn: NodePoolSpecTemplateSpecRequirementsOperator.NOT_IN,
  Exists: NodePoolSpecTemplateSpecRequirementsOperator.EXISTS,
  DoesNotExist: NodePoolSpecTemplateSpecRequirementsOperator.DOES_NOT_EXIST,
  Gt: NodePoolSpecTemplateSpecRequirementsOperator.GT,
  Lt: NodePoolSpecTemplateSpecRequirementsOperator.LT,
  Gte: NodePoolSpecTemplateSpecRequirementsOperator.GTE,
  Lte: NodePoolSpecTemplateSpecRequirementsOperator.LTE,
};

const TAINT_EFFECT: Readonly<Record<TaintEffect, NodePoolSpecTemplateSpecTaintsEffect>> = {
  NoSchedule: NodePoolSpecTemplateSpecTaintsEffect.NO_SCHEDULE,
  PreferNoSchedule: NodePoolSpecTemplateSpecTaintsEffect.PREFER_NO_SCHEDULE,
  NoExecute: NodePoolSpecTemplateSpecTaintsEffect.NO_EXECUTE,
};

const STARTUP_TAINT_EFFECT: Readonly<Record<TaintEffect, NodePoolSpecTemplateSpecStartupTaintsEffect>> = {
  NoSchedule: NodePoolSpecTemplateSpecStartupTaintsEffect.NO_SCHEDULE,
  PreferNoSchedule: NodePoolSpecTemplateSpecStartupTaintsEffect.PREFER_NO_SCHEDULE,
  NoExecute: NodePoolSpecTemplateSpecStartupTaintsEffect.NO_EXECUTE,
};

const CONSOLIDATION_POLICY: Readonly<Record<ConsolidationPolicy, NodePoolSpecDisruptionConsolidationPolicy>> =
  {
    WhenEmpty: NodePoolSpecDisruptionConsolidationPolicy.WHEN_EMPTY,
    WhenEmptyOrUnderutilized: NodePoolSpecDisruptionConsolidationPolicy.WHEN_EMPTY_OR_UNDERUTILIZED,
    Balanced: NodePoolSpecDisruptionConsolidationPolicy.BALANCED,
  };

const DISRUPTION_REASON: Readonly<Record<DisruptionReason, NodePoolSpecDisruptionBudgetsReasons>> = {
  Underutilized: NodePoolSpecDisruptionBudgetsReasons.UNDERUTILIZED,
  Empty: NodePoolSpecDisruptionBudgetsReasons.EMPTY,
  Drifted: NodePoolSpecDisruptionBudgetsReasons.DRIFTED,
};

function requirement(model: RequirementModel): NodePoolSpecTemplateSpecRequirements {
  return {
    key: model.key,
    operator: OPERATOR[model.operator],
    values: model.values === undefined ? undefined : [...model.values],
    minValues: model.minValues,
  };
}

function taint(model: TaintModel): NodePoolSpecTemplateSpecTaints {
  return { key: model.key, value: model.value, effect: TAINT_EFFECT[model.effect] };
}

function startupTaint(model: TaintModel): NodePoolSpecTemplateSpecStartupTaints {
  return { key: model.key, value: model.value, effect: STARTUP_TAINT_EFFECT[model.effect] };
}

function disruption(model: DisruptionModel): NodePoolSpecDisruption {
  return {
    consolidationPolicy: CONSOLIDATION_POLICY[model.consolidationPolicy],
    consolidateAfter: model.consolidateAfter,
    budgets: model.budgets.map(budget),
  };
}

function budget(model: DisruptionBudgetModel): NodePoolSpecDisruptionBudgets {
  return {
    nodes: model.nodes,
    schedule: model.schedule,
    duration: model.duration,
    reasons: model.reasons === undefined ? undefined : model.reasons.map((r) => DISRUPTION_REASON[r]),
  };
}

/** Limits are Kubernetes quantities; they stay strings (`"100"`, `400Gi`), in sorted key order. */
function limits(model: Readonly<Record<string, string>>): Record<string, NodePoolSpecLimits> {
  const out: Record<string, NodePoolSpecLimits> = {};
  for (const [key, value] of Object.entries(sortedRecord(model))) {
    out[key] = NodePoolSpecLimits.fromString(value);
  }
  return out;
}
