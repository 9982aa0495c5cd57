/**
 * After schema errors, drop the invalid parts of a cluster so the semantic checks can still
 * run on the rest and every mistake of a file is reported at once. Only map keys are
 * removed (never list items, which would shift the indices, and so the positions, of the
 * items after them): an invalid list item removes its whole list.
 */
import { ErrorObject } from 'ajv';
import { pointerToPath } from './schema-errors';

/** Most rounds of prune-and-revalidate (a removed key can make its parent invalid). */
const MAX_ROUNDS = 4;

/**
 * The value without its invalid parts, valid against `validate`; undefined when that is not
 * reachable by removing optional keys (e.g. a required top-level key is missing).
 */
export function pruneInvalid(
  value: unknown,
  errors: readonly ErrorObject[],
  validate: (v: unknown) => boolean,
  errorsOf: () => readonly ErrorObject[],
): unknown {
  const current: unknown = structuredClone(value);
  let pending = errors;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    for (const err of pending) {
      const path = pointerToPath(err.instancePath).map(String);
      if (err.keyword === 'additionalProperties') {
        path.push(String((err.params as { additionalProperty: string }).additionalProperty));
      }
      // A missing key makes the map that lacks it invalid: remove that map (path as is).
      if (!removeMapKey(current, path)) return undefined;
    }
    if (validate(current)) return current;
    pending = errorsOf();
  }
  return undefined;
}

/** Remove the map key at `path`, walking up past list items; false when that reaches the root. */
function removeMapKey(root: unknown, path: readonly string[]): boolean {
  for (let n = path.length; n > 0; n--) {
    const parent = at(root, path.slice(0, n - 1));
    if (parent === undefined) return true; // already removed with an ancestor
    if (parent !== null && typeof parent === 'object' && !Array.isArray(parent)) {
      delete (parent as Record<string, unknown>)[path[n - 1]];
      return true;
    }
  }
  return false;
}

function at(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const seg of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[seg];
  }
  return node;
}
