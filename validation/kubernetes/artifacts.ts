/**
 * The generated validation artifacts in `imports/validation/` (written by
 * codegen/generate-validation-artifacts.ts): where they are, what a catalog entry holds,
 * and loading them lazily, each file at most once per process.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CRD_SETS, importDirName } from '../../model';
import type { RuleTable } from './rule-table';
import type { JsonSchema } from './structural-schema';

/** Folder under `imports/`. */
export const VALIDATION_IMPORT_DIR = 'validation';

/**
 * ajv options baked into the standalone validators: report every error, Kubernetes keywords
 * are already translated so unknown keywords are ignored. Defaults are applied and formats
 * checked before and beside ajv, the way the API server does (structural-defaulting.ts),
 * so ajv does neither.
 */
export const ARTIFACT_AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  useDefaults: false,
  validateFormats: false,
} as const;

export interface CatalogEntry {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly plural: string;
  readonly namespaced: boolean;
  readonly served: boolean;
  readonly storage: boolean;
  /** File stem of the artifacts, `<plural>.<group>.<version>`. */
  readonly base: string;
  readonly ruleCount: number;
}

/** One ajv error as the standalone code reports it. */
export interface AjvError {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: Record<string, unknown>;
  readonly message?: string;
}

export interface StandaloneValidator {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}

/** The project root: the nearest folder above this file that has `imports/validation`. */
export function findProjectRoot(start: string = __dirname): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, 'imports', VALIDATION_IMPORT_DIR))) return dir;
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(
        `imports/${VALIDATION_IMPORT_DIR} was not found above ${start}. Run npm run import to generate the validation artifacts.`,
      );
    }
    dir = parent;
  }
}

/** A CRD version with its artifacts, loaded on first use. */
export class ArtifactSet {
  readonly project: string;
  readonly setVersion: string;
  readonly entries: readonly CatalogEntry[];
  private readonly dir: string;
  private readonly cache = new Map<string, unknown>();

  /** @param dirName the folder below imports/validation/ @default importDirName of project and version */
  constructor(root: string, project: string, setVersion: string, dirName?: string) {
    this.project = project;
    this.setVersion = setVersion;
    this.dir = join(
      root,
      'imports',
      VALIDATION_IMPORT_DIR,
      dirName ?? importDirName({ project: project as 'karpenter', version: setVersion }),
    );
    this.entries = this.load('catalog') as CatalogEntry[];
  }

  find(apiVersion: string, kind: string): CatalogEntry | undefined {
    return this.entries.find((e) => `${e.group}/${e.version}` === apiVersion && e.kind === kind);
  }

  validator(entry: CatalogEntry): StandaloneValidator {
    return this.load(`${entry.base}.validate`) as StandaloneValidator;
  }

  schema(entry: CatalogEntry): JsonSchema {
    return this.load(`${entry.base}.schema`) as JsonSchema;
  }

  rules(entry: CatalogEntry): RuleTable {
    return this.load(`${entry.base}.rules`) as RuleTable;
  }

  private load(name: string): unknown {
    let mod = this.cache.get(name);
    if (mod === undefined) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      mod = require(join(this.dir, `${name}.js`)) as unknown;
      if (
        typeof mod === 'object' &&
        mod !== null &&
        'default' in mod &&
        typeof (mod as { default: unknown }).default === 'function'
      ) {
        mod = (mod as { default: unknown }).default;
      }
      this.cache.set(name, mod);
    }
    return mod;
  }
}

/** Every imported CRD set, by project and version. */
export function loadArtifactSets(root: string = findProjectRoot()): ArtifactSet[] {
  return CRD_SETS.map((s) => new ArtifactSet(root, s.project, s.version));
}
