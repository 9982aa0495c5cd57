/**
 * The parsed, validated and resolved form of each cluster file, kept by content so that a run
 * over an unchanged file does not parse, check and resolve it again: one file per cluster file
 * under the user's cache folder (`$XDG_CACHE_HOME/karpenter-gitops/fleet/`, `~/.cache/…` by
 * default; the cfn-lint cache's convention), named by the sha256 of everything its load depends on:
 *
 *   - the cluster file's path and bytes, `_defaults.yaml`'s path and bytes and the digest of the
 *     repository's imports (model/check/cluster-load-record.ts `clusterLoadKey`),
 *   - the build of the tool (`toolBuildIdentity`): the installed package's `lib/build-id.json`,
 *     or for a repository build every file of build/ and imports/ and package-lock.json by
 *     path, size and modification time; a run from the TypeScript sources (ts-node, jest) has no
 *     build identity and keeps nothing,
 *   - Node's version (the records are V8's structured-clone serialization).
 *
 * What is kept is what loading the file added to the run (model/check/cluster-load-record.ts):
 * its warnings exactly as reported, with their file:line positions, its merged located tree
 * (every later finding that points back at the fleet reads positions from it) and its model.
 * The located tree (about five sixths of a record) is kept as its own V8 payload inside the
 * record and read back when first used (`keptEntry`): a run over an unchanged fleet uses none,
 * since the findings of the checks across clusters are kept too, under the record keys of every
 * cluster file (model/check/check-across-clusters.ts).
 * A `_defaults.yaml` that passed its schema as written is noted by the same key (its schema is not
 * compiled again for it). Only files loaded without errors are kept. With repository imports
 * (karpenter-imports/) the digest of every import file is in every key
 * (io/repository-imports.ts `treeDigest`), and a model's imported version is kept as its version
 * string and linked again to the run's registry (model/check/cluster-load-record.ts `linkedRecord`). Each file starts with the format line and the sha256 of the rest: a file that is not
 * exactly what this code wrote (truncated, edited, another format) is ignored and replaced.
 * Written atomically; the least recently used beyond CACHE_ENTRIES_KEPT are deleted.
 * `KARPENTER_GITOPS_FLEET_CACHE=off` turns it off.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { markUsed, pruneLeastRecentlyUsed } from './cache-folder';
import { homedir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type {
  AcrossClustersCache,
  ClusterLoadCache,
  ClusterLoadRecord,
  FleetEntry,
} from '../model/load-fleet';
import type { Diagnostic } from '../model';
import { isDiagnostic } from '../model/basics';
import { writeFileAtomically } from './atomic-write';
import { findToolRoot } from './tool-root';

/** First line of every cache file; bumped when what a file holds changes shape. */
const CACHE_FORMAT = 'karpenter-gitops fleet cache 2';

/** The environment variable that turns the cache off (`off`). */
export const FLEET_CACHE_ENV = 'KARPENTER_GITOPS_FLEET_CACHE';

/** Cache files kept; the least recently used beyond this are deleted (io/fleet-load-cache.ts `pruneFleetCache`). */
export const CACHE_ENTRIES_KEPT = 5000;

/** The cache folder (XDG base directory convention); `sub` names the cache. */
export function fleetCacheDir(
  env: NodeJS.ProcessEnv,
  sub: 'fleet' | 'validation' | 'generated' = 'fleet',
): string {
  const home = env.HOME !== undefined && env.HOME !== '' ? env.HOME : homedir();
  const base =
    env.XDG_CACHE_HOME !== undefined && env.XDG_CACHE_HOME !== '' ? env.XDG_CACHE_HOME : join(home, '.cache');
  return join(base, 'karpenter-gitops', sub);
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * Identity of the tool's build this module belongs to, or undefined (running from the
 * TypeScript sources: nothing is kept). See the header for what it covers.
 */
export function toolBuildIdentity(from: string = __dirname): string | undefined {
  const root = findToolRoot(from);
  const rel = relative(root, from).split(sep);
  if (rel[0] === 'lib') {
    try {
      const parsed = JSON.parse(readFileSync(join(root, 'lib', 'build-id.json'), 'utf8')) as { id?: unknown };
      return typeof parsed.id === 'string' ? `package ${parsed.id}` : undefined;
    } catch {
      return undefined;
    }
  }
  if (rel[0] !== 'build') return undefined;
  const lines: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const file = join(dir, name);
      let st: ReturnType<typeof statSync>;
      try {
        st = statSync(file, { throwIfNoEntry: false });
      } catch {
        st = undefined;
      }
      if (st?.isDirectory()) walk(file);
      else if (st) lines.push(`${relative(root, file)}\0${st.size}\0${st.mtimeMs}`);
    }
  };
  walk(join(root, 'build'));
  walk(join(root, 'imports'));
  let lock: ReturnType<typeof statSync>;
  try {
    lock = statSync(join(root, 'package-lock.json'), { throwIfNoEntry: false });
  } catch {
    lock = undefined;
  }
  lines.push(`package-lock.json\0${lock?.size}\0${lock?.mtimeMs}`);
  return `repository build ${sha256(lines.join('\n'))}`;
}

/** Records kept by key in `dir` for the tool build `identity`: a V8 payload checked by its sha256. */
export function keptRecords<T>(
  dir: string,
  identity: string,
  valid: (v: unknown) => v is T,
): { get(key: string): T | undefined; set(key: string, record: T): void; readonly written: number } {
  let written = 0;
  const fileOf = (key: string) =>
    join(dir, `${sha256(JSON.stringify([CACHE_FORMAT, identity, process.version, key]))}.v8`);
  return {
    get written() {
      return written;
    },
    get: (key) => {
      const r = readRecord(fileOf(key));
      return r !== undefined && valid(r) ? r : undefined;
    },
    set: (key, record) => {
      try {
        const payload = serialize(record);
        const head = Buffer.from(`${CACHE_FORMAT}\n${sha256(payload)}\n`, 'utf8');
        writeFileAtomically(fileOf(key), Buffer.concat([head, payload]));
        written++;
      } catch {
        // A cache that cannot be written is no cache; the run goes on.
      }
    },
  };
}

/**
 * A record as written: its entry without the located tree, which is kept beside it as its own V8
 * payload (`root`) and read back on first use only (`keptEntry`).
 */
interface StoredRecord extends Omit<ClusterLoadRecord, 'entry'> {
  readonly entry: Omit<FleetEntry, 'root'>;
  readonly root: Uint8Array;
}

/** The cluster-file cache in `dir` for the tool build `identity`. */
export function fleetLoadCache(
  dir: string,
  identity: string,
): ClusterLoadCache & {
  readonly acrossClusters: AcrossClustersCache;
  readonly written: number;
  readonly rootsRead: number;
} {
  const records = keptRecords(dir, identity, isStoredRecord);
  const passed = keptRecords(dir, identity, (v): v is true => v === true);
  const across = keptRecords(dir, identity, isDiagnosticList);
  let rootsRead = 0;
  return {
    get written() {
      return records.written + passed.written + across.written;
    },
    /** Located trees of the records given back that were read (each once, on first use). */
    get rootsRead() {
      return rootsRead;
    },
    get: (key) => {
      const stored = records.get(key);
      if (stored === undefined) return undefined;
      const { root, ...rest } = stored;
      return { ...rest, entry: keptEntry(stored.entry, root, () => rootsRead++) };
    },
    set: (key, record) => {
      const { root, ...entry } = record.entry;
      records.set(key, { ...record, entry, root: serialize(root) });
    },
    defaultsPassed: (key) => passed.get(`defaults passed ${key}`) === true,
    recordDefaultsPassed: (key) => passed.set(`defaults passed ${key}`, true),
    acrossClusters: {
      get: (key) => across.get(`across clusters ${key}`),
      set: (key, findings) => across.set(`across clusters ${key}`, findings),
    },
  };
}

/**
 * A kept entry whose located tree is deserialized when first read (`read` is told), the same
 * tree every time after: most runs over a kept record never read it (only positions of findings
 * and a few checks across clusters do, and their findings are kept too).
 */
function keptEntry(entry: Omit<FleetEntry, 'root'>, bytes: Uint8Array, read: () => void): FleetEntry {
  let root: FleetEntry['root'] | undefined;
  const { name, nameLoc, ...rest } = entry;
  return {
    name,
    nameLoc,
    get root(): FleetEntry['root'] {
      if (root === undefined) {
        read();
        root = deserialize(bytes) as FleetEntry['root'];
      }
      return root;
    },
    ...rest,
  };
}

/** The cache of the environment, or undefined when it is off or the build has no identity. */
export function defaultFleetLoadCache(env: NodeJS.ProcessEnv = process.env): ClusterLoadCache | undefined {
  const identity = cacheIdentity(env);
  if (identity === undefined) return undefined;
  const dir = fleetCacheDir(env);
  pruneFleetCache(dir);
  return fleetLoadCache(dir, identity);
}

/** This process's build identity, worked out once (a repository build's lists every built file). */
let processIdentity: { readonly id: string | undefined } | undefined;

/**
 * The build identity when caches are on (not turned off, a build with an identity): worked out
 * once per process, which never runs another build than the one it loaded (the fleet load cache,
 * the validation findings and the generated files each ask for it).
 */
export function cacheIdentity(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env[FLEET_CACHE_ENV] === 'off') return undefined;
  processIdentity ??= { id: toolBuildIdentity() };
  return processIdentity.id;
}

/** The record in `file`, or undefined (none, or not exactly what this code wrote). */
function readRecord(file: string): unknown {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const first = bytes.indexOf(0x0a);
  const second = first < 0 ? -1 : bytes.indexOf(0x0a, first + 1);
  if (second < 0 || bytes.toString('utf8', 0, first) !== CACHE_FORMAT) return undefined;
  const payload = bytes.subarray(second + 1);
  if (bytes.toString('utf8', first + 1, second) !== sha256(payload)) return undefined;
  let record: unknown;
  try {
    record = deserialize(payload);
  } catch {
    return undefined;
  }
  markUsed(file);
  return record;
}

function isStoredRecord(v: unknown): v is StoredRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  const entry = r.entry as Record<string, unknown> | undefined;
  return (
    typeof r.merged === 'boolean' &&
    (r.imported === undefined || typeof r.imported === 'string') &&
    Array.isArray(r.freeText) &&
    Array.isArray(r.reports) &&
    Array.isArray(r.secrets) &&
    ArrayBuffer.isView(r.root) &&
    typeof entry === 'object' &&
    entry !== null &&
    !('root' in entry) &&
    typeof entry.name === 'string' &&
    typeof entry.nameLoc === 'object' &&
    typeof entry.model === 'object'
  );
}

function isDiagnosticList(v: unknown): v is readonly Diagnostic[] {
  return Array.isArray(v) && v.every(isDiagnostic);
}

/**
 * Deletes the least recently used cache files beyond `keep`, once there are a tenth more than
 * that (checked once a run).
 */
export function pruneFleetCache(dir: string, keep: number = CACHE_ENTRIES_KEPT): void {
  pruneLeastRecentlyUsed(dir, '.v8', keep, Math.floor(keep / 10));
}
