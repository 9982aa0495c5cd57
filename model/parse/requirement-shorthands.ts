/**
 * Readable requirement shorthands of a node pool → Karpenter requirements. The expansion
 * order is fixed (the order of SHORTHANDS), then raw `requirements` follow as written.
 */
import { KarpenterMode, LABELS, LabelKey } from '../facts/constants';
import { autoModeLabelFor } from '../facts/eks-auto-mode';
import { RequirementModel } from '../shared/fleet-model';
import { RawNodePool, RawShorthand } from './raw-fleet';

/** Shorthand field → label key, in expansion order. */
export const SHORTHANDS: readonly (readonly [keyof RawNodePool, LabelKey])[] = [
  ['capacityTypes', LABELS.capacityType],
  ['architectures', LABELS.arch],
  ['operatingSystems', LABELS.os],
  ['zones', LABELS.zone],
  ['instanceCategories', LABELS.instanceCategory],
  ['instanceFamilies', LABELS.instanceFamily],
  ['instanceSizes', LABELS.instanceSize],
  ['instanceTypes', LABELS.instanceType],
];

export function expandShorthand(key: string, value: RawShorthand): RequirementModel {
  if (Array.isArray(value)) return { key, operator: 'In', values: [...(value as readonly string[])] };
  const v = value as Exclude<RawShorthand, readonly string[]>;
  const minValues = v.minValues !== undefined ? { minValues: v.minValues } : {};
  if (v.notIn !== undefined) return { key, operator: 'NotIn', values: [...v.notIn], ...minValues };
  return { key, operator: 'In', values: [...(v.in ?? [])], ...minValues };
}

/**
 * The label a shorthand expands to: Karpenter's, or in an EKS Auto Mode cluster its
 * `eks.amazonaws.com/` counterpart (model/facts/eks-auto-mode.ts; a shorthand without one,
 * operatingSystems, is refused by model/check/check-eks-auto-mode.ts before this runs).
 */
export function shorthandLabel(label: LabelKey, mode: KarpenterMode): string {
  return mode === 'eks-auto-mode' ? (autoModeLabelFor(label) ?? label) : label;
}

export function expandRequirements(
  pool: RawNodePool,
  mode: KarpenterMode = 'self-managed',
): RequirementModel[] {
  const out: RequirementModel[] = [];
  for (const [field, label] of SHORTHANDS) {
    const value = pool[field] as RawShorthand | undefined;
    if (value !== undefined) out.push(expandShorthand(shorthandLabel(label, mode), value));
  }
  if (pool.instanceGenerationGreaterThan !== undefined) {
    out.push({
      key: shorthandLabel(LABELS.instanceGeneration, mode),
      operator: 'Gt',
      values: [String(pool.instanceGenerationGreaterThan)],
    });
  }
  for (const r of pool.requirements ?? []) {
    out.push({
      key: r.key,
      operator: r.operator,
      ...(r.values !== undefined ? { values: [...r.values] } : {}),
      ...(r.minValues !== undefined ? { minValues: r.minValues } : {}),
    });
  }
  return out;
}
