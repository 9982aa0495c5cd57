/**
 * CapacityBufferModel → CapacityBuffer (`autoscaling.x-k8s.io/v1beta1`, typed class imported
 * from the v1.14.1 CRD), and PodTemplateModel → core/v1 PodTemplate (the chunk shape a
 * buffer names). Both are namespaced; synced by the node-pools Application after the pools:
 * pod templates first (SYNC_WAVES.podTemplate), then the buffers (SYNC_WAVES.capacityBuffer).
 * Pure: reads only the model.
 */
import { ApiObject, ApiObjectMetadata } from 'cdk8s';
import { Construct } from 'constructs';
import {
  CapacityBuffer as CapacityBufferObject,
  CapacityBufferSpec,
  CapacityBufferSpecLimits,
} from '../../imports/karpenter-v1.14.1/autoscaling.x-k8s.io';
import {
  ARGOCD_ANNOTATIONS,
  EXISTING_POD_TEMPLATE_ANNOTATION,
  MANAGED_BY,
  SYNC_WAVES,
  TAGS,
  CapacityBufferModel,
  PodTemplateModel,
  sortedRecord,
} from '../../model';
import { SKIP_DRY_RUN_ON_MISSING_RESOURCE } from './object-metadata';
import { carryingPassThrough } from './pass-through-json';

function namespacedMetadata(
  name: string,
  namespace: string,
  syncWave: (typeof SYNC_WAVES)['podTemplate' | 'capacityBuffer'],
  extra: { labels?: Readonly<Record<string, string>>; annotations?: Readonly<Record<string, string>> } = {},
): ApiObjectMetadata {
  return {
    name,
    namespace,
    labels: sortedRecord({ ...extra.labels, [TAGS.managedBy]: MANAGED_BY }),
    annotations: sortedRecord({
      ...extra.annotations,
      [ARGOCD_ANNOTATIONS.syncOptions]: SKIP_DRY_RUN_ON_MISSING_RESOURCE,
      [ARGOCD_ANNOTATIONS.syncWave]: syncWave,
    }),
  };
}

export interface CapacityBufferProps {
  readonly model: CapacityBufferModel;
}

/** One CapacityBuffer named exactly like the model, in its namespace. */
export class CapacityBuffer extends Construct {
  public readonly apiObject: CapacityBufferObject;

  constructor(scope: Construct, id: string, props: CapacityBufferProps) {
    super(scope, id);
    const m = props.model;
    this.apiObject = carryingPassThrough(
      new CapacityBufferObject(this, 'Resource', {
        metadata: namespacedMetadata(m.name, m.namespace, SYNC_WAVES.capacityBuffer, {
          annotations: m.podTemplateRef?.existing ? { [EXISTING_POD_TEMPLATE_ANNOTATION]: 'true' } : {},
        }),
        spec: capacityBufferSpec(m),
      }),
      m.passThrough,
    );
  }
}

/** Every model field mapped; absent stays absent. */
export function capacityBufferSpec(model: CapacityBufferModel): CapacityBufferSpec {
  const limits = Object.entries(model.limits);
  return {
    podTemplateRef: model.podTemplateRef === undefined ? undefined : { name: model.podTemplateRef.name },
    scalableRef:
      model.scalableRef === undefined
        ? undefined
        : {
            apiGroup: model.scalableRef.apiGroup,
            kind: model.scalableRef.kind,
            name: model.scalableRef.name,
          },
    replicas: model.replicas,
    percentage: model.percentage,
    limits:
      limits.length > 0
        ? Object.fromEntries(limits.map(([k, v]) => [k, CapacityBufferSpecLimits.fromString(v)]))
        : undefined,
    provisioningStrategy: model.provisioningStrategy,
  };
}

export interface PodTemplateProps {
  readonly model: PodTemplateModel;
}

/**
 * One core/v1 PodTemplate. Core kinds are not in imports/ (only CRDs are imported) and the
 * pod spec is the user's, passed through as written: a plain ApiObject keeps every field.
 */
export class PodTemplate extends Construct {
  public readonly apiObject: ApiObject;

  constructor(scope: Construct, id: string, props: PodTemplateProps) {
    super(scope, id);
    const m = props.model;
    const hasLabels = Object.keys(m.templateLabels).length > 0;
    const hasAnnotations = Object.keys(m.templateAnnotations).length > 0;
    this.apiObject = new ApiObject(this, 'Resource', {
      apiVersion: 'v1',
      kind: 'PodTemplate',
      metadata: namespacedMetadata(m.name, m.namespace, SYNC_WAVES.podTemplate, {
        labels: m.labels,
        annotations: m.annotations,
      }),
      template: {
        ...(hasLabels || hasAnnotations
          ? {
              // Keys in sorted order: cdk8s may be told not to sort (CDK8S_DISABLE_SORT).
              metadata: {
                ...(hasAnnotations ? { annotations: m.templateAnnotations } : {}),
                ...(hasLabels ? { labels: m.templateLabels } : {}),
              },
            }
          : {}),
        spec: m.spec,
      },
    });
  }
}
