/**
 * Resolved NodeOverlays, CapacityBuffers and the PodTemplates the tool generates for
 * buffers: part of ClusterModel (model/shared/fleet-model.ts), read by charts and validation.
 */
import { CapacityBufferStrategy, RequirementOperator } from '../facts/constants';
import { SourceLocation } from './source-location';

/** A `karpenter.sh/v1alpha1` NodeOverlay (cluster-scoped). */
export interface NodeOverlayModel {
  /** DNS-1123 subdomain; the NodeOverlay name. */
  readonly name: string;
  /**
   * Spec fields written under Karpenter's own name for an imported version, passed to the
   * NodeOverlay as written (model/schema/pass-through.ts): place below `spec` (`x`) → value,
   * sorted. @default none
   */
  readonly passThrough?: Readonly<Record<string, unknown>>;
  readonly source: SourceLocation;
  /** As written (the CRD requires the list; it may be empty, which matches every instance type). */
  readonly requirements: readonly OverlayRequirementModel[];
  /** Absolute price (decimal text, e.g. `0.52`); never together with `priceAdjustment`. */
  readonly price?: string;
  /** Signed change, absolute (`-0.1`) or percentage (`-15%`). */
  readonly priceAdjustment?: string;
  /** Extended resources added to matching instance types, sorted by key; empty when none. */
  readonly capacity: Readonly<Record<string, string>>;
  /** 1..10000; absent means Karpenter's 0 (lowest precedence). */
  readonly weight?: number;
}

export interface OverlayRequirementModel {
  readonly key: string;
  readonly operator: RequirementOperator;
  readonly values?: readonly string[];
}

/** An `autoscaling.x-k8s.io/v1beta1` CapacityBuffer (namespaced). */
export interface CapacityBufferModel {
  /** DNS-1123 subdomain; the CapacityBuffer name. */
  readonly name: string;
  /**
   * Spec fields written under Karpenter's own name for an imported version, passed to the
   * CapacityBuffer as written (model/schema/pass-through.ts): place below `spec` (`x`) → value,
   * sorted. @default none
   */
  readonly passThrough?: Readonly<Record<string, unknown>>;
  readonly namespace: string;
  readonly source: SourceLocation;
  /** Exactly one of podTemplateRef / scalableRef is set (checked at load time). */
  /** `existing`: the PodTemplate is not generated (it already exists in the namespace). */
  readonly podTemplateRef?: { readonly name: string; readonly existing: boolean };
  readonly scalableRef?: { readonly apiGroup?: string; readonly kind: string; readonly name: string };
  readonly replicas?: number;
  /** Only with scalableRef: percentage of the scalable object's replicas. */
  readonly percentage?: number;
  /** Quantities, sorted by key; empty when none. */
  readonly limits: Readonly<Record<string, string>>;
  readonly provisioningStrategy: CapacityBufferStrategy;
}

/** A core/v1 PodTemplate generated from `podTemplates:` (the shape of one buffer chunk). */
export interface PodTemplateModel {
  readonly name: string;
  readonly namespace: string;
  readonly source: SourceLocation;
  /** Object labels, sorted (the managed-by label is added by the chart). */
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  /** `template.metadata.labels` / `.annotations`, sorted. */
  readonly templateLabels: Readonly<Record<string, string>>;
  readonly templateAnnotations: Readonly<Record<string, string>>;
  /** `template.spec` as written, keys sorted deeply; quantities of container resources as text. */
  readonly spec: Readonly<Record<string, unknown>>;
}
