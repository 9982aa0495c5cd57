/**
 * The instance types a NodePool's requirements allow, out of the catalogue
 * (model/facts/instance-table.ts), the way Karpenter reads them: a conjunction of requirements, each
 * on one label, with In, NotIn, Exists, DoesNotExist, Gt, Gte, Lt and Lte. A type without a
 * label satisfies NotIn and DoesNotExist on it and nothing else. Requirements on labels the
 * catalogue does not describe (capacity type, zone, custom labels, the OS, which the node
 * class's AMI decides) do not narrow the types.
 *
 * Each distinct requirement set is resolved once per process.
 */
import { LABELS } from '../facts/constants';
import { LabelRequirement } from '../facts/label-constraint';
import { instanceTable, TableInstanceType } from '../facts/instance-table';

/** Labels the catalogue lists but that the node class decides, not the instance type. */
const NOT_TYPE_LABELS: ReadonlySet<string> = new Set([LABELS.os]);

/** Does the catalogue decide this label (so a requirement on it narrows the instance types)? */
export function isTypeLabel(key: string): boolean {
  if (NOT_TYPE_LABELS.has(key)) return false;
  return instanceTable().values.has(key);
}

/** Does a node of `type` satisfy one requirement? */
export function typeSatisfies(type: TableInstanceType, r: LabelRequirement): boolean {
  const value = type.labels[r.key];
  const values = r.values ?? [];
  switch (r.operator) {
    case 'In':
      return value !== undefined && values.includes(value);
    case 'NotIn':
      return value === undefined || !values.includes(value);
    case 'Exists':
      return value !== undefined;
    case 'DoesNotExist':
      return value === undefined;
    case 'Gt':
    case 'Gte':
    case 'Lt':
    case 'Lte': {
      if (value === undefined || !/^[0-9]+$/.test(value)) return false;
      const n = Number(value);
      const bound = Number(values[0]);
      if (r.operator === 'Gt') return n > bound;
      if (r.operator === 'Gte') return n >= bound;
      if (r.operator === 'Lt') return n < bound;
      return n <= bound;
    }
    default:
      return true;
  }
}

export interface ResolvedInstanceTypes {
  /** The types every requirement (and the architectures) allow, in catalogue order. */
  readonly types: readonly TableInstanceType[];
  /** How many types were left after each requirement, in order (-1: it does not narrow types). */
  readonly after: readonly number[];
}

const cache = new Map<string, ResolvedInstanceTypes>();

/**
 * Applies `requirements` in order, then `architectures` (what the node class's AMIs exist for;
 * undefined: any).
 */
export function resolveInstanceTypes(
  requirements: readonly LabelRequirement[],
  architectures?: readonly string[],
): ResolvedInstanceTypes {
  const key = JSON.stringify([
    requirements.map((r) => [r.key, r.operator, r.values ?? []]),
    architectures ?? null,
  ]);
  const hit = cache.get(key);
  if (hit) return hit;
  let left: readonly TableInstanceType[] = instanceTable().types;
  const after: number[] = [];
  for (const r of requirements) {
    if (!isTypeLabel(r.key)) {
      after.push(-1);
      continue;
    }
    left = left.filter((t) => typeSatisfies(t, r));
    after.push(left.length);
  }
  if (architectures !== undefined) {
    left = left.filter((t) => {
      const arch = t.labels[LABELS.arch];
      return arch === undefined || architectures.includes(arch);
    });
  }
  const out = { types: left, after };
  cache.set(key, out);
  return out;
}

/** The first few names of a set, for messages. */
export function sampleNames(types: readonly { readonly name: string }[], count = 5): string {
  const names = types.slice(0, count).map((t) => t.name);
  return types.length > count ? `${names.join(', ')}, …` : names.join(', ');
}
