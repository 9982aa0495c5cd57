/** Deterministic ordering helpers for the resolved model. */

/**
 * Copy of a string map (labels, tags, limits, kubelet maps ...) with keys in code-unit order,
 * which depends neither on locale nor on insertion order; an absent map gives an empty one.
 */
export function sortedRecord<T>(record: Readonly<Record<string, T>> | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  if (!record) return out;
  for (const key of Object.keys(record).sort(compareCodeUnits)) out[key] = record[key];
  return out;
}

/** Like `sortedRecord`, but `undefined` stays `undefined` (an absent optional map is not an empty one). */
export function sortedRecordOrUndefined<T>(
  record: Readonly<Record<string, T>> | undefined,
): Record<string, T> | undefined {
  return record === undefined ? undefined : sortedRecord(record);
}

/** Deep copy of a JSON-like value with every map's keys sorted (lists keep their order). */
export function sortedDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      out[key] = sortedDeep((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

export function byName<T extends { readonly name: string }>(a: T, b: T): number {
  return compareCodeUnits(a.name, b.name);
}

/** Locale-independent string order (UTF-16 code units), for every sort in generated output. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
