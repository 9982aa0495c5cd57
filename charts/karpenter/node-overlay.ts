/**
 * NodeOverlayModel → Karpenter NodeOverlay (`karpenter.sh/v1alpha1`), through the typed class
 * imported from the v1.14.1 CRD. Synced by the node-pools Application in the node-class
 * wave, before the NodePools (SYNC_WAVES.nodeOverlay). Pure: reads only the model.
 */
import { Construct } from 'constructs';
import {
  NodeOverlay as NodeOverlayObject,
  NodeOverlaySpec,
  NodeOverlaySpecCapacity,
  NodeOverlaySpecRequirementsOperator,
} from '../../imports/karpenter-v1.14.1/karpenter.sh';
import { RequirementOperator, SYNC_WAVES, NodeOverlayModel } from '../../model';
import { carryingPassThrough } from './pass-through-json';
import { karpenterObjectMetadata } from './object-metadata';

export interface NodeOverlayProps {
  /** The resolved overlay; its name becomes the NodeOverlay name. */
  readonly model: NodeOverlayModel;
}

/** One NodeOverlay named exactly like the model (no hash suffix). */
export class NodeOverlay extends Construct {
  public readonly apiObject: NodeOverlayObject;

  constructor(scope: Construct, id: string, props: NodeOverlayProps) {
    super(scope, id);
    this.apiObject = carryingPassThrough(
      new NodeOverlayObject(this, 'Resource', {
        metadata: karpenterObjectMetadata(props.model.name, SYNC_WAVES.nodeOverlay),
        spec: nodeOverlaySpec(props.model),
      }),
      props.model.passThrough,
    );
  }
}

const OPERATOR: Readonly<Record<RequirementOperator, NodeOverlaySpecRequirementsOperator>> = {
  In: NodeOverlaySpecRequirementsOperator.IN,
  NotIn: NodeOverlaySpecRequirementsOperator.NOT_IN,
  Exists: NodeOverlaySpecRequirementsOperator.EXISTS,
  DoesNotExist: NodeOverlaySpecRequirementsOperator.DOES_NOT_EXIST,
  Gt: NodeOverlaySpecRequirementsOperator.GT,
  Lt: NodeOverlaySpecRequirementsOperator.LT,
  Gte: NodeOverlaySpecRequirementsOperator.GTE,
  Lte: NodeOverlaySpecRequirementsOperator.LTE,
};

/** Every model field mapped; absent stays absent. */
export function nodeOverlaySpec(model: NodeOverlayModel): NodeOverlaySpec {
  const capacity = Object.entries(model.capacity);
  return {
    requirements: model.requirements.map((r) => ({
      key: r.key,
      operator: OPERATOR[r.operator],
      values: r.values === undefined ? undefined : [...r.values],
    })),
    price: model.price,
    priceAdjustment: model.priceAdjustment,
    capacity:
      capacity.length > 0
        ? Object.fromEntries(capacity.map(([k, v]) => [k, NodeOverlaySpecCapacity.fromString(v)]))
        : undefined,
    weight: model.weight,
  };
}
