/**
 * Where a field of a fleet file is written, for steps after loading (synth maps a finding on a
 * generated object back to the fleet field its value came from): the field itself when the
 * cluster file or `_defaults.yaml` writes it, else its nearest written ancestor.
 */
import { SourceLocation } from '../shared/fleet-model';
import { PathSegment } from '../shared/path-segment';
import { aliasAt, LocatedNode, nodeAt, toPlain } from './located';
import { parseFleetSource } from './yaml-source';

/** Each file's text, by project-relative path; undefined when it cannot be read. */
export type FleetText = (file: string) => string | undefined;

const trees = new WeakMap<FleetText, Map<string, LocatedNode | undefined>>();

function treeOf(textOf: FleetText, file: string): LocatedNode | undefined {
  let cache = trees.get(textOf);
  if (cache === undefined) {
    cache = new Map();
    trees.set(textOf, cache);
  }
  if (!cache.has(file)) {
    const text = textOf(file);
    cache.set(file, text === undefined ? undefined : parseFleetSource(file, text).root);
  }
  return cache.get(file);
}

/**
 * The location of `path` in `files` (the cluster file first, then `_defaults.yaml`), trying
 * shorter paths, down to `minLength` segments, until one is written; undefined when none is.
 * Behind an alias, the place the alias is used. `minLength` @default 1.
 */
export function fleetFieldLocation(
  textOf: FleetText,
  files: readonly string[],
  path: readonly PathSegment[],
  minLength = 1,
): { readonly loc: SourceLocation; readonly path: readonly PathSegment[] } | undefined {
  for (let n = path.length; n >= Math.max(1, minLength); n--) {
    const prefix = path.slice(0, n);
    for (const file of files) {
      const root = treeOf(textOf, file);
      const node = root && nodeAt(root, prefix);
      if (root && node) return { loc: aliasAt(root, prefix) ?? node.loc, path: prefix };
    }
  }
  return undefined;
}

/** The value written at `path` in the first of `files` that writes it (as plain data); undefined when none does. */
export function fleetFieldValue(
  textOf: FleetText,
  files: readonly string[],
  path: readonly PathSegment[],
): unknown {
  for (const file of files) {
    const root = treeOf(textOf, file);
    const node = root && nodeAt(root, path);
    if (node) return toPlain(node);
  }
  return undefined;
}
