/**
 * Fields of a node class that go straight to the EC2NodeClass of a Karpenter version the
 * repository imported (`karpenter-gitops import`), under Karpenter's own name:
 *
 * - a field the tool has never seen (not in its fleet schema) that the imported CRD's
 *   `spec` has, e.g. a field added by a newer release;
 * - a field the tool knows whose value its own schema refuses but which the imported CRD has,
 *   e.g. a new enum value: the field is then written exactly as given (the tool's defaults and
 *   checks for it do not apply to a shape they were not written for).
 *
 * Either way the value is validated against the imported CRD's schema and CEL rules with the
 * rest of dist/, and a mistake is reported at its fleet line (synth/fleet-origin.ts). The
 * fields are taken out of the plain value before the fleet schema and the checks see it.
 */
import type { ErrorObject } from 'ajv';
import { CrdSchemaNode, schemaAt } from '../facts/crd-schema-diff';
import type { ImportedKarpenterVersion } from '../shared/imported-versions';
import { nodeClassSchema } from './fleet-schema-node-class';
import { loadCrdTraits } from '../facts/crd-traits';

/** One field passed through: `nodeClasses.<entry>.<field>` → `spec.<field>`. */
export interface PassThroughField {
  readonly entry: string;
  readonly field: string;
  readonly value: unknown;
  /** The tool's schema has the field (its value was refused): its defaults and checks do not apply. */
  readonly known: boolean;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const TOOL_FIELDS = new Set(Object.keys((nodeClassSchema.properties ?? {}) as Record<string, unknown>));

function specFields(imported: ImportedKarpenterVersion): ReadonlySet<string> {
  const root = imported.schemas.get('EC2NodeClass');
  const spec: CrdSchemaNode | undefined = root && schemaAt(root, ['spec']);
  return new Set(Object.keys(spec?.properties ?? {}));
}

/** The imported CRD's enum at the refused value's place has the value. */
function crdAccepts(imported: ImportedKarpenterVersion, path: readonly string[], value: unknown): boolean {
  const root = imported.schemas.get('EC2NodeClass');
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
function without(plain: Record<string, unknown>, fields: readonly PassThroughField[]): Record<string, unknown> {
  if (fields.length === 0) return plain;
  const classes = { ...(plain.nodeClasses as Record<string, unknown>) };
  for (const f of fields) {
    const entry = { ...(classes[f.entry] as Record<string, unknown>) };
    delete entry[f.field];
    classes[f.entry] = entry;
  }
  return { ...plain, nodeClasses: classes };
}

/**
 * The pass-through fields of a cluster on `imported`, and the plain value without them.
 * `validate` is the fleet schema (its errors say which known fields it refuses).
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
  if (!isRecord(plain) || !isRecord(plain.nodeClasses)) return { plain, fields: [], valid: false };
  const crd = specFields(imported);
  // A free-form kubelet (model/facts/crd-traits.ts) takes any KubeletConfiguration field: it goes
  // to the class whole, checked by check-free-form-kubelet.ts instead of the tool's typed schema.
  const freeFormKubelet = loadCrdTraits(imported.artifactDir).kubelet === 'free-form';
  const fields: PassThroughField[] = [];
  for (const [entry, nc] of Object.entries(plain.nodeClasses)) {
    if (!isRecord(nc)) continue;
    for (const [field, value] of Object.entries(nc))
      if (!TOOL_FIELDS.has(field) && crd.has(field)) fields.push({ entry, field, value, known: false });
      else if (field === 'kubelet' && freeFormKubelet) fields.push({ entry, field, value, known: true });
  }
  let current = without(plain, fields);
  if (validate(current)) return { plain: current, fields, valid: true };
  const refused = new Set<string>();
  for (const e of validate.errors ?? []) {
    const segs = e.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (segs[0] !== 'nodeClasses' || segs.length < 3 || e.keyword !== 'enum') continue;
    const [, entry, field, ...rest] = segs;
    const value = valueAt(plain.nodeClasses[entry], [field, ...rest]);
    if (TOOL_FIELDS.has(field) && crd.has(field) && crdAccepts(imported, [field, ...rest], value))
      refused.add(`${entry}\u0000${field}`);
  }
  const known: PassThroughField[] = [...refused].sort().map((key) => {
    const [entry, field] = key.split('\u0000');
    return { entry, field, value: (plain.nodeClasses as Record<string, Record<string, unknown>>)[entry][field], known: true };
  });
  current = without(current, known);
  return { plain: current, fields: [...fields, ...known], valid: false };
}
