/**
 * A YAML document as a tree of values that remember where they were written. The loader
 * builds one per file, deep-merges `_defaults.yaml` under each cluster file (each value
 * keeps the position of the file it came from), validates the plain form and maps every
 * problem back to `file:line:col`.
 */
import { SourceLocation } from '../shared/fleet-model';
import { PathSegment } from '../shared/path-segment';
import { show } from '../shared/show-value';

export type LocatedNode = LocatedMap | LocatedSeq | LocatedScalar;

export interface LocatedMap {
  readonly kind: 'map';
  readonly loc: SourceLocation;
  /** Where the alias (`*name`) that brought this value here is written. @default not an alias */
  readonly via?: SourceLocation;
  /** Insertion order as written. */
  readonly entries: ReadonlyMap<string, LocatedEntry>;
}

export interface LocatedEntry {
  /** Position of the key, where "unknown key" and "duplicate" errors point. */
  readonly keyLoc: SourceLocation;
  readonly value: LocatedNode;
}

export interface LocatedSeq {
  readonly kind: 'seq';
  readonly loc: SourceLocation;
  /** Where the alias (`*name`) that brought this value here is written. @default not an alias */
  readonly via?: SourceLocation;
  readonly items: readonly LocatedNode[];
}

export type ScalarValue = string | number | boolean | null;

export interface LocatedScalar {
  readonly kind: 'scalar';
  readonly loc: SourceLocation;
  /** Where the alias (`*name`) that brought this value here is written. @default not an alias */
  readonly via?: SourceLocation;
  readonly value: ScalarValue;
  /** The text as written (e.g. `0x1F`, `1.30`), used to suggest quoting. */
  readonly source: string;
  /** Written in quotes. */
  readonly quoted: boolean;
}

/** One step of a field path: a map key or a list index. */
export type { PathSegment };

/**
 * Deep merge: maps merge key by key (the `over` side wins, recursively); lists and scalars
 * from `over` replace `base` whole. Keys keep the order of `base`, new keys follow.
 */
export function mergeLocated(base: LocatedNode, over: LocatedNode): LocatedNode {
  if (base.kind !== 'map' || over.kind !== 'map') return over;
  const entries = new Map<string, LocatedEntry>(base.entries);
  for (const [key, item] of over.entries) {
    // An aliased map is merged entry by entry: each entry remembers the alias it came through.
    const entry = over.via && !item.value.via ? { ...item, value: { ...item.value, via: over.via } } : item;
    const prior = entries.get(key);
    entries.set(key, prior ? { keyLoc: entry.keyLoc, value: mergeLocated(prior.value, entry.value) } : entry);
  }
  return { kind: 'map', loc: over.loc, entries };
}

/** The node at `path`, or undefined when some step does not exist. */
export function nodeAt(root: LocatedNode, path: readonly PathSegment[]): LocatedNode | undefined {
  let node: LocatedNode | undefined = root;
  for (const seg of path) {
    if (!node) return undefined;
    if (node.kind === 'map') node = node.entries.get(String(seg))?.value;
    else if (node.kind === 'seq') node = typeof seg === 'number' ? node.items[seg] : undefined;
    else return undefined;
  }
  return node;
}

/**
 * Where the alias that brought the node at `path` here is written: the deepest node on the way
 * that came through an alias (`tags: *common`, then `tags.team` is reported at `*common`, not in
 * the anchor's text, which may be used several times); undefined when none did.
 */
export function aliasAt(root: LocatedNode, path: readonly PathSegment[]): SourceLocation | undefined {
  let node: LocatedNode | undefined = root;
  let via = root.via;
  for (const seg of path) {
    if (node.kind === 'map') node = node.entries.get(String(seg))?.value;
    else if (node.kind === 'seq') node = typeof seg === 'number' ? node.items[seg] : undefined;
    else node = undefined;
    if (!node) break;
    via = node.via ?? via;
  }
  return via;
}

/**
 * Position of the value at `path`; falls back to the nearest enclosing node that exists. A value
 * brought by an alias is placed where the alias is used (`aliasAt`).
 */
export function locAt(root: LocatedNode, path: readonly PathSegment[]): SourceLocation {
  for (let n = path.length; n >= 0; n--) {
    const prefix = path.slice(0, n);
    const node = nodeAt(root, prefix);
    if (node) return aliasAt(root, prefix) ?? node.loc;
  }
  return root.loc;
}

/**
 * Position of the key of the map entry at `path` (its value's position for list items); inside a
 * value brought by an alias, where the alias is used.
 */
export function keyLocAt(root: LocatedNode, path: readonly PathSegment[]): SourceLocation {
  if (path.length === 0) return root.loc;
  const parent = nodeAt(root, path.slice(0, -1));
  const last = path[path.length - 1];
  if (parent?.kind === 'map') {
    const entry = parent.entries.get(String(last));
    if (entry) return aliasAt(root, path) ?? entry.keyLoc;
  }
  return locAt(root, path);
}

/** The plain JSON-like value (what the schema validates and the resolver reads). */
export function toPlain(node: LocatedNode): unknown {
  switch (node.kind) {
    case 'scalar':
      return node.value;
    case 'seq':
      return node.items.map(toPlain);
    case 'map': {
      const out: Record<string, unknown> = {};
      for (const [key, entry] of node.entries) out[key] = toPlain(entry.value);
      return out;
    }
  }
}

/** `nodePools.loadtest.taints[0].effect`: dots between map keys (as written), `[i]` for list items. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else {
      // A key is user text: one line, bounded (a 200 000-character key is shown by its start).
      const key = show(seg);
      out += out ? `.${key}` : key;
    }
  }
  return out;
}
