/**
 * The instance types a NodePool's requirements allow, out of the catalogue
 * (model/facts/instance-table.ts), computed the way Karpenter 1.14.1 computes them:
 *
 * - the requirements are one `Requirements` set, requirements on a repeated key intersected
 *   (model/facts/karpenter-requirements.ts; kubernetes-sigs/karpenter pkg/scheduling/requirements.go,
 *   Add; pkg/controllers/provisioning/scheduling/nodeclaimtemplate.go, NewNodeClaimTemplate);
 * - a type is kept when its own requirements Intersect the pool's
 *   (pkg/controllers/provisioning/scheduling/nodeclaim.go, compatible): every key both define must
 *   overlap, and a key the type leaves DoesNotExist passes only NotIn/DoesNotExist. What a type
 *   defines is aws/karpenter-provider-aws pkg/providers/instancetype/types.go, computeRequirements:
 *   every label the reference lists (its value; `""` included), DoesNotExist for the ones it does
 *   not list, `kubernetes.io/os` from getOS (linux; for a Windows family windows on amd64 and no
 *   value on arm64), `karpenter.k8s.aws/instance-tenancy` In [default, dedicated],
 *   `node.kubernetes.io/windows-build` DoesNotExist outside Windows families;
 * - then the architectures the node class's AMIs exist for (Windows: amd64);
 * - `minValues` is counted over the types kept (pkg/cloudprovider/types.go, SatisfiesMinValues:
 *   the distinct values of each type's requirement on the key, `""` counting as one).
 *
 * Keys the catalogue cannot answer for (zone, region, zone-id and capacity type, which come with
 * the cluster's offerings; capacity-reservation labels; the Windows build of a Windows class; custom
 * labels, which no type defines) do not narrow the types, as Intersects ignores keys only one side
 * defines.
 *
 * When no type of the reference is left, the names only Karpenter's VPC-limits table knows that the
 * pool names (an `In` on a key a name gives: instance-type, -family, -size, -category, -generation)
 * and whose name labels pass every requirement on those keys are listed as `notEvaluated`: this tool
 * has no authoritative labels for them, so whether Karpenter launches them is unknown (the model
 * check warns at the requirement, check-instance-requirements.ts).
 *
 * Each distinct requirement set is resolved once per process.
 */
import { LABELS } from '../facts/constants';
import {
  admitsLabelValues,
  Requirement,
  RequirementInput,
  Requirements,
} from '../facts/karpenter-requirements';
import { instanceTable, TableInstanceType, UnevaluatedInstanceType } from '../facts/instance-table';

/** karpenter.k8s.aws/instance-tenancy: In [default, dedicated] on every type (computeRequirements). */
export const TENANCY_LABEL = 'karpenter.k8s.aws/instance-tenancy';
const TENANCY_VALUES: readonly string[] = ['default', 'dedicated'];
/** node.kubernetes.io/windows-build: DoesNotExist unless the family is Windows (its build then). */
export const WINDOWS_BUILD_LABEL = 'node.kubernetes.io/windows-build';
const NONE: readonly string[] = [];
const LINUX: readonly string[] = ['linux'];
const WINDOWS: readonly string[] = ['windows'];

/**
 * Keys every instance type defines with values from its offerings (computeRequirements: zone,
 * zone-id, region, capacity type). The catalogue cannot say which values, so they do not narrow
 * the types nor count for minValues here; DoesNotExist on one leaves nothing.
 */
export const OFFERING_KEYS: ReadonlySet<string> = new Set([
  LABELS.capacityType,
  LABELS.zone,
  LABELS.region,
  LABELS.zoneId,
]);

/** Capacity-reservation labels: DoesNotExist without reservations, the reservations' values with them (not known here). */
export const RESERVATION_KEYS: ReadonlySet<string> = new Set([
  'karpenter.k8s.aws/capacity-reservation-id',
  'karpenter.k8s.aws/capacity-reservation-type',
  'karpenter.k8s.aws/capacity-reservation-interruptible',
]);

/** What the node class decides about its types. */
export interface NodeClassTraits {
  /** The architectures its AMIs exist for; undefined: any (e.g. AMIs selected by ID). */
  readonly architectures?: readonly string[];
  /**
   * A Windows AMI family (getOS gives windows on amd64 and nothing on arm64).
   * @default false
   */
  readonly windows?: boolean;
}

/** Does the catalogue decide this label from the instance type alone (a requirement on it narrows the types)? */
export function isTypeLabel(key: string): boolean {
  if (key === LABELS.os || key === WINDOWS_BUILD_LABEL) return false;
  return key === TENANCY_LABEL || instanceTable().values.has(key);
}

/**
 * The values of `type`'s own requirement on `key` (computeRequirements): a list (empty: the type
 * leaves the label DoesNotExist), or undefined where the type defines nothing the catalogue knows.
 */
export function typeLabelValues(
  type: TableInstanceType,
  key: string,
  windows = false,
): readonly string[] | undefined {
  if (key === LABELS.os) {
    if (!windows) return LINUX;
    return type.labels[LABELS.arch] === 'amd64' ? WINDOWS : NONE;
  }
  if (key === TENANCY_LABEL) return TENANCY_VALUES;
  if (key === WINDOWS_BUILD_LABEL) return windows ? undefined : NONE;
  if (!instanceTable().values.has(key)) return undefined;
  const v = type.labels[key];
  return v === undefined ? NONE : [v];
}

/** Does a node of `type` satisfy one requirement on its own (Intersects on one key)? */
export function typeSatisfies(type: TableInstanceType, r: RequirementInput): boolean {
  const v = type.labels[r.key];
  return admitsLabelValues(Requirement.of(r), v === undefined ? NONE : [v]);
}

/** A minValues the kept types cannot meet. */
export interface MinValuesShortfall {
  readonly key: string;
  readonly minValues: number;
  /** The distinct values the kept types have (sorted). */
  readonly values: readonly string[];
}

export interface ResolvedInstanceTypes {
  /** The types Karpenter would consider, in catalogue order. */
  readonly types: readonly TableInstanceType[];
  /** The pool's requirements as Karpenter holds them (one intersected requirement per key). */
  readonly requirements: Requirements;
  /** minValues not met over `types` (Karpenter's default Strict policy then launches nothing). */
  readonly minValuesShort: readonly MinValuesShortfall[];
  /**
   * When `types` is empty: the names outside the reference the pool names and may allow (by their
   * name labels only), sorted; empty otherwise.
   */
  readonly notEvaluated: readonly UnevaluatedInstanceType[];
}

/** The names outside the reference that `reqs` name with an `In` and may allow, judged on name labels. */
function namedUnevaluated(reqs: Requirements): UnevaluatedInstanceType[] {
  const table = instanceTable();
  const nameKeys = new Set(table.notEvaluated.flatMap((t) => Object.keys(t.nameLabels)));
  const onNames = reqs.values().filter((r) => nameKeys.has(r.key));
  if (!onNames.some((r) => r.operator() === 'In')) return [];
  return table.notEvaluated.filter((t) =>
    onNames.every((r) => {
      const v = t.nameLabels[r.key];
      return admitsLabelValues(r, v === undefined ? NONE : [v]);
    }),
  );
}

const cache = new Map<string, ResolvedInstanceTypes>();

/** Resolves `requirements` (in order, repeated keys intersected) for a node class with `traits`. */
export function resolveInstanceTypes(
  requirements: readonly RequirementInput[],
  traits: NodeClassTraits = {},
): ResolvedInstanceTypes {
  const key = JSON.stringify([
    requirements.map((r) => [r.key, r.operator, r.values ?? [], r.minValues ?? null]),
    traits.architectures ?? null,
    traits.windows ?? false,
  ]);
  const hit = cache.get(key);
  if (hit) return hit;
  const reqs = Requirements.from(requirements);
  const windows = traits.windows ?? false;
  const table = instanceTable();
  // Only the keys the types define take part (Intersects ignores the others).
  const checks = reqs
    .values()
    .filter((r) => r.key === LABELS.os || r.key === WINDOWS_BUILD_LABEL || isTypeLabel(r.key));
  // One predicate per key; label keys answer once per distinct value (many types share one).
  const predicates: ((t: TableInstanceType) => boolean)[] = [];
  for (const r of checks) {
    if (r.key === LABELS.os || r.key === TENANCY_LABEL || r.key === WINDOWS_BUILD_LABEL) {
      const byArch = new Map<string, boolean>();
      predicates.push((t) => {
        const arch = t.labels[LABELS.arch] ?? '';
        let ok = byArch.get(arch);
        if (ok === undefined) {
          const values = typeLabelValues(t, r.key, windows);
          byArch.set(arch, (ok = values === undefined || admitsLabelValues(r, values)));
        }
        return ok;
      });
      continue;
    }
    const absent = admitsLabelValues(r, NONE);
    const byValue = new Map<string, boolean>();
    predicates.push((t) => {
      const v = t.labels[r.key];
      if (v === undefined) return absent;
      let ok = byValue.get(v);
      if (ok === undefined) byValue.set(v, (ok = r.has(v)));
      return ok;
    });
  }
  let types =
    predicates.length === 0 ? table.types : table.types.filter((t) => predicates.every((p) => p(t)));
  const archs = traits.architectures;
  if (archs !== undefined) types = types.filter((t) => archs.includes(t.labels[LABELS.arch] ?? ''));
  const minValuesShort: MinValuesShortfall[] = [];
  for (const r of reqs.values()) {
    // Offering and reservation keys and a Windows class's build are not known here; other keys no type defines
    // count no value, as in Karpenter (Requirements.Get gives Exists, which has no values).
    if (
      r.minValues === undefined ||
      OFFERING_KEYS.has(r.key) ||
      RESERVATION_KEYS.has(r.key) ||
      (windows && r.key === WINDOWS_BUILD_LABEL)
    )
      continue;
    const seen = new Set<string>();
    for (const t of types) for (const v of typeLabelValues(t, r.key, windows) ?? NONE) seen.add(v);
    if (seen.size < r.minValues)
      minValuesShort.push({ key: r.key, minValues: r.minValues, values: [...seen].sort() });
  }
  const notEvaluated = types.length === 0 ? namedUnevaluated(reqs) : [];
  const out: ResolvedInstanceTypes = { types, requirements: reqs, minValuesShort, notEvaluated };
  cache.set(key, out);
  return out;
}

/** The first few names of a set, for messages. */
export function sampleNames(types: readonly { readonly name: string }[], count = 5): string {
  const names = types.slice(0, count).map((t) => t.name);
  return types.length > count ? `${names.join(', ')}, …` : names.join(', ');
}
