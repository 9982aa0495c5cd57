/**
 * `value` rebuilt from this realm's Object, Array, Map and Set (shared objects stay shared).
 * Jest runs a test in a vm context of its own, while `node:v8` deserializes into Node's main
 * context: a record read back in a test has objects of another realm, which the renderer refuses
 * as not plain (charts/render-manifest.ts). One process, as a user runs the tool, has one realm.
 */
export function inThisRealm<T>(value: T, seen = new Map<object, unknown>()): T {
  if (typeof value !== 'object' || value === null) return value;
  const hit = seen.get(value);
  if (hit !== undefined) return hit as T;
  if (value instanceof Map || Object.prototype.toString.call(value) === '[object Map]') {
    const out = new Map();
    seen.set(value, out);
    for (const [k, v] of value as unknown as Map<unknown, unknown>)
      out.set(inThisRealm(k, seen), inThisRealm(v, seen));
    return out as T;
  }
  if (Object.prototype.toString.call(value) === '[object Set]') {
    const out = new Set();
    seen.set(value, out);
    for (const v of value as unknown as Set<unknown>) out.add(inThisRealm(v, seen));
    return out as T;
  }
  const out: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
  seen.set(value, out);
  for (const [k, v] of Object.entries(value)) (out as Record<string, unknown>)[k] = inThisRealm(v, seen);
  return out as T;
}
