/**
 * Each cluster's generated files kept across runs, so that a run over a cluster generated before
 * does not run the charts for it again (synth/cached-synthesize.ts). One file per cluster under
 * the user's cache folder (`$XDG_CACHE_HOME/karpenter-gitops/generated/`, `~/.cache/…`; the
 * store, conventions and off switch of the fleet load cache, io/fleet-load-cache.ts), named by
 * the sha256 of everything that decides the cluster's files:
 *
 *   - the cluster's resolved model (`clusterGenerationKey`) as plain data (the form a fleet load
 *     record keeps) in one canonical text (model/shared/plain-data.ts `plainDataText`: the same
 *     for a model loaded just now and for its copy from the fleet load cache): every field, its
 *     source positions (they reach generated headers) included. Generators are pure
 *     functions of the fleet (synth/generators.ts), and a cluster's own files depend on it alone
 *     (what `check --shard` relies on and proves, review/shard-steps.ts); the fleet model adds
 *     nothing across clusters (model/resolve/resolve-fleet.ts `resolveFleet` only sorts). On an
 *     imported version, the registry's object is keyed by its own fields (version, folders,
 *     chart) and the digest of its artifact folder (io/repository-imports.ts
 *     `importedFolderDigest`) instead of what was read from that folder;
 *   - the build of the tool and Node's version (io/fleet-load-cache.ts `keptRecords`).
 *
 * A model that is not plain data all the way down (a class instance, a function) has no key and
 * is generated every run. What is kept is each file's path, text and value (the one document the
 * text reads back as, which validation takes instead of parsing the text: model/shared/
 * generated-file.ts), the value only where the generator gave one and it is plain data. Each file
 * starts with the format line and the sha256 of the rest (a file not exactly as written is
 * ignored); written atomically; the least recently used beyond CACHE_ENTRIES_KEPT are deleted.
 * `KARPENTER_GITOPS_FLEET_CACHE=off` turns it off, and a run from the TypeScript sources keeps
 * nothing (no build identity).
 */
import { createHash } from 'node:crypto';
import { clusterOfDistPath, ClusterModel, plainDataText } from '../model';
import { cacheIdentity, fleetCacheDir, keptRecords, pruneFleetCache } from '../io/fleet-load-cache';
import { importedFolderDigest } from '../io/repository-imports';

/** Bumped when a record's shape or what decides it changes. */
export const CLUSTER_GENERATION_FORMAT = 'karpenter-gitops cluster generation 1';

/**
 * The files generated for one cluster: its name and each file's dist/-relative path, text and,
 * where the generator gave one, value (model/shared/generated-file.ts), in path order.
 */
export interface ClusterFilesRecord {
  readonly cluster: string;
  readonly files: readonly KeptFile[];
}

/** One kept file: path, text, and value (plain data, a structured clone's copy) when it has one. */
export type KeptFile = readonly [path: string, text: string, value?: unknown];

/** Keeps and gives back records by key (a cache by content). */
export interface GenerationCache {
  get(key: string): ClusterFilesRecord | undefined;
  set(key: string, record: ClusterFilesRecord): void;
}

/** Fields of an imported version read from its artifact folder: keyed by the folder's digest instead. */
const READ_FROM_FOLDER: ReadonlySet<string> = new Set(['schemas', 'crdFacts', 'carryOver']);

/**
 * The key of the files generated for `cluster` (see the header), or undefined when its model is
 * not plain data. `folderDigest`: the digest of an imported version's artifact folder.
 */
export function clusterGenerationKey(
  cluster: ClusterModel,
  folderDigest: (artifactDir: string) => string = importedFolderDigest,
): string | undefined {
  const imported = cluster.karpenter.imported;
  let keyed: unknown = cluster;
  if (imported !== undefined) {
    const own = Object.entries(imported).filter(([k]) => !READ_FROM_FOLDER.has(k));
    const stands = Object.fromEntries([...own, ['folderDigest', folderDigest(imported.artifactDir)]]);
    // In its place among the keys, as a load record keeps it (model/check/cluster-load-record.ts).
    const karpenter = Object.fromEntries(
      Object.entries(cluster.karpenter).map(([k, v]) => [k, k === 'imported' ? stands : v]),
    );
    keyed = { ...cluster, karpenter };
  }
  const text = plainDataText(keyed);
  if (text === undefined) return undefined;
  return createHash('sha256').update(`${CLUSTER_GENERATION_FORMAT}\0${text}`).digest('hex');
}

/** Whether `v` is a record as this code writes it: every path the named cluster's. */
export function isClusterFilesRecord(v: unknown): v is ClusterFilesRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  const cluster = r.cluster;
  return (
    typeof cluster === 'string' &&
    Array.isArray(r.files) &&
    r.files.every(
      (f: unknown) =>
        Array.isArray(f) &&
        (f.length === 2 || f.length === 3) &&
        typeof f[0] === 'string' &&
        typeof f[1] === 'string' &&
        clusterOfDistPath(f[0]) === cluster,
    )
  );
}

/** The generation cache in `dir` for the tool build `identity`. */
export function generationCache(
  dir: string,
  identity: string,
): GenerationCache & { readonly written: number } {
  return keptRecords(dir, identity, isClusterFilesRecord);
}

/** The cache of the environment, or undefined when caches are off or the build has no identity. */
export function defaultGenerationCache(env: NodeJS.ProcessEnv = process.env): GenerationCache | undefined {
  const identity = cacheIdentity(env);
  if (identity === undefined) return undefined;
  const dir = fleetCacheDir(env, 'generated');
  pruneFleetCache(dir);
  return generationCache(dir, identity);
}
