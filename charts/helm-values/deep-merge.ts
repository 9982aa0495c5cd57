/**
 * Deep merge of Helm values with Helm's own semantics for user overrides: maps merge key
 * by key (recursively), everything else (lists, scalars, null) replaces what was there.
 * A `null` is kept, because in a values file it tells Helm to drop the chart's default.
 *
 * Key order is deterministic: the base's keys in the base's order, then keys only the
 * overlay has in code-unit order. Maps that come only from the overlay are sorted too,
 * so the user's key order in YAML never changes the output.
 */
import { compareCodeUnits } from '../../model';

export type HelmValue = string | number | boolean | null | readonly HelmValue[] | HelmValuesMap;
export interface HelmValuesMap {
  readonly [key: string]: HelmValue;
}

export function isValuesMap(value: unknown): value is HelmValuesMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepMergeValues(
  base: HelmValuesMap,
  overlay: Readonly<Record<string, unknown>>,
): HelmValuesMap {
  const out: Record<string, HelmValue> = {};
  for (const key of Object.keys(base)) {
    const b = base[key];
    if (!Object.hasOwn(overlay, key)) {
      out[key] = b;
      continue;
    }
    const o = overlay[key];
    out[key] = isValuesMap(b) && isValuesMap(o) ? deepMergeValues(b, o) : normalize(o);
  }
  for (const key of Object.keys(overlay).sort(compareCodeUnits)) {
    if (!Object.hasOwn(base, key)) out[key] = normalize(overlay[key]);
  }
  return out;
}

/** A copy of a user value with every map's keys sorted; lists keep their order. */
function normalize(value: unknown): HelmValue {
  if (Array.isArray(value)) return value.map(normalize);
  if (isValuesMap(value)) {
    const out: Record<string, HelmValue> = {};
    for (const key of Object.keys(value).sort(compareCodeUnits)) out[key] = normalize(value[key]);
    return out;
  }
  if (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean'
  ) {
    return value;
  }
  throw new Error(`helm values: cannot merge a value of type ${typeof value}`);
}
