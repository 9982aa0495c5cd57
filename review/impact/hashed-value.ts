/**
 * The value Karpenter's hashes see, where that is not the text in the manifest: two texts of one
 * field that parse to the same value hash the same, so changing one into the other drifts no node.
 *
 * The hashes (hashstructure v2 with SlicesAsSets, IgnoreZeroValue, ZeroNil; see drift-rules.ts)
 * walk the Go structs Karpenter unmarshalled, so a field typed as a duration or quantity is hashed
 * as what it parsed to (kubernetes-sigs/karpenter v1.14.1, aws/karpenter-provider-aws v1.14.1):
 *
 * - NodePool `spec.template.spec.expireAfter` is a NillableDuration (core pkg/apis/v1/duration.go):
 *   its `*time.Duration` is hashed, its `Raw` text is `hash:"ignore"`; `Never` is a nil duration,
 *   which IgnoreZeroValue leaves out of the hash (not the same as the 720h default).
 * - NodePool `spec.template.spec.terminationGracePeriod` is a `*metav1.Duration`: a struct whose
 *   one field, the `time.Duration`, is hashed as its int64 nanoseconds.
 * - EC2NodeClass `spec.kubelet.evictionSoftGracePeriod` is a `map[string]metav1.Duration` (provider
 *   pkg/apis/v1/ec2nodeclass.go, KubeletConfiguration): each value hashed as its nanoseconds.
 * - EC2NodeClass `spec.blockDeviceMappings[].ebs.volumeSize` is a `*resource.Quantity` tagged
 *   `hash:"string"` (BlockDevice.VolumeSize): hashed as `Quantity.String()`, the canonical text
 *   (`1024Gi` and `1Ti` alike), see canonicalQuantity in model/facts/quantity.ts.
 *
 * - Fields that are not pointers (Taint key/value/effect, NodeClassReference, EC2NodeClassSpec.Role,
 *   BlockDeviceMapping.RootVolume, NetworkInterface's indexes and type) unmarshal to Go's zero value
 *   when absent, and IgnoreZeroValue leaves a zero value out: `rootVolume: false` is no field at all.
 *   Pointer fields (`associatePublicIPAddress: false`) are hashed whenever set.
 *
 * Every other hashed field is a string, number, bool, map or list of those, hashed as written, so
 * there the text is the value; `kubelet.kubeReserved` and friends are `map[string]string`, hashed
 * as text (`1Gi` and `1024Mi` differ there).
 */
import { canonicalQuantity, goDurationNanos } from '../../model';
import { canonical, isPlainObject } from './field-diff';
import { FieldPath, pathKeys } from './field-path';
import { KARPENTER_KINDS, KarpenterKind } from '../resource-kinds';

/** A field Karpenter hashes as a parsed value: its path (`#` = any list element, `*` = any map key). */
interface ParsedField {
  readonly path: readonly string[];
  readonly type: 'duration' | 'nillable-duration' | 'quantity-string' | 'plain-scalar';
}

/** Non-pointer string, bool and integer fields of the hashed structs (zero value = absent). */
const scalars = (base: readonly string[], names: readonly string[]): ParsedField[] =>
  names.map((n) => ({ path: [...base, n], type: 'plain-scalar' }));

const NODE_POOL_PARSED: readonly ParsedField[] = [
  { path: ['spec', 'template', 'spec', 'expireAfter'], type: 'nillable-duration' },
  { path: ['spec', 'template', 'spec', 'terminationGracePeriod'], type: 'duration' },
  // corev1.Taint Key/Value/Effect, NodeClassReference Kind/Name/Group (core pkg/apis/v1/nodeclaim.go).
  ...scalars(['spec', 'template', 'spec', 'taints', '#'], ['key', 'value', 'effect']),
  ...scalars(['spec', 'template', 'spec', 'startupTaints', '#'], ['key', 'value', 'effect']),
  ...scalars(['spec', 'template', 'spec', 'nodeClassRef'], ['kind', 'name', 'group']),
];

const NODE_CLASS_PARSED: readonly ParsedField[] = [
  { path: ['spec', 'kubelet', 'evictionSoftGracePeriod', '*'], type: 'duration' },
  { path: ['spec', 'blockDeviceMappings', '#', 'ebs', 'volumeSize'], type: 'quantity-string' },
  // EC2NodeClassSpec.Role, BlockDeviceMapping.RootVolume, NetworkInterface's three fields.
  ...scalars(['spec'], ['role']),
  ...scalars(['spec', 'blockDeviceMappings', '#'], ['rootVolume']),
  ...scalars(['spec', 'networkInterfaces', '#'], ['networkCardIndex', 'deviceIndex', 'interfaceType']),
];

/** What the hash sees of one parsed field's text; `undefined` leaves the field out (a nil duration). */
function hashed(type: ParsedField['type'], value: unknown): unknown {
  if (type === 'plain-scalar') return value === '' || value === false || value === 0 ? undefined : value;
  if (typeof value !== 'string') return value;
  if (type === 'nillable-duration' && value === 'Never') return undefined;
  if (type === 'quantity-string') {
    const q = canonicalQuantity(value);
    return q === undefined ? value : { quantity: q };
  }
  const nanos = goDurationNanos(value);
  return nanos === undefined ? value : { nanoseconds: nanos.toString() };
}

/** A copy of the resource with each parsed field replaced by what the hash sees of it. */
export function hashView(kind: KarpenterKind, resource: unknown): unknown {
  const fields = kind === KARPENTER_KINDS.nodePool ? NODE_POOL_PARSED : NODE_CLASS_PARSED;
  return fields.reduce((acc, f) => rewrite(acc, f.path, (v) => hashed(f.type, v)), resource);
}

function rewrite(value: unknown, path: readonly string[], fn: (v: unknown) => unknown): unknown {
  if (path.length === 0) return fn(value);
  const [head, ...rest] = path;
  if (head === '#') return Array.isArray(value) ? value.map((e) => rewrite(e, rest, fn)) : value;
  if (!isPlainObject(value)) return value;
  const keys = head === '*' ? Object.keys(value) : head in value ? [head] : [];
  if (keys.length === 0) return value;
  const out: Record<string, unknown> = { ...value };
  for (const k of keys) {
    const v = rewrite(value[k], rest, fn);
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** The value at a diff path (`idField` segments select the list element with that id). */
export function valueAt(value: unknown, path: FieldPath): unknown {
  let cur = value;
  for (const seg of path) {
    if ('key' in seg) cur = isPlainObject(cur) ? cur[seg.key] : undefined;
    else if ('index' in seg) cur = Array.isArray(cur) ? cur[seg.index] : undefined;
    else
      cur = Array.isArray(cur)
        ? cur.find((e) => isPlainObject(e) && String(e[seg.idField]) === seg.id)
        : undefined;
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** True when the two views hold the same value at `path` (both absent counts as the same). */
export function sameHashedAt(beforeView: unknown, afterView: unknown, path: FieldPath): boolean {
  return canonical(valueAt(beforeView, path)) === canonical(valueAt(afterView, path));
}

const SAME: Readonly<Record<ParsedField['type'], string>> = {
  'nillable-duration':
    'the same duration: NodePool.Hash hashes the parsed time.Duration, the text (NillableDuration.Raw) is hash:"ignore"; no node drifts',
  duration: 'the same duration: a metav1.Duration is hashed as its number of nanoseconds; no node drifts',
  'quantity-string':
    'the same quantity: EC2NodeClass.Hash hashes volumeSize as Quantity.String() (hash:"string"), the canonical text; no node drifts',
  'plain-scalar':
    "Go's zero value for a field that is not a pointer: IgnoreZeroValue leaves it out of the hash, as if absent; no node drifts",
};

/**
 * Why a change Karpenter's hash does not see is no drift, or undefined when the hash sees it.
 * `beforeView`/`afterView` are {@link hashView}s of the resources with CRD defaults applied.
 */
export function unhashedChangeReason(
  kind: KarpenterKind,
  beforeView: unknown,
  afterView: unknown,
  path: FieldPath,
): string | undefined {
  if (!sameHashedAt(beforeView, afterView, path)) return undefined;
  const fields = kind === KARPENTER_KINDS.nodePool ? NODE_POOL_PARSED : NODE_CLASS_PARSED;
  const keys = pathKeys(path);
  const field = fields.find(
    (f) => f.path.length <= keys.length && f.path.every((p, i) => p === '*' || p === keys[i]),
  );
  return field ? SAME[field.type] : 'the same value as Karpenter hashes it; no node drifts';
}
