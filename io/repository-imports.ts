/**
 * The repository's own imports (`karpenter-gitops import`, codegen/import/): the folder
 * `karpenter-imports/` beside `clusters/`, committed with the fleet, never in node_modules.
 *
 *   karpenter-imports/lock.json                   what was imported from what (sha256 of every source file)
 *   karpenter-imports/karpenter-v<version>/        validation artifacts of that version's CRDs
 *       catalog.js, <plural>.<group>.<v>.{validate,schema,rules}.js   (as imports/validation/<set>/)
 *       facts.js                                   what the import read from the CRDs (model/facts/artifacts/crd-facts.ts)
 *       values-keys.json                           the controller chart's values keys, when imported
 *   karpenter-imports/eks-auto-mode/               the EKS Auto Mode NodeClass CRD's artifacts
 *
 * readRepositoryImports reads it once per run; the result is passed down the pipeline.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CRD_FACTS_FILE,
  CrdFacts,
  ImportedKarpenterVersion,
  loadArtifactModule,
  ImportedValueType,
  NO_REPOSITORY_IMPORTS,
  RepositoryImports,
  UserError,
  wholeFileError,
} from '../model';
import { crdShapesIn, judgeCarryOver, knownCrdShapes } from '../model';

import { REPOSITORY_IMPORTS_DIR } from './repository-imports-folder';

export { REPOSITORY_IMPORTS_DIR };
export const LOCK_FILE = 'lock.json';
/** Folder of the Auto Mode NodeClass artifacts inside the import folder. */
export const AUTO_MODE_FOLDER = 'eks-auto-mode';
export const VALUES_KEYS_FILE = 'values-keys.json';

export interface LockedFile {
  readonly path: string;
  readonly sha256: string;
}

/** An earlier import of the same folder that `--force` replaced. */
export interface ReplacedImport {
  readonly source: string;
  readonly contentSha256: string;
  readonly files: readonly LockedFile[];
}

export interface LockEntry {
  /** Folder under the import folder: `karpenter-v1.15.0` or `eks-auto-mode`. */
  readonly folder: string;
  readonly kind: 'karpenter' | 'eks-auto-mode';
  /** The Karpenter version (kind karpenter). */
  readonly version?: string;
  readonly chart?: { readonly name: string; readonly version: string; readonly appVersion?: string };
  /** What was imported: the archive, folder or files as given. */
  readonly source: string;
  readonly files: readonly LockedFile[];
  /** sha256 over the generated artifacts below their headers: equal contents, equal hash. */
  readonly contentSha256: string;
  readonly replaced?: readonly ReplacedImport[];
}

export interface ImportLock {
  readonly lockVersion: 1;
  readonly imports: readonly LockEntry[];
}

export const EMPTY_LOCK: ImportLock = { lockVersion: 1, imports: [] };

function lockError(message: string, fix: string): UserError {
  return new UserError([wholeFileError(`${REPOSITORY_IMPORTS_DIR}/${LOCK_FILE}`, message, fix)]);
}

/** The lock of the repository at `root`, or an empty one when nothing was imported. */
export function readImportLock(root: string): ImportLock {
  const file = join(root, REPOSITORY_IMPORTS_DIR, LOCK_FILE);
  if (!existsSync(file)) return EMPTY_LOCK;
  let lock: ImportLock;
  try {
    lock = JSON.parse(readFileSync(file, 'utf8')) as ImportLock;
  } catch (e) {
    throw lockError(
      `does not parse as JSON (${(e as Error).message})`,
      'Restore it from git, or import again',
    );
  }
  if (lock.lockVersion !== 1 || !Array.isArray(lock.imports))
    throw lockError(
      'is not a lock this version of karpenter-gitops wrote',
      'Restore it from git, or import again',
    );
  return lock;
}

const cache = new Map<string, RepositoryImports>();

/**
 * The imports of the repository at `root` (its `karpenter-imports/`), NO_REPOSITORY_IMPORTS
 * when it has none. Read once per root and process.
 */
export function readRepositoryImports(root: string): RepositoryImports {
  const hit = cache.get(root);
  if (hit !== undefined) return hit;
  const lock = readImportLock(root);
  const karpenter = new Map<string, ImportedKarpenterVersion>();
  let autoModeNodeClass: RepositoryImports['autoModeNodeClass'];
  for (const entry of lock.imports) {
    const artifactDir = join(root, REPOSITORY_IMPORTS_DIR, entry.folder);
    const folder = `${REPOSITORY_IMPORTS_DIR}/${entry.folder}`;
    if (!existsSync(join(artifactDir, 'catalog.js')))
      throw lockError(
        `names ${folder}/ but it has no catalog.js`,
        'Restore the folder from git, or import the chart again',
      );
    if (entry.kind === 'eks-auto-mode') {
      autoModeNodeClass = { folder, artifactDir, source: entry.source };
      continue;
    }
    if (entry.version === undefined)
      throw lockError(`entry ${entry.folder} has no version`, 'Import the chart again');
    const shapes = crdShapesIn(artifactDir);
    const schemas = new Map([...shapes].map(([kind, shape]) => [kind, shape.schema] as const));
    const factsFile = join(artifactDir, CRD_FACTS_FILE);
    if (shapes.has('NodePool') && !existsSync(factsFile))
      throw lockError(
        `names ${folder}/ but it has no ${CRD_FACTS_FILE} (an earlier karpenter-gitops imported it)`,
        'Import the chart again with --force: karpenter-gitops import <chart> --force',
      );
    const crdFacts = existsSync(factsFile) ? (loadArtifactModule(factsFile) as CrdFacts) : {};
    const valuesFile = join(artifactDir, VALUES_KEYS_FILE);
    const valuesKeys = existsSync(valuesFile)
      ? (JSON.parse(readFileSync(valuesFile, 'utf8')) as { keys: Record<string, ImportedValueType> }).keys
      : undefined;
    karpenter.set(entry.version, {
      version: entry.version,
      folder,
      artifactDir,
      ...(entry.chart ? { chart: entry.chart } : {}),
      carryOver: judgeCarryOver(entry.version, shapes, knownCrdShapes),
      schemas,
      crdFacts,
      ...(valuesKeys ? { valuesKeys } : {}),
    });
  }
  const out: RepositoryImports =
    karpenter.size === 0 && autoModeNodeClass === undefined
      ? NO_REPOSITORY_IMPORTS
      : {
          folder: REPOSITORY_IMPORTS_DIR,
          karpenter,
          ...(autoModeNodeClass ? { autoModeNodeClass } : {}),
          digest: treeDigest(join(root, REPOSITORY_IMPORTS_DIR)),
        };
  cache.set(root, out);
  return out;
}

/**
 * sha256 of every file below `dir` (absent: none), each by its path below `dir` and its bytes, in
 * code-unit order of the names (as synth/synth-replay.ts hashes the import folder).
 */
export function treeDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (rel: string) => {
    let entries;
    try {
      entries = readdirSync(rel === '' ? dir : join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else {
        hash.update(`${path}\0`);
        hash.update(readFileSync(join(dir, path)));
        hash.update('\0');
      }
    }
  };
  walk('');
  return hash.digest('hex');
}

const folderDigests = new Map<string, string>();

/** `treeDigest` of `dir` (an imported version's artifact folder), read once per folder and process. */
export function importedFolderDigest(dir: string): string {
  let digest = folderDigests.get(dir);
  if (digest === undefined) {
    digest = treeDigest(dir);
    folderDigests.set(dir, digest);
  }
  return digest;
}

/** Forgets what was read (after an import in the same process, and in tests). */
export function clearRepositoryImportsCache(): void {
  cache.clear();
  folderDigests.clear();
}
