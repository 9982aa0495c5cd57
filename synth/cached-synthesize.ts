/**
 * synthesizeFiles (synth/synthesize.ts) through the generation cache (synth/generation-cache.ts):
 * a cluster whose files are kept under its key is not generated again; the others are generated
 * as a fleet of just those clusters, of which only their own files are taken; the files of
 * dist/fleet/ no single cluster owns, and the checks across clusters, always come from the whole
 * fleet (each generator's `fleetWide` part, synth/generators.ts). The result is the same map,
 * byte for byte and in the same order, as generating everything, and so are the errors:
 *
 *   - the generators run in their order, each over the clusters not kept, so the first error a
 *     generator throws for one of them is the one the whole fleet would have thrown first (a kept
 *     cluster was generated without error from the same model before, and a cluster's own files
 *     depend on it alone);
 *   - a generator's fleet-wide part runs over the whole fleet before its run over the clusters
 *     not kept: the checks across clusters (the Argo CD AppProject names) report exactly what
 *     they report for the whole fleet.
 *
 * Files taken from the cache carry their text and value as generated. The files of each generated
 * cluster are kept once every generator has succeeded (not a cluster with a value that is not
 * plain data); a fleet in which two
 * clusters share a name is generated as a whole and nothing is kept.
 */
import {
  clusterOfDistPath,
  ClusterModel,
  FleetModel,
  GeneratedFile,
  GeneratedFiles,
  isPlainData,
} from '../model';
import { clusterGenerationKey, ClusterFilesRecord, GenerationCache, KeptFile } from './generation-cache';
import { GENERATORS, NamedGenerator } from './generators';
import { mergeGenerated, synthesizeFiles } from './synthesize';

/**
 * Every generated file of `fleet`, as synthesizeFiles returns it, with the clusters kept in
 * `cache` taken from it and the others kept there. `generators` are what the cache's records were
 * made by (GENERATORS; tests give spies of them); without a cache, synthesizeFiles itself.
 */
export function synthesizeThroughCache(
  fleet: FleetModel,
  cache: GenerationCache | undefined,
  generators: readonly NamedGenerator[] = GENERATORS,
): GeneratedFiles {
  const names = new Set(fleet.clusters.map((c) => c.name));
  if (cache === undefined || names.size !== fleet.clusters.length) return synthesizeFiles(fleet, generators);
  const kept: ClusterFilesRecord[] = [];
  const missing: ClusterModel[] = [];
  const keys = new Map<string, string>();
  for (const cluster of fleet.clusters) {
    const key = clusterGenerationKey(cluster);
    const record = key !== undefined ? cache.get(key) : undefined;
    if (record !== undefined && record.cluster === cluster.name) {
      kept.push(record);
      continue;
    }
    missing.push(cluster);
    if (key !== undefined) keys.set(cluster.name, key);
  }
  const files =
    kept.length === 0 ? synthesizeFiles(fleet, generators) : synthesizeRest(fleet, missing, kept, generators);
  keepClusters(cache, files, keys);
  return files;
}

/** The whole fleet's files: `kept` as they are, `missing` generated, the fleet-wide parts from `fleet`. */
function synthesizeRest(
  fleet: FleetModel,
  missing: readonly ClusterModel[],
  kept: readonly ClusterFilesRecord[],
  generators: readonly NamedGenerator[],
): GeneratedFiles {
  const part: FleetModel = { clusters: missing };
  const own = new Set(missing.map((c) => c.name));
  const parts: [string, () => ReadonlyMap<string, GeneratedFile>][] = [];
  for (const g of generators) {
    const fleetWide = g.fleetWide;
    if (fleetWide !== undefined) parts.push([g.name, () => fleetWide(fleet)]);
    if (missing.length > 0) parts.push([g.name, () => clustersOwnFiles(g, part, own)]);
  }
  parts.push([
    'generation cache',
    () => new Map(kept.flatMap((r) => r.files.map((f) => [f[0], keptFile(f)] as const))),
  ]);
  return mergeGenerated(parts);
}

/** The files `g` generates for `part` that belong to one of its clusters (`own`, by name). */
function clustersOwnFiles(g: NamedGenerator, part: FleetModel, own: ReadonlySet<string>): GeneratedFiles {
  const files: GeneratedFiles = new Map();
  for (const [path, file] of g.generate(part)) {
    const cluster = clusterOfDistPath(path);
    if (cluster !== undefined && own.has(cluster)) files.set(path, file);
    else if (g.fleetWide === undefined)
      throw new Error(
        `the '${g.name}' generator produced '${path}', which is no file of the clusters it was given: ` +
          'a generator that writes files no single cluster owns needs a fleetWide part (synth/generators.ts)',
      );
  }
  return files;
}

/** A kept file as generated: its text, and its value when it had one. */
function keptFile([, text, value]: KeptFile): GeneratedFile {
  return value !== undefined ? { text, value } : { text };
}

/** Keeps the files of each cluster named in `keys` (name → key), in path order. */
function keepClusters(
  cache: GenerationCache,
  files: GeneratedFiles,
  keys: ReadonlyMap<string, string>,
): void {
  if (keys.size === 0) return;
  const byCluster = new Map<string, KeptFile[]>();
  const notPlain = new Set<string>();
  for (const [path, file] of files) {
    const cluster = clusterOfDistPath(path);
    if (cluster === undefined || !keys.has(cluster)) continue;
    let list = byCluster.get(cluster);
    if (list === undefined) byCluster.set(cluster, (list = []));
    if (file.value === undefined) list.push([path, file.text]);
    else if (isPlainData(file.value)) list.push([path, file.text, file.value]);
    else notPlain.add(cluster);
  }
  for (const [cluster, key] of keys)
    if (!notPlain.has(cluster)) cache.set(key, { cluster, files: byCluster.get(cluster) ?? [] });
}
