/**
 * Reads the fleet description from disk: `<projectRoot>/clusters/*.yaml` (sorted), with the
 * mistakes only a file system has (a missing folder, a folder named like a fleet file, an
 * unreadable or oversized file, invalid UTF-8), then loads it with the pure pipeline
 * (model/load-fleet.ts). The only place that reads the fleet description.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { Diagnostic, RepositoryImports, UserError, wholeFileError } from '../model';
import { readRepositoryImports } from './repository-imports';
import { defaultFleetLoadCache } from './fleet-load-cache';
import { MAX_FILE_BYTES } from '../model/stages';
import {
  ClusterLoadCache,
  DEFAULTS_FILE,
  dedupeDiagnostics,
  FleetSource,
  LoadedFleet,
  loadFleetFromSources,
  LoadScope,
} from '../model/load-fleet';

export const DEFAULT_CLUSTERS_DIR = 'clusters';

export interface LoadFleetOptions {
  /**
   * Folder of the fleet description, relative to `projectRoot`.
   * @default 'clusters'
   */
  readonly clustersDir?: string;
  /**
   * The repository's imported Karpenter versions.
   * @default read from `<projectRoot>/karpenter-imports/` (io/repository-imports.ts)
   */
  readonly imports?: RepositoryImports;
  /**
   * Part of the fleet (`check --shard K/N`): the cluster files (paths as in diagnostics,
   * `clusters/shop.yaml`) read and loaded besides `_defaults.yaml`; no other file is read, and
   * no check across clusters runs.
   * @default every file, the whole fleet
   */
  readonly only?: ReadonlySet<string>;
  /** Told what a shard needs besides the result (model/load-fleet.ts LoadScope). @default not told */
  readonly onDetails?: LoadScope['onDetails'];
  /**
   * Cluster files loaded before, by content (io/fleet-load-cache.ts); `null`: none.
   * @default the user's cache folder, unless KARPENTER_GITOPS_FLEET_CACHE=off or running from sources
   */
  readonly cache?: ClusterLoadCache | null;
}

/** The folder of the fleet as diagnostics name it (relative to the project root, POSIX separators). */
function fleetDirLabel(projectRoot: string, abs: string): string {
  return (relative(projectRoot, abs) || '.').split(sep).join('/');
}

function fleetPath(dir: string, name: string): string {
  return dir === '.' || dir === '' ? name : `${dir}/${name}`;
}

/**
 * The cluster files of the fleet, named as in diagnostics (`clusters/shop.yaml`), sorted: every
 * name in the folder ending in `.yaml` and not starting with `_`, read from the folder listing
 * alone (no file is opened). What `check --shard` cuts into shards; a file that will not load
 * still has its shard. Empty when the folder cannot be listed (the load reports that).
 */
export function listClusterFiles(
  projectRoot: string,
  options?: Pick<LoadFleetOptions, 'clustersDir'>,
): string[] {
  const abs = resolve(projectRoot, options?.clustersDir ?? DEFAULT_CLUSTERS_DIR);
  const dir = fleetDirLabel(projectRoot, abs);
  try {
    return readdirSync(abs)
      .filter((n) => n.endsWith('.yaml') && !n.startsWith('_'))
      .sort()
      .map((n) => fleetPath(dir, n));
  } catch {
    return [];
  }
}

/** Read `<projectRoot>/clusters/*.yaml` (sorted) and load them. Throws UserError on any mistake. */
export function loadFleet(projectRoot: string, options?: LoadFleetOptions): LoadedFleet {
  const given = options?.clustersDir ?? DEFAULT_CLUSTERS_DIR;
  const abs = resolve(projectRoot, given);
  // File names in diagnostics are relative to the project root, with POSIX separators.
  const dir = fleetDirLabel(projectRoot, abs);
  const only = options?.only;
  let names: string[];
  try {
    names = readdirSync(abs)
      .filter((n) => /\.ya?ml$/.test(n))
      .filter((n) => only === undefined || n === DEFAULTS_FILE || only.has(fleetPath(dir, n)))
      .sort();
  } catch {
    throw new UserError([
      wholeFileError(
        dir,
        'the fleet description folder does not exist',
        `To start a fleet here, run \`npx karpenter-gitops init --cluster NAME --account ID --region REGION ` +
          `--destination NAME --repo-url URL\` (it writes ${dir}/), or give the folder with --clusters DIR`,
      ),
    ]);
  }
  const sources: FleetSource[] = [];
  const early: Diagnostic[] = [];
  for (const name of names) {
    const path = fleetPath(dir, name);
    let size: number;
    let isFile: boolean;
    try {
      const stat = statSync(join(abs, name));
      size = stat.size;
      isFile = stat.isFile();
    } catch {
      early.push(wholeFileError(path, 'the file cannot be read', 'Check that it exists and is readable'));
      continue;
    }
    if (!isFile) {
      early.push(
        wholeFileError(
          path,
          'is not a file',
          `Rename it so that it does not end in .yaml, or move it out of ${dir}/`,
        ),
      );
      continue;
    }
    if (size > MAX_FILE_BYTES) {
      early.push(
        wholeFileError(
          path,
          `file is ${size} bytes, larger than the ${MAX_FILE_BYTES}-byte (1 MiB) limit for a fleet file`,
          'Split the description or remove the bulk',
        ),
      );
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(abs, name));
    } catch {
      early.push(wholeFileError(path, 'the file cannot be read', 'Check that it exists and is readable'));
      continue;
    }
    sources.push({ path, text: decodeUtf8(bytes) });
  }
  try {
    const imports = options?.imports ?? readRepositoryImports(projectRoot);
    const cache = options?.cache === undefined ? defaultFleetLoadCache() : (options.cache ?? undefined);
    const loaded = loadFleetFromSources(sources, {
      emptyMessageDir: dir,
      imports,
      scope: {
        wholeFleet: only === undefined,
        ...(options?.onDetails ? { onDetails: options.onDetails } : {}),
      },
      ...(cache ? { cache } : {}),
    });
    if (early.length > 0) throw new UserError(early);
    return loaded;
  } catch (e) {
    if (e instanceof UserError && early.length > 0)
      throw new UserError(dedupeDiagnostics([...early, ...e.diagnostics]), e.validFleet);
    throw e;
  }
}

/** UTF-8 text; invalid bytes become U+FFFD, which the parser reports with their position. */
function decodeUtf8(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
