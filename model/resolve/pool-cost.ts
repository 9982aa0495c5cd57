/**
 * What a NodePool may launch and what that may cost, from the catalogue
 * (model/facts/instance-table.ts): the allowed types, their architectures and capacity types, the
 * range of on-demand price per vCPU-hour and per GiB-hour, and the hourly ceiling its limits
 * imply: `limits.cpu` × the dearest $/vCPU-hour among allowed types, `limits.memory` × the
 * dearest $/GiB-hour, `limits.nodes` (or a static pool's replicas) × the dearest type, an
 * extended-resource limit (`nvidia.com/gpu`) × the dearest price per unit when every allowed
 * type has that resource; the lowest of those, or unbounded when the pool has none.
 *
 * Prices are Karpenter's static on-demand list prices of one region per partition
 * (us-east-1 for aws, cn-north-1 for aws-cn, us-gov-east-1/-west-1 for aws-us-gov), not the
 * cluster's region, with no Spot discount, no savings plans and no EBS.
 */
import { LABELS } from '../facts/constants';
import { LabelRequirement } from '../facts/label-constraint';
import { priceRegionFor } from '../facts/instance-table';
import { parseQuantity } from '../facts/quantity';
import { resolveInstanceTypes } from './resolve-instance-types';

export interface PriceRange {
  readonly min: number;
  readonly max: number;
}

export interface PoolCapacity {
  readonly types: readonly string[];
  readonly architectures: readonly string[];
  /** As the pool's capacity-type requirement says; on-demand when it says nothing (Karpenter's default). */
  readonly capacityTypes: readonly string[];
  /** The price table's region. */
  readonly priceRegion: string;
  /** Allowed types with a price in that table. */
  readonly pricedTypes: number;
  readonly perVcpuHour?: PriceRange;
  readonly perGibHour?: PriceRange;
  /** Cheapest and dearest allowed type, USD per hour. */
  readonly perNodeHour?: PriceRange;
  /** USD per hour the limits allow at most; undefined: unbounded (no limits). */
  readonly ceiling?: number;
  /** What bounds the ceiling (`limits.cpu 200`), or why there is none. */
  readonly ceilingBasis: string;
}

export interface CostedPool {
  readonly requirements: readonly LabelRequirement[];
  readonly limits: Readonly<Record<string, string>>;
  readonly replicas?: number;
}

const CAPACITY_TYPES_DEFAULT = ['on-demand'];

function range(values: readonly number[]): PriceRange | undefined {
  if (values.length === 0) return undefined;
  return { min: Math.min(...values), max: Math.max(...values) };
}

export function poolCapacity(
  pool: CostedPool,
  region: string | undefined,
  architectures?: readonly string[],
): PoolCapacity {
  const types = resolveInstanceTypes(pool.requirements, architectures).types;
  const priceRegion = priceRegionFor(region);
  const priced = types.filter((t) => t.prices[priceRegion] !== undefined);
  const perVcpu = priced.map((t) => (t.prices[priceRegion] ?? 0) / Number(t.labels[LABELS.instanceCpu]));
  const perGib = priced.map(
    (t) => (t.prices[priceRegion] ?? 0) / (Number(t.labels[LABELS.instanceMemory]) / 1024),
  );
  const perVcpuHour = range(perVcpu.filter(Number.isFinite));
  const perGibHour = range(perGib.filter(Number.isFinite));
  const perNodeHour = range(priced.map((t) => t.prices[priceRegion] ?? 0));
  const capacity = pool.requirements.filter((r) => r.key === LABELS.capacityType);
  const capacityTypes = capacity.length === 0 ? CAPACITY_TYPES_DEFAULT : capacityTypesOf(capacity);
  const bounds: { cost: number; basis: string }[] = [];
  const cpu = pool.limits.cpu !== undefined ? parseQuantity(pool.limits.cpu) : undefined;
  if (cpu !== undefined && perVcpuHour)
    bounds.push({ cost: cpu * perVcpuHour.max, basis: `limits.cpu ${pool.limits.cpu}` });
  const memory = pool.limits.memory !== undefined ? parseQuantity(pool.limits.memory) : undefined;
  if (memory !== undefined && perGibHour)
    bounds.push({ cost: (memory / 2 ** 30) * perGibHour.max, basis: `limits.memory ${pool.limits.memory}` });
  const nodes =
    pool.replicas ?? (pool.limits.nodes !== undefined ? parseQuantity(pool.limits.nodes) : undefined);
  if (nodes !== undefined && perNodeHour)
    bounds.push({
      cost: nodes * perNodeHour.max,
      basis: pool.replicas !== undefined ? `replicas ${pool.replicas}` : `limits.nodes ${pool.limits.nodes}`,
    });
  // Extended resources (nvidia.com/gpu, ...): a bound only when every priced type has some.
  for (const [resource, written] of Object.entries(pool.limits)) {
    if (['cpu', 'memory', 'nodes', 'pods', 'ephemeral-storage'].includes(resource)) continue;
    const limit = parseQuantity(written);
    const rates = priced.map((t) => (t.prices[priceRegion] ?? 0) / (t.allocatable?.[resource] ?? 0));
    if (limit === undefined || rates.length === 0 || !rates.every(Number.isFinite)) continue;
    bounds.push({ cost: limit * Math.max(...rates), basis: `limits.${resource} ${written}` });
  }
  bounds.sort((a, b) => a.cost - b.cost);
  const bound = bounds[0];
  return {
    types: types.map((t) => t.name),
    architectures: [
      ...new Set(types.map((t) => t.labels[LABELS.arch]).filter((a): a is string => a !== undefined)),
    ].sort(),
    capacityTypes,
    priceRegion,
    pricedTypes: priced.length,
    ...(perVcpuHour ? { perVcpuHour } : {}),
    ...(perGibHour ? { perGibHour } : {}),
    ...(perNodeHour ? { perNodeHour } : {}),
    ...(bound ? { ceiling: bound.cost } : {}),
    ceilingBasis: bound
      ? bound.basis
      : priced.length === 0
        ? `no allowed type has a price in the ${priceRegion} table`
        : 'no limit bounds it',
  };
}

function capacityTypesOf(requirements: readonly LabelRequirement[]): string[] {
  const all = ['on-demand', 'reserved', 'spot'];
  return all.filter((c) =>
    requirements.every((r) =>
      r.operator === 'In'
        ? (r.values ?? []).includes(c)
        : r.operator === 'NotIn'
          ? !(r.values ?? []).includes(c)
          : true,
    ),
  );
}

/** Sum of ceilings; undefined (unbounded) when any is. */
export function sumCeilings(list: readonly PoolCapacity[]): number | undefined {
  let total = 0;
  for (const p of list) {
    if (p.ceiling === undefined) return undefined;
    total += p.ceiling;
  }
  return total;
}

/** USD with enough digits to compare ($0.0042, $1.23, $1,234). */
export function usd(n: number): string {
  if (n >= 1000) return `$${Math.round(n).toLocaleString('en-US')}`;
  if (n >= 1) return `$${n.toFixed(2)}`;
  return `$${n.toPrecision(2)}`;
}
