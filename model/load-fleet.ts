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
import type { ErrorObject, ValidateFunction } from 'ajv';
import { basename } from 'node:path';
import { checkSecrets, SecretValue, withoutSecrets } from './check/check-secrets';
import { checkClusterSemantics } from './check/check-cluster';
import { CheckContext } from './check/check-context';
import { checkFleet, FleetEntry } from './check/check-fleet';
import { checkRings } from './check/check-rings';
import { checkResolvedCluster } from './check/check-resolved';
import { Diagnostic, sortDiagnostics, UserError } from './shared/diagnostics';
import { checkDefaultsOverrides } from './check/check-defaults-overrides';
import { ClusterModel, FleetModel } from './shared/fleet-model';
import { clusterSchema, defaultsSchema, fleetValidators } from './schema/fleet-schema';
import { LocatedNode, keyLocAt, mergeLocated, toPlain } from './parse/located';
import { pruneInvalid } from './schema/prune-invalid';
import { RawCluster } from './parse/raw-fleet';
import { clusterNameOf, resolveCluster, resolveFleet } from './resolve/resolve-fleet';
import { translateSchemaErrors } from './schema/schema-errors';
import { show } from './shared/show-value';
import { parseFleetSource } from './parse/yaml-source';

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
  internal?: { readonly emptyMessageDir?: string },
): LoadedFleet {
  const diagnostics: Diagnostic[] = [];
  const sorted = [...sources].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const defaultsSource = sorted.find((s) => basename(s.path) === DEFAULTS_FILE);
  const clusterSources: FleetSource[] = [];
  for (const s of sorted) {
    const name = basename(s.path);
    if (s === defaultsSource) continue;
    if (name.startsWith('_')) {
      diagnostics.push(
        fileError(
          s.path,
          `'${show(name)}' is not a fleet file`,
          `Only ${DEFAULTS_FILE} may start with '_'; rename or remove it`,
        ),
      );
    } else if (!name.endsWith('.yaml')) {
      diagnostics.push(
        fileError(
          s.path,
          `'${show(name)}' does not end in .yaml`,
          `Rename it to ${show(name.replace(/\.[^.]*$/, ''))}.yaml`,
        ),
      );
    } else {
      clusterSources.push(s);
    }
  }
  if (clusterSources.length === 0 && diagnostics.length === 0) {
    const dir = internal?.emptyMessageDir ?? 'clusters';
    diagnostics.push(
      fileError(dir, 'the fleet has no cluster', `Add ${dir}/<cluster>.yaml (see docs/fleet-reference.md)`),
    );
  }

  const validators = fleetValidators();
  let defaultsRoot: LocatedNode | undefined;
  let defaultsUsable = true;
  if (defaultsSource) {
    const parsed = parseFleetSource(defaultsSource.path, defaultsSource.text);
    diagnostics.push(...parsed.diagnostics);
    defaultsRoot = parsed.root;
    if (!defaultsRoot) defaultsUsable = false;
    else if (!validators.defaults(toPlain(defaultsRoot))) {
      // Merged anyway: its errors are reported once (deduplicated), cluster checks still run.
      diagnostics.push(...translateSchemaErrors(validators.defaults.errors ?? [], defaultsRoot));
    }
  }

  // Problems found in _defaults.yaml values while checking a cluster: reported once, naming
  // the clusters concerned unless it is all of them.
  const inDefaults = new Map<string, { diagnostic: Diagnostic; clusters: string[] }>();
  const alreadyReported = new Set(diagnostics.map(diagnosticId));
  let merged = 0;
  const report = (file: string, list: readonly Diagnostic[]) => {
    for (const d of list) {
      if (defaultsSource === undefined || d.file !== defaultsSource.path) {
        diagnostics.push(d);
        continue;
      }
      const id = diagnosticId(d);
      if (alreadyReported.has(id)) continue;
      const seen = inDefaults.get(id) ?? { diagnostic: d, clusters: [] };
      if (!seen.clusters.includes(file)) seen.clusters.push(file);
      inDefaults.set(id, seen);
    }
  };

  const entries: FleetEntry[] = [];
  const secrets: SecretValue[] = [];
  for (const source of clusterSources) {
    const parsed = parseFleetSource(source.path, source.text);
    diagnostics.push(...parsed.diagnostics);
    if (!parsed.root) continue;
    if (defaultsRoot) merged++;
    const root = defaultsRoot ? mergeLocated(defaultsRoot, parsed.root) : parsed.root;
    const plain = toPlain(root);
    // Without usable defaults, missing keys may well be in the broken defaults file:
    // check only what is written here (types, unknown keys), not what is required.
    const validate = defaultsUsable ? validators.cluster : validators.defaults;
    const valid = validate(plain);
    let checked = plain;
    // The file lacks a key the checks below need (aws, gitops): they check what is there.
    let partial = false;
    if (!valid) {
      const errors = validate.errors ?? [];
      report(
        source.path,
        translateSchemaErrors(errors, root, defaultsUsable ? clusterSchema : defaultsSchema),
      );
      // Check the rest anyway, so that one file's mistakes are all reported at once.
      let pruned = defaultsUsable
        ? pruneInvalid(
            plain,
            errors,
            (v) => validate(v),
            () => validate.errors ?? [],
          )
        : undefined;
      if (pruned === undefined && defaultsUsable) {
        pruned = pruneWithoutBrokenTop(plain, errors, validate);
        partial = true;
      }
      if (pruned === undefined) continue;
      checked = pruned;
    }
    if (!defaultsUsable) continue;
    const raw = checked as RawCluster;
    const stem = basename(source.path).replace(/\.yaml$/, '');
    const entry = {
      name: clusterNameOf(raw, stem),
      nameLoc: raw.name !== undefined ? keyLocAt(root, ['name']) : { file: source.path, line: 1, col: 1 },
      root,
    };
    const ctx = new CheckContext(root, raw, stem, declaredClassNames(plain));
    checkClusterSemantics(ctx);
    secrets.push(...checkSecrets(ctx, (file) => sources.find((s) => s.path === file)?.text).secrets);
    report(source.path, ctx.diagnostics);
    if (defaultsRoot) report(source.path, checkDefaultsOverrides(defaultsRoot, parsed.root, raw));
    if (partial) {
      entries.push(entry);
      continue;
    }
    // Resolved even after errors, so that checks of resolved values (a node role that does not
    // match) and across clusters report in this run too; only a clean fleet is returned.
    const clean = valid && ctx.errorCount === 0;
    let model: ClusterModel;
    try {
      model = resolveCluster(raw, { file: source.path, stem, root });
    } catch (e) {
      // The resolver expects checked input: after errors, what it cannot resolve is not checked further.
      if (clean) throw e;
      entries.push(entry);
      continue;
    }
    // A field with an error of its own is not reported again for what was derived from it.
    const flagged = new Set(ctx.diagnostics.filter((d) => d.severity === 'error').map((d) => d.path));
    report(
      source.path,
      checkResolvedCluster(model, root, raw).filter((d) => !flagged.has(d.path)),
    );
    entries.push({ ...entry, model });
  }

  for (const { diagnostic, clusters } of inDefaults.values()) {
    const scope = clusters.length < merged ? ` (when merged into ${clusters.join(', ')})` : '';
    diagnostics.push({ ...diagnostic, message: `${diagnostic.message}${scope}` });
  }
  diagnostics.push(...checkFleet(entries), ...checkRings(entries));
  const all = dedupeDiagnostics(withoutSecrets(diagnostics, secrets).map(oneLineDiagnostic));
  if (all.some((d) => d.severity === 'error')) throw new UserError(all);
  return {
    fleet: resolveFleet(entries.flatMap((e) => (e.model ? [e.model] : []))),
    warnings: sortDiagnostics(all.filter((d) => d.severity === 'warning')),
  };
}

/** Top-level maps every check of a cluster reads, and stand-ins that pass the schema. */
const STAND_INS: Readonly<Record<'aws' | 'gitops', unknown>> = {
  aws: { accountId: '000000000000', region: 'us-east-1' },
  gitops: { repoURL: 'https://stand-in.invalid/repo.git', destination: { name: 'stand-in' } },
};

/**
 * When `aws` or `gitops` is missing or broken, nothing can be pruned to a valid cluster: check
 * the rest anyway, with a valid stand-in for the broken map while pruning, and without that
 * map afterwards (the checks of aws and gitops skip an absent map; its errors are reported).
 */
function pruneWithoutBrokenTop(
  plain: unknown,
  errors: readonly ErrorObject[],
  validate: ValidateFunction,
): unknown {
  if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) return undefined;
  const value: Record<string, unknown> = { ...(plain as Record<string, unknown>) };
  const replaced: string[] = [];
  for (const [key, standIn] of Object.entries(STAND_INS)) {
    const broken = errors.some(
      (e) =>
        e.instancePath === `/${key}` ||
        e.instancePath.startsWith(`/${key}/`) ||
        (e.instancePath === '' &&
          e.keyword === 'required' &&
          (e.params as { missingProperty?: string }).missingProperty === key),
    );
    if (!broken) continue;
    value[key] = structuredClone(standIn);
    replaced.push(key);
  }
  if (replaced.length === 0) return undefined;
  const pruned = validate(value)
    ? value
    : pruneInvalid(
        value,
        validate.errors ?? [],
        (v) => validate(v),
        () => validate.errors ?? [],
      );
  if (pruned === undefined) return undefined;
  const out = { ...(pruned as Record<string, unknown>) };
  for (const key of replaced) delete out[key];
  return out;
}

/** Longest message or fix kept whole (a safety net: checks already shorten the values they echo). */
const MAX_TEXT_CHARS = 400;
/**
 * Longest formatted line: a message may use what the path and fix leave of it, so that a
 * conflict shared by many files can list every file once, in one message.
 */
const MAX_LINE_CHARS = 1400;

/** Every diagnostic is one bounded line, whatever the user's text or a check echoed. */
function oneLineDiagnostic(d: Diagnostic): Diagnostic {
  const bound = (text: string) => show(text, MAX_TEXT_CHARS);
  const path = bound(d.path);
  const fix = d.fix !== undefined ? bound(d.fix) : undefined;
  const room = MAX_LINE_CHARS - d.file.length - path.length - (fix?.length ?? 0) - 40;
  return {
    ...d,
    path,
    message: show(d.message, Math.max(MAX_TEXT_CHARS, room)),
    ...(fix !== undefined ? { fix } : {}),
  };
}

export function fileError(file: string, message: string, fix: string): Diagnostic {
  return { severity: 'error', file, line: 0, col: 0, path: '', message, fix };
}

/** Node class names as written (also those a schema error removed), for reference checks. */
function declaredClassNames(plain: unknown): readonly string[] {
  const classes = (plain as { nodeClasses?: unknown }).nodeClasses;
  return classes !== null && typeof classes === 'object' && !Array.isArray(classes)
    ? Object.keys(classes)
    : [];
}

function diagnosticId(d: Diagnostic): string {
  return [d.severity, d.file, d.line, d.col, d.path, d.message].join('\u0000');
}

export function dedupeDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of list) {
    const id = diagnosticId(d);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(d);
  }
  return out;
}
