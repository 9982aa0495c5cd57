/**
 * Karpenter's feature gates (`settings.featureGates.<gate>` in the controller chart), as a closed,
 * typed set taken from the chart's generated values keys, and the one question every check asks:
 * is this gate on for this cluster? A gate is on only where the user set it to true in
 * `karpenter.featureGates`; the resolved value reaches the cluster's Helm values unchanged.
 */
import {
  KARPENTER_CHART_VALUES_KEYS,
  KarpenterChartValuesKey,
} from '../../imports/karpenter-chart-v1.14.1/values-keys';

const GATE_PREFIX = 'settings.featureGates.';

/** A gate the chart knows, e.g. `staticCapacity`: a misspelt gate is a compile error. */
export type FeatureGate =
  Extract<
    KarpenterChartValuesKey,
    `settings.featureGates.${string}`
  > extends `settings.featureGates.${infer G}`
    ? G
    : never;

/** Every gate the chart knows, sorted. */
export const KNOWN_FEATURE_GATES: readonly FeatureGate[] = Object.keys(KARPENTER_CHART_VALUES_KEYS)
  .filter((k) => k.startsWith(GATE_PREFIX))
  .map((k) => k.slice(GATE_PREFIX.length) as FeatureGate)
  .sort();

/** True where `karpenter.featureGates.<gate>` is set to true. */
export function gateEnabled(
  featureGates: Readonly<Record<string, boolean>> | undefined,
  gate: FeatureGate,
): boolean {
  return featureGates?.[gate] === true;
}

/** The fix for a feature that needs a gate that is off: what to write, and where. */
export function enableGateFix(gate: FeatureGate): string {
  return `Enable the gate in this cluster's file (or _defaults.yaml): karpenter: { featureGates: { ${gate}: true } }`;
}
