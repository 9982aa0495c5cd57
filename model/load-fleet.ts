/**
 * Stage 1 of the pipeline: `clusters/*.yaml` → FleetModel.
 *
 *   parse (yaml-source) → merge `_defaults.yaml` under each file (located) → JSON Schema
 *   (fleet-schema, schema-errors) → semantic checks (check-cluster and friends; after schema
 *   errors, on the rest of the file: prune-invalid) and names shared with `_defaults.yaml`
 *   (check-defaults-overrides) → resolve (resolve-fleet) → checks of resolved names
 *   (check-resolved) → checks across clusters (check-fleet)
 *
 * Every problem of every file is collected; any error throws one UserError with all of them
 * (warnings included), each one bounded to a single line. A YAML syntax error stops the
 * checks of its own file only; every other stage runs on whatever parsed (also after errors
 * in earlier stages), so fixing one run's errors never uncovers one that could have been found.
 */
import { basename } from 'node:path';
import {
  checkSecrets,
  freeTextStrings,
  maskFreeText,
  SecretValue,
  withoutSecrets,
} from './check/check-secrets';
import { checkClusterSemantics } from './check/check-cluster';
import { CheckContext } from './check/check-context';
import { checkAcrossClustersThroughCache } from './check/check-across-clusters';
import type { FleetEntry } from './check/check-fleet';
import { checkResolvedCluster } from './check/check-resolved';
import { Diagnostic, sortDiagnostics, UserError, wholeFileError } from './shared/diagnostics';
import { DefaultsFindings, diagnosticId } from './shared/defaults-findings';
import { checkDefaultsOverrides } from './check/check-defaults-overrides';
import { ClusterModel, FleetModel } from './shared/fleet-model';
import type { LoadScope } from './shared/load-scope';
export type { LoadDetails, LoadScope } from './shared/load-scope';
import { clusterSchema, defaultsSchema, fleetValidators } from './schema/fleet-schema';
import { LocatedNode, keyLocAt, mergeLocated, toPlain } from './parse/located';
import { pruneInvalid } from './schema/prune-invalid';
import { RawCluster } from './parse/raw-fleet';
import { clusterNameOf, resolveCluster, resolveFleet } from './resolve/resolve-fleet';
import { translateSchemaErrors } from './schema/schema-errors';
import { show } from './shared/show-value';
import { parseFleetSource } from './parse/yaml-source';
import type { PassThroughField } from './schema/pass-through';
import { clusterPassThrough, DefaultsForClusters, defaultsPassThrough } from './schema/defaults-pass-through';
import { checkPassedThroughKubelets } from './check/node-class/check-free-form-kubelet';
import { importedVersionOf, importsCacheDigest, NO_REPOSITORY_IMPORTS } from './shared/imported-versions';
import type { RepositoryImports } from './shared/imported-versions';
import { dedupeDiagnostics, oneLineDiagnostic } from './shared/bounded-diagnostics';
import { pruneWithoutBrokenTop } from './schema/prune-broken-top';
import {
  ClusterLoadCache,
  clusterLoadKey,
  DefaultsCollector,
  loadThroughCache,
} from './check/cluster-load-record';

export type { ClusterLoadCache, ClusterLoadRecord } from './check/cluster-load-record';
export type { AcrossClustersCache } from './check/check-across-clusters';
export type { FleetEntry } from './check/check-fleet';
export { dedupeDiagnostics } from './shared/bounded-diagnostics';

export interface LoadedFleet {
  readonly fleet: FleetModel;
  /** Non-fatal findings (e.g. an unpinned AMI the user opted into). */
  readonly warnings: Diagnostic[];
}

export interface FleetSource {
  /** Path relative to the project root, POSIX separators (`clusters/ticketing.yaml`). */
  readonly path: string;
  readonly text: string;
}

export const DEFAULTS_FILE = '_defaults.yaml';

/** Pure loader over in-memory files (tests, fuzz harness, benchmark). */
export function loadFleetFromSources(
  sources: readonly FleetSource[],
  internal?: {
    readonly emptyMessageDir?: string;
    /** The repository's imported Karpenter versions (io/repository-imports.ts). @default none */
    readonly imports?: RepositoryImports;
    /** @default the whole fleet, details not told */
    readonly scope?: LoadScope;
    /**
     * Records of cluster files loaded before, by content and the imports' digest
     * (model/check/cluster-load-record.ts). @default none: every file is loaded
     */
    readonly cache?: ClusterLoadCache;
  },
): LoadedFleet {
  const diagnostics: Diagnostic[] = [];
  const whole = internal?.scope?.wholeFleet ?? true;
  const { defaultsSource, clusterSources } = fleetFiles(
    sources,
    diagnostics,
    whole ? (internal?.emptyMessageDir ?? 'clusters') : undefined,
  );
  const imports = internal?.imports ?? NO_REPOSITORY_IMPORTS;
  // Keyed by the imports' digest too; imports given without one keep nothing.
  const digest = importsCacheDigest(imports);
  const kept = internal?.cache && digest !== undefined ? { cache: internal.cache, digest } : undefined;
  const defaults = loadDefaults(defaultsSource, diagnostics, imports, kept);
  const inDefaults = new DefaultsFindings(defaultsSource?.path, diagnostics);
  const run: LoadRun = {
    sources,
    // Compiled on first use: a run whose files all come from the cache never needs them.
    get validators() {
      return fleetValidators();
    },
    defaults,
    diagnostics,
    inDefaults,
    secrets: [],
    freeText: new Set(),
    imports,
  };
  const entries: FleetEntry[] = [];
  const names = new Map<string, string>();
  // The record keys of the entries that are records' (all of them: the checks across clusters are kept).
  const recorded: string[] = [];
  for (const source of clusterSources) {
    const load = (r: LoadRun) => loadCluster(r, source);
    const key = kept && defaults.usable ? clusterLoadKey(source, defaultsSource, kept.digest) : undefined;
    const entry =
      key !== undefined && kept
        ? loadThroughCache(run, kept.cache, key, load, () => recorded.push(key))
        : load(run);
    if (entry) entries.push(entry);
    if (entry) names.set(source.path, entry.name);
  }
  inDefaults.flush();
  const across = whole ? checkAcrossClustersThroughCache(entries, kept?.cache.acrossClusters, recorded) : [];
  diagnostics.push(...across);
  const reported = (list: readonly Diagnostic[]) =>
    withoutSecrets(maskFreeText(list, [...run.freeText]), run.secrets).map(oneLineDiagnostic);
  internal?.scope?.onDetails?.({ names, acrossClusters: new Set(reported(across).map(diagnosticId)) });
  return fleetOrErrors(reported(diagnostics), entries);
}

/** What every cluster file of one load shares; diagnostics and secrets collect across files. */
interface LoadRun {
  /** As given (unsorted): the secret check reads their text. */
  readonly sources: readonly FleetSource[];
  readonly validators: ReturnType<typeof fleetValidators>;
  readonly defaults: LoadedDefaults;
  readonly diagnostics: Diagnostic[];
  readonly inDefaults: DefaultsCollector;
  readonly secrets: SecretValue[];
  /** Free-text strings of every file: messages show them masked only. */
  readonly freeText: Set<string>;
  readonly imports: RepositoryImports;
}

/** `_defaults.yaml` as parsed; not usable when it does not parse. */
interface LoadedDefaults {
  readonly root: LocatedNode | undefined;
  readonly usable: boolean;
  /** Its fields only imported versions take (each cluster decides): model/schema/defaults-pass-through.ts. */
  readonly passThrough?: DefaultsForClusters;
}

/** A cluster file after the schema: its merged tree and what of it the checks read. */
interface ClusterFile {
  readonly source: FleetSource;
  readonly root: LocatedNode;
  readonly raw: RawCluster;
  readonly stem: string;
  /** Node class fields passed through to an imported version's CRD. */
  readonly passThrough: readonly PassThroughField[];
}

/**
 * The files sorted by path: `_defaults.yaml` and the cluster files; any other name is an error,
 * and so is no cluster file at all when `emptyMessageDir` (the folder) is given.
 */
function fleetFiles(
  sources: readonly FleetSource[],
  diagnostics: Diagnostic[],
  emptyMessageDir: string | undefined,
): { defaultsSource: FleetSource | undefined; clusterSources: FleetSource[] } {
  const sorted = [...sources].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const defaultsSource = sorted.find((s) => basename(s.path) === DEFAULTS_FILE);
  const clusterSources: FleetSource[] = [];
  for (const s of sorted) {
    const name = basename(s.path);
    if (s === defaultsSource) continue;
    if (name.startsWith('_')) {
      diagnostics.push(
        wholeFileError(
          s.path,
          `'${show(name)}' is not a fleet file`,
          `Only ${DEFAULTS_FILE} may start with '_'; rename or remove it`,
        ),
      );
    } else if (!name.endsWith('.yaml')) {
      diagnostics.push(
        wholeFileError(
          s.path,
          `'${show(name)}' does not end in .yaml`,
          `Rename it to ${show(name.replace(/\.[^.]*$/, ''))}.yaml`,
        ),
      );
    } else {
      clusterSources.push(s);
    }
  }
  if (clusterSources.length === 0 && diagnostics.length === 0 && emptyMessageDir !== undefined) {
    const dir = emptyMessageDir;
    diagnostics.push(
      wholeFileError(
        dir,
        'the fleet has no cluster',
        `Add ${dir}/<cluster>.yaml (see docs/fleet-reference.md)`,
      ),
    );
  }
  return { defaultsSource, clusterSources };
}

/** Parses `_defaults.yaml` and checks it against its schema. */
function loadDefaults(
  defaultsSource: FleetSource | undefined,
  diagnostics: Diagnostic[],
  imports: RepositoryImports,
  kept: { readonly cache: ClusterLoadCache; readonly digest: string } | undefined,
): LoadedDefaults {
  if (!defaultsSource) return { root: undefined, usable: true };
  const parsed = parseFleetSource(defaultsSource.path, defaultsSource.text);
  diagnostics.push(...parsed.diagnostics);
  const root = parsed.root;
  if (!root) return { root: undefined, usable: false };
  // The same text passed its schema as written before (same build and imports): it passes again
  // and passes nothing through. A file valid only without its pass-through fields is not noted.
  const cache = kept?.cache;
  const key = kept?.cache.defaultsPassed ? clusterLoadKey(defaultsSource, undefined, kept.digest) : undefined;
  if (key !== undefined && cache?.defaultsPassed?.(key))
    return { root, usable: true, passThrough: { file: defaultsSource.path, fields: [] } };
  const validators = fleetValidators();
  const split = defaultsPassThrough(toPlain(root), imports, validators.defaults);
  if (split.valid) {
    if (key !== undefined && split.fields.length === 0) cache?.recordDefaultsPassed?.(key);
  } else {
    // Merged anyway: its errors are reported once (deduplicated), cluster checks still run.
    diagnostics.push(...translateSchemaErrors(validators.defaults.errors ?? [], root));
  }
  return { root, usable: true, passThrough: { file: defaultsSource.path, fields: split.fields } };
}

/** One cluster file: parse, merge over the defaults, schema, checks, resolve, checks of resolved values. */
function loadCluster(run: LoadRun, source: FleetSource): FleetEntry | undefined {
  const parsed = parseFleetSource(source.path, source.text);
  run.diagnostics.push(...parsed.diagnostics);
  if (!parsed.root) return undefined;
  const defaultsRoot = run.defaults.root;
  if (defaultsRoot) run.inDefaults.merged++;
  const root = defaultsRoot ? mergeLocated(defaultsRoot, parsed.root) : parsed.root;
  for (const text of freeTextStrings(root)) run.freeText.add(text);
  const whole = toPlain(root);
  const imported = importedVersionOf(whole, run.imports);
  const stem = basename(source.path).replace(/\.yaml$/, '');
  const split = run.defaults.usable
    ? clusterPassThrough(whole, root, imported, run.validators.cluster, run.defaults.passThrough, stem)
    : { plain: whole, fields: [], valid: false, diagnostics: [] };
  run.inDefaults.report(source.path, split.diagnostics);
  const plain = split.plain;
  const schema = split.valid
    ? { valid: true, checked: plain, partial: false }
    : checkSchema(run, source, root, plain);
  if (schema === undefined || !run.defaults.usable) return undefined;
  const raw = schema.checked as RawCluster;
  const file: ClusterFile = { source, root, raw, stem, passThrough: split.fields };
  const entry: FleetEntry = {
    name: clusterNameOf(raw, stem),
    nameLoc: raw.name !== undefined ? keyLocAt(root, ['name']) : { file: source.path, line: 1, col: 1 },
    root,
  };
  const ctx = checkSemantics(run, file, parsed.root, plain);
  if (schema.partial) return entry;
  return resolveAndCheck(run, file, entry, schema.valid && ctx.errorCount === 0, ctx);
}

/** What the schema left to check: `checked` is the file, or its valid part after errors. */
interface SchemaOutcome {
  /** The whole file passed the schema. */
  readonly valid: boolean;
  readonly checked: unknown;
  /** The file lacks a key the checks below need (aws, gitops): they check what is there. */
  readonly partial: boolean;
}

/** JSON Schema; after errors, the valid rest of the file (undefined: nothing left to check). */
function checkSchema(
  run: LoadRun,
  source: FleetSource,
  root: LocatedNode,
  plain: unknown,
): SchemaOutcome | undefined {
  const usable = run.defaults.usable;
  // Without usable defaults, missing keys may well be in the broken defaults file:
  // check only what is written here (types, unknown keys), not what is required.
  const validate = usable ? run.validators.cluster : run.validators.defaults;
  if (validate(plain)) return { valid: true, checked: plain, partial: false };
  const errors = validate.errors ?? [];
  run.inDefaults.report(
    source.path,
    translateSchemaErrors(errors, root, usable ? clusterSchema : defaultsSchema),
  );
  // Check the rest anyway, so that one file's mistakes are all reported at once.
  let pruned = usable
    ? pruneInvalid(
        plain,
        errors,
        (v) => validate(v),
        () => validate.errors ?? [],
      )
    : undefined;
  let partial = false;
  if (pruned === undefined && usable) {
    pruned = pruneWithoutBrokenTop(plain, errors, validate);
    partial = true;
  }
  if (pruned === undefined) return undefined;
  return { valid: false, checked: pruned, partial };
}

/** Semantic checks, secrets, and names the file shares with `_defaults.yaml`. */
function checkSemantics(
  run: LoadRun,
  file: ClusterFile,
  fileRoot: LocatedNode,
  plain: unknown,
): CheckContext {
  const ctx = new CheckContext(
    file.root,
    file.raw,
    file.stem,
    declaredClassNames(plain),
    run.imports,
    file.passThrough,
  );
  checkClusterSemantics(ctx);
  checkPassedThroughKubelets(ctx, file.passThrough);
  run.secrets.push(...checkSecrets(ctx, (path) => run.sources.find((s) => s.path === path)?.text).secrets);
  run.inDefaults.report(file.source.path, ctx.diagnostics);
  if (run.defaults.root)
    run.inDefaults.report(file.source.path, checkDefaultsOverrides(run.defaults.root, fileRoot, file.raw));
  return ctx;
}

/**
 * Resolved even after errors, so that checks of resolved values (a node role that does not
 * match) and across clusters report in this run too; only a clean fleet is returned.
 */
function resolveAndCheck(
  run: LoadRun,
  file: ClusterFile,
  entry: FleetEntry,
  clean: boolean,
  ctx: CheckContext,
): FleetEntry {
  let model: ClusterModel;
  try {
    model = resolveCluster(file.raw, {
      file: file.source.path,
      stem: file.stem,
      root: file.root,
      imports: run.imports,
      passThrough: file.passThrough,
    });
  } catch (e) {
    // The resolver expects checked input: after errors, what it cannot resolve is not checked further.
    if (clean) throw e;
    return entry;
  }
  // A field with an error of its own is not reported again for what was derived from it.
  const flagged = new Set(ctx.diagnostics.filter((d) => d.severity === 'error').map((d) => d.path));
  run.inDefaults.report(
    file.source.path,
    checkResolvedCluster(model, file.root, file.raw).filter((d) => !flagged.has(d.path)),
  );
  return { ...entry, model };
}

/** Every diagnostic (one bounded line, secrets masked) deduplicated: any error throws them all, else the fleet. */
function fleetOrErrors(diagnostics: readonly Diagnostic[], entries: readonly FleetEntry[]): LoadedFleet {
  const all = dedupeDiagnostics(diagnostics);
  if (all.some((d) => d.severity === 'error')) {
    // A cluster is valid when neither its file nor _defaults.yaml has an error.
    const errorFiles = new Set(all.filter((d) => d.severity === 'error').map((d) => d.file));
    const defaultsBroken = [...errorFiles].some((f) => basename(f) === DEFAULTS_FILE);
    const valid = defaultsBroken
      ? []
      : entries.flatMap((e) => (e.model && !errorFiles.has(e.model.source.file) ? [e.model] : []));
    throw new UserError(all, valid.length > 0 ? resolveFleet(valid) : undefined);
  }
  return {
    fleet: resolveFleet(entries.flatMap((e) => (e.model ? [e.model] : []))),
    warnings: sortDiagnostics(all.filter((d) => d.severity === 'warning')),
  };
}

/** Node class names as written (also those a schema error removed), for reference checks. */
function declaredClassNames(plain: unknown): readonly string[] {
  const classes = (plain as { nodeClasses?: unknown }).nodeClasses;
  return classes !== null && typeof classes === 'object' && !Array.isArray(classes)
    ? Object.keys(classes)
    : [];
}
