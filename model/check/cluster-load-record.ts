/**
 * What loading one cluster file does to the load of the whole fleet, as a value: the findings it
 * reported (through the `_defaults.yaml` collector, in order), the free-text strings and secret
 * values it found, whether it was merged over `_defaults.yaml`, and its entry for the checks
 * across clusters (name, merged located tree, resolved model). model/load-fleet.ts applies a
 * record the same way whether the cluster was loaded just now or the record was kept from an
 * earlier run (a cache, io/fleet-load-cache.ts): one code path, so a kept record gives exactly
 * the run's findings, messages and model.
 *
 * A record may be kept only when loading the file found no error and no YAML problem, and when
 * everything in it is plain data (objects, arrays, Maps, Sets, primitives) that a structured
 * clone gives back as it was. The one object it refers to that is not its own, the imported
 * Karpenter version its model names (`karpenter.imported`, the repository's registry,
 * model/shared/imported-versions.ts), is kept as its version string and linked again to the
 * registry of the run that uses the record (a version the registry no longer has: not used).
 */
import { createHash } from 'node:crypto';
import type { Diagnostic } from '../shared/diagnostics';
import type { DefaultsFindings } from '../shared/defaults-findings';
import type { FleetEntry } from './check-fleet';
import type { ClusterModel } from '../shared/fleet-model';
import type { RepositoryImports } from '../shared/imported-versions';
import type { SecretValue } from './check-secrets';
import type { AcrossClustersCache } from './check-across-clusters';
import { isPlainData } from '../shared/plain-data';

/** Bumped when a record's shape or what decides it changes. */
export const CLUSTER_LOAD_RECORD_FORMAT = 'karpenter-gitops cluster load record 3';

export interface ClusterLoadRecord {
  /** The file was merged over `_defaults.yaml` (counted for its findings' "when merged into"). */
  readonly merged: boolean;
  /** Free-text strings of the merged tree, in the order found (messages mask them). */
  readonly freeText: readonly string[];
  /** Each report to the `_defaults.yaml` collector, in order: the file reported for, the findings. */
  readonly reports: readonly (readonly [string, readonly Diagnostic[]])[];
  readonly secrets: readonly SecretValue[];
  /** As loaded; as kept, its model's `karpenter.imported` is left out (see `imported`). */
  readonly entry: FleetEntry;
  /**
   * As kept: the imported version the model names (`karpenter.imported.version`), linked again
   * to the registry on use. @default none (a shipped version, or a record not kept)
   */
  readonly imported?: string;
}

/** Keeps and gives back records by key (a cache by content). */
export interface ClusterLoadCache {
  get(key: string): ClusterLoadRecord | undefined;
  set(key: string, record: ClusterLoadRecord): void;
  /** Whether `_defaults.yaml` with this key (`clusterLoadKey` of it alone) passed its schema before. @default never */
  readonly defaultsPassed?: (key: string) => boolean;
  /** Keeps that `_defaults.yaml` with this key passed its schema. @default nothing kept */
  readonly recordDefaultsPassed?: (key: string) => void;
  /**
   * The findings of the checks across clusters of a fleet whose every cluster file has a record
   * (model/check/check-across-clusters.ts). @default none kept: they run every time
   */
  readonly acrossClusters?: AcrossClustersCache;
}

/** A file as the loader reads it. */
interface KeyedSource {
  readonly path: string;
  readonly text: string;
}

/**
 * The key of one cluster file's record: everything its load reads that can change between runs
 * of one build of the tool (the caller adds the build): its path and text, those of
 * `_defaults.yaml`, and the digest of the repository's imports (`RepositoryImports.digest`, ''
 * without imports: their CRDs decide checks, pass-through and resolution too).
 */
export function clusterLoadKey(
  source: KeyedSource,
  defaults: KeyedSource | undefined,
  importsDigest: string,
): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        CLUSTER_LOAD_RECORD_FORMAT,
        source.path,
        source.text,
        defaults?.path ?? null,
        defaults?.text ?? null,
        importsDigest,
      ]),
    )
    .digest('hex');
}

/**
 * Whether `record` may be kept: loaded without errors (warnings are kept and given back), resolved,
 * and plain data throughout once its imported version is left out (`keptForm`).
 */
export function keepableRecord(record: ClusterLoadRecord, directFindings: number): boolean {
  if (directFindings > 0 || record.entry.model === undefined) return false;
  if (record.reports.some(([, list]) => list.some((d) => d.severity === 'error'))) return false;
  return isPlainData(keptForm(record));
}

/** `record` as kept: its model's imported version as the version string (`imported`). */
export function keptForm(record: ClusterLoadRecord): ClusterLoadRecord {
  const model = record.entry.model;
  const imported = model?.karpenter.imported;
  if (model === undefined || imported === undefined) return record;
  return {
    ...record,
    entry: { ...record.entry, model: withImported(model, imported.version) },
    imported: imported.version,
  };
}

/**
 * `model` with `karpenter.imported` replaced (its version string as kept, the registry's object
 * when used), in its place among the keys: the model reads the same either way.
 */
function withImported(model: ClusterModel, imported: unknown): ClusterModel {
  const karpenter = Object.fromEntries(
    Object.entries(model.karpenter).map(([k, v]) => [k, k === 'imported' ? imported : v]),
  ) as unknown as ClusterModel['karpenter'];
  return { ...model, karpenter };
}

/**
 * A kept record as the run on `imports` uses it: its imported version linked again to the
 * registry's; undefined when the registry has no such version (the record is not used).
 */
export function linkedRecord(
  kept: ClusterLoadRecord,
  imports: RepositoryImports,
): ClusterLoadRecord | undefined {
  if (kept.imported === undefined) return kept;
  const imported = imports.karpenter.get(kept.imported);
  const model = kept.entry.model;
  if (
    imported === undefined ||
    model === undefined ||
    model.karpenter.version !== kept.imported ||
    (model.karpenter.imported as unknown) !== kept.imported
  )
    return undefined;
  return {
    merged: kept.merged,
    freeText: kept.freeText,
    reports: kept.reports,
    secrets: kept.secrets,
    entry: entryWithModel(kept.entry, withImported(model, imported)),
  };
}

/**
 * `entry` with `model` in its place; every other property as it is, not read: a kept entry's
 * located tree is read back on first use only (io/fleet-load-cache.ts).
 */
function entryWithModel(entry: FleetEntry, model: ClusterModel): FleetEntry {
  return Object.defineProperties(
    {},
    {
      ...Object.getOwnPropertyDescriptors(entry),
      model: { value: model, enumerable: true, writable: true, configurable: true },
    },
  ) as FleetEntry;
}

/** The `_defaults.yaml` collector as a cluster's load uses it. */
export type DefaultsCollector = Pick<DefaultsFindings, 'merged' | 'report'>;

/** What the load of one cluster file adds to: the run's findings and what messages mask. */
export interface LoadSink {
  readonly diagnostics: Diagnostic[];
  readonly inDefaults: DefaultsCollector;
  readonly secrets: SecretValue[];
  readonly freeText: Set<string>;
  /** The registry a kept record's imported version is linked to again. */
  readonly imports: RepositoryImports;
}

/**
 * `load` (one cluster file into `run`) through its record: a kept record is applied as it was
 * made; otherwise the file is loaded into a record, which is applied the same way and kept when
 * it may be. `recorded` is called when the entry returned is a record's (kept before, or one that
 * may be kept now): decided by `key` alone.
 */
export function loadThroughCache<R extends LoadSink>(
  run: R,
  cache: ClusterLoadCache,
  key: string,
  load: (recording: R) => FleetEntry | undefined,
  recorded: () => void = () => undefined,
): FleetEntry | undefined {
  const found = cache.get(key);
  const kept = found !== undefined ? linkedRecord(found, run.imports) : undefined;
  if (kept) {
    applyFound(run, kept);
    recorded();
    return kept.entry;
  }
  const direct: Diagnostic[] = [];
  const reports: [string, Diagnostic[]][] = [];
  const counter = { merged: 0 };
  const recording: R = {
    ...run,
    diagnostics: direct,
    inDefaults: {
      get merged() {
        return counter.merged;
      },
      set merged(n: number) {
        counter.merged = n;
      },
      report: (file: string, list: readonly Diagnostic[]) => void reports.push([file, [...list]]),
    },
    secrets: [],
    freeText: new Set<string>(),
  };
  const entry = load(recording);
  // In the load's order: the file's own YAML problems first, then what it reported.
  run.diagnostics.push(...direct);
  const loaded = {
    merged: counter.merged > 0,
    freeText: [...recording.freeText],
    reports,
    secrets: recording.secrets,
  };
  applyFound(run, loaded);
  if (!entry) return undefined;
  const record: ClusterLoadRecord = { ...loaded, entry };
  if (keepableRecord(record, direct.length)) {
    cache.set(key, keptForm(record));
    recorded();
  }
  return entry;
}

/** What loading one file adds to the load of the fleet, in the load's order. */
function applyFound(run: LoadSink, found: Omit<ClusterLoadRecord, 'entry' | 'imported'>): void {
  if (found.merged) run.inDefaults.merged++;
  for (const text of found.freeText) run.freeText.add(text);
  for (const [file, list] of found.reports) run.inDefaults.report(file, list);
  run.secrets.push(...found.secrets);
}
