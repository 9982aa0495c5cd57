/** A cache store (get/set by key) that counts what it gave back and what it kept. */
export interface KeyedStore<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

export type CountingStore<V> = KeyedStore<V> & { hits: number; sets: number };

/**
 * `inner`, counting its hits and sets; `read` turns what it gives back into what the caller sees
 * (e.g. test/support/in-this-realm.ts for records read in a child realm).
 */
export function counting<V>(inner: KeyedStore<V>, read: (value: V) => V = (v) => v): CountingStore<V> {
  const c: CountingStore<V> = {
    hits: 0,
    sets: 0,
    get: (key) => {
      const r = inner.get(key);
      if (r === undefined) return undefined;
      c.hits++;
      return read(r);
    },
    set: (key, value) => {
      c.sets++;
      inner.set(key, value);
    },
  };
  return c;
}
