/**
 * Writing requirements with the fleet format's readable shorthands where a requirement
 * maps exactly onto one (`capacityTypes: [spot]`), raw `requirements` otherwise. The
 * loader expands shorthands first, in a fixed order, then raw requirements as written.
 */
import { ARCHITECTURES, CAPACITY_TYPES, LABELS, OPERATING_SYSTEMS } from '../model';
import { RequirementDraft } from './drafts';

interface ListShorthand {
  readonly field: string;
  readonly key: string;
  /** Values the loader accepts in this shorthand; other values stay raw requirements. */
  readonly allowed?: readonly string[];
}

/** The list shorthands in the order the loader expands them. */
export const LIST_SHORTHANDS: readonly ListShorthand[] = [
  { field: 'capacityTypes', key: LABELS.capacityType, allowed: CAPACITY_TYPES },
  { field: 'architectures', key: LABELS.arch, allowed: ARCHITECTURES },
  { field: 'operatingSystems', key: LABELS.os, allowed: OPERATING_SYSTEMS },
  { field: 'zones', key: LABELS.zone },
  { field: 'instanceCategories', key: LABELS.instanceCategory },
  { field: 'instanceFamilies', key: LABELS.instanceFamily },
  { field: 'instanceSizes', key: LABELS.instanceSize },
  { field: 'instanceTypes', key: LABELS.instanceType },
];
export const GENERATION_SHORTHAND = 'instanceGenerationGreaterThan';

export type ShorthandValue =
  string[] | { in: string[]; minValues?: number } | { notIn: string[]; minValues?: number } | number;

export interface ShorthandSplit {
  /** Shorthand field → value, in expansion order. */
  readonly shorthands: ReadonlyArray<readonly [string, ShorthandValue]>;
  /** Requirements that stay raw, in their original order. */
  readonly raw: readonly RequirementDraft[];
  /** True when expanding the result gives the requirements in a different order than the input. */
  readonly reordered: boolean;
}

export function splitShorthands(requirements: readonly RequirementDraft[]): ShorthandSplit {
  const taken = new Map<string, { value: ShorthandValue; index: number }>();
  const raw: { req: RequirementDraft; index: number }[] = [];
  requirements.forEach((req, index) => {
    const match = shorthandFor(req);
    if (match && !taken.has(match.field)) taken.set(match.field, { value: match.value, index });
    else raw.push({ req, index });
  });
  const order = [...LIST_SHORTHANDS.map((s) => s.field), GENERATION_SHORTHAND];
  const shorthands = order.filter((f) => taken.has(f)).map((f) => [f, taken.get(f)!.value] as const);
  const expandedOrder = [
    ...order.filter((f) => taken.has(f)).map((f) => taken.get(f)!.index),
    ...raw.map((r) => r.index),
  ];
  const reordered = expandedOrder.some((idx, i) => idx !== i);
  return { shorthands, raw: raw.map((r) => r.req), reordered };
}

function shorthandFor(req: RequirementDraft): { field: string; value: ShorthandValue } | undefined {
  if (req.key === LABELS.instanceGeneration) {
    if (req.operator !== 'Gt' || req.minValues !== undefined || req.values?.length !== 1) return undefined;
    const n = req.values[0];
    if (!/^(0|[1-9][0-9]*)$/.test(n)) return undefined;
    return { field: GENERATION_SHORTHAND, value: Number(n) };
  }
  const spec = LIST_SHORTHANDS.find((s) => s.key === req.key);
  if (!spec || (req.operator !== 'In' && req.operator !== 'NotIn')) return undefined;
  const values = req.values ?? [];
  if (values.length === 0) return undefined;
  if (spec.allowed && !values.every((v) => spec.allowed!.includes(v))) return undefined;
  if (req.operator === 'In') {
    if (req.minValues === undefined) return { field: spec.field, value: [...values] };
    return { field: spec.field, value: { in: [...values], minValues: req.minValues } };
  }
  return {
    field: spec.field,
    value:
      req.minValues === undefined ? { notIn: [...values] } : { notIn: [...values], minValues: req.minValues },
  };
}
