/**
 * A node class or node pool named both in `_defaults.yaml` and in a cluster file would be
 * merged key by key without a word (the cluster's values over the defaults'). That is an
 * error unless the cluster file lists the name under `overridesDefaults`, so every such
 * merge is visible in review. A listed name that overrides nothing is an error too.
 */
import { Diagnostic } from '../shared/diagnostics';
import { LocatedNode, PathSegment, formatPath, keyLocAt, locAt, nodeAt } from '../parse/located';
import { RawCluster } from '../parse/raw-fleet';
import { show } from '../shared/show-value';

const KINDS = [
  ['nodeClasses', 'node class'],
  ['nodePools', 'node pool'],
] as const;

/** `defaultsRoot` and `clusterRoot` are the two files as parsed, before they are merged. */
export function checkDefaultsOverrides(
  defaultsRoot: LocatedNode,
  clusterRoot: LocatedNode,
  raw: RawCluster,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const error = (path: PathSegment[], anchorKey: boolean, message: string, fix: string) => {
    const loc = anchorKey ? keyLocAt(clusterRoot, path) : locAt(clusterRoot, path);
    out.push({ severity: 'error', ...loc, path: formatPath(path), message, fix });
  };
  for (const [kind, what] of KINDS) {
    const inDefaults = nodeAt(defaultsRoot, [kind]);
    const inCluster = nodeAt(clusterRoot, [kind]);
    const defaultNames = inDefaults?.kind === 'map' ? inDefaults.entries : new Map();
    const clusterNames = inCluster?.kind === 'map' ? [...inCluster.entries.keys()] : [];
    const declared = raw.overridesDefaults?.[kind] ?? [];
    for (const name of clusterNames) {
      const prior = defaultNames.get(name);
      if (prior === undefined || declared.includes(name)) continue;
      const at = prior.keyLoc;
      error(
        [kind, name],
        true,
        `${what} '${show(name)}' is also defined in ${at.file}:${at.line}:${at.col}, and the two would be merged key by key`,
        `Rename it, or add it to overridesDefaults.${kind} to merge it over the default knowingly`,
      );
    }
    declared.forEach((name, i) => {
      if (!defaultNames.has(name)) {
        error(
          ['overridesDefaults', kind, i],
          false,
          `'${show(name)}' overrides nothing: _defaults.yaml defines no ${what} '${show(name)}'`,
          `Remove it from overridesDefaults.${kind}`,
        );
      } else if (!clusterNames.includes(name)) {
        error(
          ['overridesDefaults', kind, i],
          false,
          `'${show(name)}' is listed, but this file defines no ${what} '${show(name)}'`,
          `Remove it from overridesDefaults.${kind}, or define ${kind}.${show(name)} here`,
        );
      }
    });
  }
  return out;
}
