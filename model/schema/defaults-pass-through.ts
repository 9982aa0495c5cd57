/**
 * Pass-through fields (model/schema/pass-through.ts) written in `_defaults.yaml`: a field only an
 * imported Karpenter version's CRD takes is not a mistake of the defaults file itself; each
 * cluster that inherits it decides. A cluster on a version that takes it passes it through (its
 * CRD validates it, and a mistake is reported at its line in `_defaults.yaml`); a cluster pinned
 * to a version whose CRD lacks it gets an error at that line naming the cluster, its version and
 * the field, instead of the fleet schema's unknown field.
 */
import type { ErrorObject } from 'ajv';
import type { Diagnostic } from '../shared/diagnostics';
import { formatPath, keyLocAt, LocatedNode } from '../parse/located';
import type { ImportedKarpenterVersion, RepositoryImports } from '../shared/imported-versions';
import { DEFAULT_KARPENTER_VERSION } from '../facts/versions';
import { PassThroughField, splitPassThrough, withoutFields } from './pass-through';
import { PASS_THROUGH_KINDS, PassThroughSection } from './pass-through-kinds';

/** A field of `_defaults.yaml` that some imported version passes through. */
export interface DefaultsPassThroughField {
  readonly section: PassThroughSection;
  readonly entry: string;
  readonly field: string;
  /** The tool's schema has the field (its value is what only an imported CRD takes). */
  readonly known: boolean;
  /** The imported versions that take it, in import order. */
  readonly versions: readonly string[];
}

type Validate = { (v: unknown): boolean; errors?: ErrorObject[] | null };

const keyOf = (f: Pick<PassThroughField, 'section' | 'entry' | 'field'>): string =>
  `${f.section}\u0000${f.entry}\u0000${f.field}`;

/**
 * The pass-through fields of `_defaults.yaml` (as plain) for any imported version, and the plain
 * value without them for the defaults schema. A known field counts only where the defaults schema
 * refuses it as written (a free-form kubelet the typed schema also takes is not one).
 */
export function defaultsPassThrough(
  plain: unknown,
  imports: RepositoryImports,
  validate: Validate,
): {
  readonly plain: unknown;
  readonly fields: readonly DefaultsPassThroughField[];
  /** `validate` accepted `plain` as returned; else its errors are those of `plain` as returned. */
  readonly valid: boolean;
} {
  if (validate(plain)) return { plain, fields: [], valid: true };
  if (imports.karpenter.size === 0 || plain === null || typeof plain !== 'object')
    return { plain, fields: [], valid: false };
  const refused = (validate.errors ?? []).map((e) => e.instancePath);
  const found = new Map<string, DefaultsPassThroughField>();
  for (const imported of imports.karpenter.values()) {
    for (const f of splitPassThrough(plain, imported, validate).fields) {
      const at = `/${f.section}/${f.entry}/${f.field}`;
      if (f.known && !refused.some((p) => p === at || p.startsWith(`${at}/`))) continue;
      const seen = found.get(keyOf(f));
      found.set(keyOf(f), {
        section: f.section,
        entry: f.entry,
        field: f.field,
        known: f.known,
        versions: [...(seen?.versions ?? []), imported.version],
      });
    }
  }
  const fields = [...found.values()];
  const rest = withoutFields(plain as Record<string, unknown>, fields);
  return { plain: rest, fields, valid: validate(rest) };
}

/** What `_defaults.yaml` gives the clusters: its file and pass-through fields. */
export interface DefaultsForClusters {
  readonly file: string;
  readonly fields: readonly DefaultsPassThroughField[];
}

/**
 * A cluster file merged over the defaults (`whole`, `root`): its pass-through fields on its
 * imported version (if it pins one), and the errors for defaults' fields its version does not take.
 */
export function clusterPassThrough(
  whole: unknown,
  root: LocatedNode,
  imported: ImportedKarpenterVersion | undefined,
  validate: Validate,
  defaults: DefaultsForClusters | undefined,
  stem: string,
): {
  readonly plain: unknown;
  readonly fields: readonly PassThroughField[];
  readonly valid: boolean;
  readonly diagnostics: readonly Diagnostic[];
} {
  const split = imported ? splitPassThrough(whole, imported, validate) : { plain: whole, fields: [], valid: false };
  if (defaults === undefined || defaults.fields.length === 0) return { ...split, diagnostics: [] };
  const top = (whole ?? {}) as { name?: unknown; karpenter?: { version?: unknown } };
  const inherited = inheritedPassThroughErrors(split.plain, root, defaults.file, defaults.fields, {
    name: typeof top.name === 'string' ? top.name : stem,
    version: typeof top.karpenter?.version === 'string' ? top.karpenter.version : DEFAULT_KARPENTER_VERSION,
    passed: split.fields,
  });
  return {
    plain: inherited.plain,
    fields: split.fields,
    valid: split.valid && inherited.diagnostics.length === 0,
    diagnostics: inherited.diagnostics,
  };
}

/** The cluster a defaults finding is about. */
export interface InheritingCluster {
  readonly name: string;
  /** Its `karpenter.version` (as resolved: the default when unset). */
  readonly version: string;
  /** The fields its version passed through (none for a shipped version). */
  readonly passed: readonly PassThroughField[];
}

/**
 * The defaults' pass-through fields `cluster` inherits (not overridden in its own file) but whose
 * version does not take: an error each, at the field's line in `_defaults.yaml`, and the plain
 * value without them (so that the fleet schema does not report them again as unknown).
 */
export function inheritedPassThroughErrors(
  plain: unknown,
  root: LocatedNode,
  defaultsFile: string,
  fields: readonly DefaultsPassThroughField[],
  cluster: InheritingCluster,
): { readonly plain: unknown; readonly diagnostics: readonly Diagnostic[] } {
  if (fields.length === 0 || plain === null || typeof plain !== 'object') return { plain, diagnostics: [] };
  const passed = new Set(cluster.passed.map(keyOf));
  const refused: DefaultsPassThroughField[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const f of fields) {
    const path = [f.section, f.entry, f.field];
    const loc = keyLocAt(root, path);
    if (loc.file !== defaultsFile || passed.has(keyOf(f))) continue;
    refused.push(f);
    const kind = PASS_THROUGH_KINDS.find((k) => k.section === f.section)?.kind ?? f.section;
    const only = f.versions.length === 1 ? `only the imported ${f.versions[0]}` : `only the imported ${f.versions.join(', ')}`;
    const what = f.known
      ? `does not take the value _defaults.yaml gives ${f.field} (${only} does)`
      : `has no field ${f.field} (${only} has it)`;
    diagnostics.push({
      severity: 'error',
      file: loc.file,
      line: loc.line,
      col: loc.col,
      path: formatPath(path),
      message: `cluster ${cluster.name} inherits it from _defaults.yaml, but is pinned to Karpenter ${cluster.version}, whose ${kind} ${what}`,
      fix: `Pin ${cluster.name} to ${f.versions[f.versions.length - 1]}, or move ${f.field} from _defaults.yaml into the files of the clusters on ${f.versions.join(' or ')}`,
    });
  }
  return { plain: withoutFields(plain as Record<string, unknown>, refused), diagnostics };
}
