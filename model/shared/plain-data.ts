/**
 * Whether a value is plain data: objects, arrays, Maps and Sets of primitives all the way down,
 * with no functions, class instances, symbols, getters or setters. What a structured clone
 * (V8's serialization) gives back exactly as it was, so what may be kept across runs
 * (model/check/cluster-load-record.ts), and what has one canonical text to key a cache by
 * (`plainDataText`, synth/generation-cache.ts).
 */
/**
 * Objects, arrays, Maps and Sets of primitives, all the way down (no functions, class instances,
 * symbols, getters, or properties on a Map or Set, which a structured clone would drop). Shared
 * objects and circles are allowed: a structured clone keeps them.
 */
export function isPlainData(value: unknown, seen: Set<object> = new Set()): boolean {
  const type = typeof value;
  if (value === null || type === 'string' || type === 'number' || type === 'boolean' || type === 'undefined')
    return true;
  if (type !== 'object') return false;
  const obj = value as object;
  if (seen.has(obj)) return true;
  seen.add(obj);
  if (!plainObject(obj)) return false;
  if (obj instanceof Map) {
    for (const [k, v] of obj) if (!isPlainData(k, seen) || !isPlainData(v, seen)) return false;
    return true;
  }
  if (obj instanceof Set) {
    for (const v of obj) if (!isPlainData(v, seen)) return false;
    return true;
  }
  // Data properties only (plainObject): reading them runs no code.
  for (const item of Object.values(obj)) if (!isPlainData(item, seen)) return false;
  return true;
}

/** Marks what JSON cannot say, as strings no other value encodes to (a string starting with NUL is escaped). */
const MARK = '\u0000';

/**
 * Plain data's value as one text: equal texts for equal values, whatever their in-memory
 * representation (a structured clone's copy, a number kept as a double, a string kept in two
 * bytes per character all give the same text), different texts for different values. JSON, with
 * Maps, Sets, `undefined` (as a property's value too), NaN, ±Infinity, -0 and sparse arrays told
 * apart. Object keys in their order; shared objects are written at each place (value, not
 * identity). Undefined when `value` is not plain data (`isPlainData`).
 */
export function plainDataText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, replacePlain);
  } catch {
    return undefined; // not plain data (NOT_PLAIN), or a circle
  }
}

/** Thrown by replacePlain at what is not plain data. */
const NOT_PLAIN = new Error('not plain data');

/**
 * Whether one object, on its own (its values are checked by the caller: isPlainData, or
 * JSON.stringify as it reaches them in plainDataText), is plain data's: a plain prototype, no symbol keys, every own property an enumerable data
 * property (so JSON.stringify writes each, and reads no getter).
 */
function plainObject(obj: object): boolean {
  const proto: unknown = Object.getPrototypeOf(obj);
  if (proto === Map.prototype || proto === Set.prototype)
    return Object.getOwnPropertySymbols(obj).length === 0 && Object.getOwnPropertyNames(obj).length === 0;
  if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) return false;
  if (Object.getOwnPropertySymbols(obj).length > 0) return false;
  const descriptors = Object.getOwnPropertyDescriptors(obj);
  for (const key in descriptors) {
    const d = descriptors[key];
    if (
      d.get !== undefined ||
      d.set !== undefined ||
      (!d.enumerable && !(key === 'length' && Array.isArray(obj)))
    )
      return false;
  }
  return true;
}

/** JSON.stringify's replacer for plainDataText: throws NOT_PLAIN at what is not plain data. */
function replacePlain(this: unknown, key: string, v: unknown): unknown {
  // A hole of a sparse array reads as undefined: told apart from an undefined item.
  if (Array.isArray(this) && key !== '' && !Object.prototype.hasOwnProperty.call(this, key))
    return `${MARK}hole`;
  switch (typeof v) {
    case 'undefined':
      return `${MARK}undefined`;
    case 'boolean':
      return v;
    case 'number':
      return Number.isFinite(v) && !Object.is(v, -0) ? v : `${MARK}${Object.is(v, -0) ? '-0' : String(v)}`;
    case 'string':
      return v.startsWith(MARK) ? `${MARK}${v}` : v;
    case 'object':
      if (v === null) return v;
      if (!plainObject(v)) throw NOT_PLAIN;
      if (v instanceof Map) return { [`${MARK}map`]: [...v] };
      if (v instanceof Set) return { [`${MARK}set`]: [...v] };
      // An object with a key that looks like a mark above, as its entries.
      if (!Array.isArray(v) && Object.keys(v).some((k) => k.startsWith(MARK)))
        return { [`${MARK}object`]: Object.entries(v) };
      return v;
    default:
      throw NOT_PLAIN; // functions, symbols, bigints
  }
}
