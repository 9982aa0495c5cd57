/**
 * A location inside a manifest, kept as segments so the drift rules can match on structure
 * and the report can print it compactly.
 *
 *   spec.template.spec.requirements[kubernetes.io/arch].values
 *   spec.amiSelectorTerms[0].alias
 *   spec.tags["karpenter.sh/discovery"]
 */
export type FieldPathSegment =
  /** A key of a map. */
  | { readonly key: string }
  /** A position in a list whose elements have no identity. */
  | { readonly index: number }
  /** An element of a list identified by one of its fields (`key`, `deviceName`, `name`). */
  | { readonly idField: string; readonly id: string };

export type FieldPath = readonly FieldPathSegment[];

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

export function formatPath(path: FieldPath): string {
  let out = '';
  for (const seg of path) {
    if ('key' in seg) {
      out += PLAIN_KEY.test(seg.key) ? (out ? `.${seg.key}` : seg.key) : `[${JSON.stringify(seg.key)}]`;
    } else if ('index' in seg) {
      out += `[${seg.index}]`;
    } else {
      out += `[${seg.id}]`;
    }
  }
  return out;
}

/** The map keys and list identities of a path, indexes as `#`: what the drift rules match on. */
export function pathKeys(path: FieldPath): string[] {
  return path.map((seg) => ('key' in seg ? seg.key : '#'));
}

/** True when `path` starts with the given map keys (`#` matches any list element). */
export function startsWith(path: FieldPath, prefix: readonly string[]): boolean {
  const keys = pathKeys(path);
  return prefix.length <= keys.length && prefix.every((p, i) => p === keys[i]);
}
