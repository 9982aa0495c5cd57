/**
 * Fields of a fleet object that go straight to the Karpenter object of a version the repository
 * imported (`karpenter-gitops import`), under Karpenter's own name:
 *
 * - a field the tool has never seen (not in its fleet schema) that the imported CRD has, e.g. a
 *   field added by a newer release;
 * - a field the tool knows whose value its own schema refuses but whose place in the imported CRD
 *   takes it, e.g. a new enum value or a new field nested in it: the field is then written as
 *   given, over what the tool generates from its defaults (charts/karpenter/pass-through-json.ts:
 *   objects merge, the rest is replaced); the tool's checks for it do not apply to a shape they
 *   were not written for.
 *
 * One mechanism for every kind, driven by PASS_THROUGH_KINDS (model/schema/pass-through-kinds.ts):
 * fleet section → CRD kind → where in the object a field lands. Either way the value is
 * validated against the imported CRD's schema and CEL rules with the rest of dist/, and a
 * mistake is reported at its fleet line (synth/fleet-origin.ts). The fields are taken out of
 * the plain value before the fleet schema and the checks see it.
 */
import type { ErrorObject } from 'ajv';
import { CrdSchemaNode, schemaAt } from '../facts/crd-schema-diff';
import type { ImportedKarpenterVersion } from '../shared/imported-versions';
import { loadCrdTraits } from '../facts/crd-traits';
import { PASS_THROUGH_KINDS, PassThroughKind, PassThroughSection } from './pass-through-kinds';

export type { PassThroughSection } from './pass-through-kinds';

/** One field passed through: `<section>.<entry>.<field>` → `<at>` in the generated object. */
export interface PassThroughField {
  readonly section: PassThroughSection;
  readonly entry: string;
  readonly field: string;
  readonly value: unknown;
  /** The tool's schema has the field (its value was refused): its defaults and checks do not apply. */
  readonly known: boolean;
  /** Where it lands below the object's `spec` (`['hibernation']`, `['template', 'spec', 'x']`). */
  readonly at: readonly string[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Property names by CRD schema and path: read once per imported version and place. */
const fieldsCache = new WeakMap<CrdSchemaNode, Map<string, ReadonlySet<string>>>();

/** The property names of the imported CRD at `path` below its root. */
function crdFieldsAt(
  imported: ImportedKarpenterVersion,
  kind: string,
  path: readonly string[],
): ReadonlySet<string> {
  const root = imported.schemas.get(kind);
  if (root === undefined) return new Set();
  let byPath = fieldsCache.get(root);
  if (byPath === undefined) fieldsCache.set(root, (byPath = new Map()));
  const key = path.join('.');
  let fields = byPath.get(key);
  if (fields === undefined) {
    fields = new Set(Object.keys(schemaAt(root, path)?.properties ?? {}));
    byPath.set(key, fields);
  }
  return fields;
}

/**
 * Where a field the tool has never seen lands below `spec`: the first of the kind's levels whose
 * imported CRD has it, and that the tool does not write from a field of another name.
 */
export function newFieldPlace(
  imported: ImportedKarpenterVersion,
  kind: PassThroughKind,
  field: string,
): readonly string[] | undefined {
  if (kind.toolFields.has(field) || kind.reserved.has(field)) return undefined;
  for (const level of kind.newFieldLevels)
    if (crdFieldsAt(imported, kind.kind, ['spec', ...level]).has(field)) return [...level, field];
  return undefined;
}

/** Where a known field written as the CRD writes it lands below `spec` (undefined: not same-shaped). */
function knownFieldPlace(
  imported: ImportedKarpenterVersion,
  kind: PassThroughKind,
  field: string,
): readonly string[] | undefined {
  if (kind.sameShape === 'same-name-in-spec')
    return crdFieldsAt(imported, kind.kind, ['spec']).has(field) ? [field] : undefined;
  return kind.sameShape[field];
}

/** The imported CRD's enum at `path` below `spec` has `value`. */
export function crdEnumAccepts(
  imported: ImportedKarpenterVersion,
  kind: string,
  path: readonly string[],
  value: unknown,
): boolean {
  const root = imported.schemas.get(kind);
  if (root === undefined) return false;
  const node = schemaAt(root, ['spec', ...path.map((p) => (/^\d+$/.test(p) ? Number(p) : p))]);
  return node?.enum?.some((v) => JSON.stringify(v) === JSON.stringify(value)) ?? false;
}

function valueAt(value: unknown, path: readonly string[]): unknown {
  let node = value;
  for (const p of path) node = Array.isArray(node) ? node[Number(p)] : isRecord(node) ? node[p] : undefined;
  return node;
}

/** `plain` without the fields in `fields` (copies only what it changes). */
export function withoutFields(
  plain: Record<string, unknown>,
  fields: readonly Pick<PassThroughField, 'section' | 'entry' | 'field'>[],
): Record<string, unknown> {
  if (fields.length === 0) return plain;
  const out = { ...plain };
  for (const f of fields) {
    const section = { ...(out[f.section] as Record<string, unknown>) };
    const entry = { ...(section[f.entry] as Record<string, unknown>) };
    delete entry[f.field];
    section[f.entry] = entry;
    out[f.section] = section;
  }
  return out;
}

/**
 * The kinds whose fields pass through for a cluster: on EKS Auto Mode the node classes are EKS
 * NodeClasses (charts/karpenter/auto-mode-node-class.ts), not the imported EC2NodeClass.
 */
function kindsOf(plain: Record<string, unknown>): readonly PassThroughKind[] {
  const karpenter = plain.karpenter;
  const autoMode =
    typeof karpenter === 'object' && karpenter !== null && (karpenter as { mode?: unknown }).mode === 'eks-auto-mode';
  return autoMode ? PASS_THROUGH_KINDS.filter((k) => k.section !== 'nodeClasses') : PASS_THROUGH_KINDS;
}

/** The fields never seen by the tool that the imported CRDs have (and a free-form kubelet, whole). */
function newFields(plain: Record<string, unknown>, imported: ImportedKarpenterVersion): PassThroughField[] {
  // A free-form kubelet (model/facts/crd-traits.ts) takes any KubeletConfiguration field: it goes
  // to the class whole, checked by check-free-form-kubelet.ts instead of the tool's typed schema.
  const freeFormKubelet = loadCrdTraits(imported.artifactDir).kubelet === 'free-form';
  const fields: PassThroughField[] = [];
  for (const kind of kindsOf(plain)) {
    const section = plain[kind.section];
    if (!isRecord(section)) continue;
    for (const [entry, object] of Object.entries(section)) {
      if (!isRecord(object)) continue;
      for (const [field, value] of Object.entries(object)) {
        const at = newFieldPlace(imported, kind, field);
        if (at !== undefined) fields.push({ section: kind.section, entry, field, value, known: false, at });
        else if (kind.section === 'nodeClasses' && field === 'kubelet' && freeFormKubelet)
          fields.push({ section: kind.section, entry, field, value, known: true, at: [field] });
      }
    }
  }
  return fields;
}

/**
 * The imported CRD takes what the fleet schema refused at `path` below `spec` (error `e`): an enum
 * value its enum lists, or a property (a field nested in a known one) it has.
 */
function crdTakes(
  imported: ImportedKarpenterVersion,
  kind: string,
  path: readonly string[],
  e: ErrorObject,
  value: unknown,
): boolean {
  if (e.keyword === 'enum') return crdEnumAccepts(imported, kind, path, value);
  if (e.keyword !== 'additionalProperties') return false;
  const property = (e.params as { additionalProperty?: unknown }).additionalProperty;
  const root = imported.schemas.get(kind);
  if (typeof property !== 'string' || root === undefined) return false;
  const node = schemaAt(root, ['spec', ...path.map((p) => (/^\d+$/.test(p) ? Number(p) : p))]);
  return node?.properties?.[property] !== undefined;
}

/**
 * Known fields the fleet schema refused inside (a new enum value, a new nested field) where the
 * imported CRD takes it: each passes through whole, when the fleet writes it in the CRD's shape.
 */
function refusedKnownFields(
  plain: Record<string, unknown>,
  imported: ImportedKarpenterVersion,
  errors: readonly ErrorObject[],
): PassThroughField[] {
  const found = new Map<string, PassThroughField>();
  for (const e of errors) {
    const segs = e.instancePath
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const kind = kindsOf(plain).find((k) => k.section === segs[0]);
    if (kind === undefined || segs.length < 3) continue;
    const [, entry, field, ...rest] = segs;
    if (!kind.toolFields.has(field)) continue;
    const place = knownFieldPlace(imported, kind, field);
    const object = (plain[kind.section] as Record<string, unknown>)[entry];
    if (place === undefined || !crdTakes(imported, kind.kind, [...place, ...rest], e, valueAt(object, [field, ...rest])))
      continue;
    const value = (object as Record<string, unknown>)[field];
    found.set(`${kind.section}\u0000${entry}\u0000${field}`, {
      section: kind.section,
      entry,
      field,
      value,
      known: true,
      at: place,
    });
  }
  return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, f]) => f);
}

/**
 * The pass-through fields of a cluster (or of `_defaults.yaml`) on `imported`, and the plain
 * value without them. `validate` is the fleet schema (its errors say which known fields it refuses).
 */
export function splitPassThrough(
  plain: unknown,
  imported: ImportedKarpenterVersion,
  validate: { (v: unknown): boolean; errors?: ErrorObject[] | null },
): {
  readonly plain: unknown;
  readonly fields: readonly PassThroughField[];
  /** `validate` already accepted `plain` as returned (the caller need not validate it again). */
  readonly valid: boolean;
} {
  if (!isRecord(plain)) return { plain, fields: [], valid: false };
  const fields = newFields(plain, imported);
  const current = withoutFields(plain, fields);
  if (validate(current)) return { plain: current, fields, valid: true };
  const known = refusedKnownFields(plain, imported, validate.errors ?? []);
  return { plain: withoutFields(current, known), fields: [...fields, ...known], valid: false };
}

/** The fields passed through to one object, by their place below `spec` (`template.spec.x`), sorted. */
export function passThroughOf(
  fields: readonly PassThroughField[],
  section: PassThroughSection,
  entry: string,
): { readonly passThrough?: Readonly<Record<string, unknown>> } {
  const mine = fields.filter((f) => f.section === section && f.entry === entry);
  if (mine.length === 0) return {};
  const pairs = mine.map((f) => [f.at.join('.'), f.value] as const).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { passThrough: Object.fromEntries(pairs) };
}
