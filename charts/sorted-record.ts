/**
 * Deterministic copies of free-form string maps (labels, tags, limits, kubelet maps...):
 * keys in code-unit order, which does not depend on locale or insertion order.
 */
import { compareCodeUnits } from '../model/sorted';

export { compareCodeUnits };

export function sortedRecord<V>(record: Readonly<Record<string, V>>): Record<string, V> {
  const out: Record<string, V> = {};
  for (const key of Object.keys(record).sort(compareCodeUnits)) {
    out[key] = record[key];
  }
  return out;
}

/** Like `sortedRecord`, but `undefined` stays `undefined` (an absent optional map is not an empty one). */
export function sortedRecordOrUndefined<V>(
  record: Readonly<Record<string, V>> | undefined,
): Record<string, V> | undefined {
  return record === undefined ? undefined : sortedRecord(record);
}
