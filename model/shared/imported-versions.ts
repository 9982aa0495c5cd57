/**
 * Karpenter versions a repository imported with `karpenter-gitops import` (folder
 * `karpenter-imports/`, read once per run by io/repository-imports.ts and passed down the
 * pipeline: the charts stay pure). A cluster may pin `karpenter.version` to one of them as well
 * as to a version the tool ships (model/facts/versions.ts, a closed set).
 */
import type { CarryOver } from '../facts/carry-over';
import type { CrdFacts } from '../facts/artifacts/crd-facts';
import type { CrdSchemaNode } from '../facts/crd-schema-diff';
import type { KarpenterVersion } from '../facts/versions';

/** How a chart values key is shaped (codegen/generate-chart-values-keys.ts). */
export type ImportedValueType = 'string' | 'number' | 'boolean' | 'any' | 'list' | 'object' | 'map';

export interface ImportedChart {
  readonly name: string;
  readonly version: string;
  readonly appVersion?: string;
}

/** One imported Karpenter version. */
export interface ImportedKarpenterVersion {
  readonly version: string;
  /** Repository-relative folder of its artifacts, `karpenter-imports/karpenter-v1.15.0`. */
  readonly folder: string;
  /** Absolute folder of its validation artifacts (catalog.js, *.validate.js, ...). */
  readonly artifactDir: string;
  readonly chart?: ImportedChart;
  /** The shipped version whose checks it is judged against, and which of them carry over. */
  readonly carryOver: CarryOver;
  /** Kind (EC2NodeClass, NodePool, ...) → the schema of its storage version (`$ref`s into its `definitions`). */
  readonly schemas: ReadonlyMap<string, CrdSchemaNode>;
  /** What its import read from its CRDs (`facts.js`, model/facts/artifacts/crd-facts.ts): the schedule pattern, ... */
  readonly crdFacts: CrdFacts;
  /** Key path → type, when the controller chart's values.yaml was imported. */
  readonly valuesKeys?: Readonly<Record<string, ImportedValueType>>;
}

/** The imported EKS Auto Mode NodeClass CRD (`kubectl get crd nodeclasses.eks.amazonaws.com -o yaml`). */
export interface ImportedAutoModeNodeClass {
  readonly folder: string;
  readonly artifactDir: string;
  /** What it was imported from (a file name), for messages. */
  readonly source: string;
}

export interface RepositoryImports {
  /** Repository-relative import folder (`karpenter-imports`). */
  readonly folder: string;
  readonly karpenter: ReadonlyMap<string, ImportedKarpenterVersion>;
  readonly autoModeNodeClass?: ImportedAutoModeNodeClass;
  /**
   * sha256 of every file of the import folder (path and bytes, in code-unit order), for the keys
   * of what is kept across runs (io/fleet-load-cache.ts, validation/cluster-findings-cache.ts):
   * any byte of any import changes it. '' when nothing was imported.
   * @default none: imports given without their digest are kept nowhere
   */
  readonly digest?: string;
}

export const NO_REPOSITORY_IMPORTS: RepositoryImports = {
  folder: 'karpenter-imports',
  karpenter: new Map(),
  digest: '',
};

/**
 * The digest that keys what is kept for a run on `imports`: '' without imports, undefined when
 * imports were given without their digest (nothing may be kept then).
 */
export function importsCacheDigest(imports: RepositoryImports): string | undefined {
  if (imports.karpenter.size === 0 && imports.autoModeNodeClass === undefined) return '';
  return imports.digest !== undefined && imports.digest !== '' ? imports.digest : undefined;
}

/** What a cluster's `karpenter.version` names: a shipped version, or an imported one. */
export type KarpenterRelease =
  | { readonly kind: 'shipped'; readonly version: KarpenterVersion }
  | { readonly kind: 'imported'; readonly version: string; readonly imported: ImportedKarpenterVersion };

/** The imported version a cluster file (merged over the defaults) pins, if it pins one. */
export function importedVersionOf(
  plain: unknown,
  imports: RepositoryImports,
): ImportedKarpenterVersion | undefined {
  if (imports.karpenter.size === 0 || plain === null || typeof plain !== 'object') return undefined;
  const karpenter = (plain as { karpenter?: unknown }).karpenter;
  const version =
    karpenter !== null && typeof karpenter === 'object'
      ? (karpenter as { version?: unknown }).version
      : undefined;
  return typeof version === 'string' ? imports.karpenter.get(version) : undefined;
}
