/**
 * What a NodePool may launch and what that may cost, from the catalogue
 * (model/facts/instance-table.ts): the types Karpenter would consider
 * (model/resolve/resolve-instance-types.ts), their architectures and capacity types, the range of
 * on-demand price per vCPU-hour, per GiB-hour and per node, and the hourly ceiling its limits imply:
 * `limits.cpu` × the dearest price per vCPU-hour, `limits.memory` × the dearest per GiB-hour,
 * `limits.nodes` (or a static pool's replicas) × the dearest type, an extended-resource limit
 * (`nvidia.com/gpu`) × the dearest price per unit when every priced type has that resource; the
 * lowest of those.
 *
 * The ceiling never pretends:
 * - `exact`: every allowed type has a price;
 * - `lower-bound`: some allowed types have no price in the table, so the true ceiling may be higher
 *   ("1 of 3 types unpriced; ceiling at least $0.38/h");
 * - `unknown` (ceiling null): the pool has limits but none of its types has a price;
 * - `not-evaluated` (ceiling null): the only types the pool allows are outside Karpenter's
 *   reference (resolve-instance-types.ts, notEvaluated), so what it launches, and costs, is unknown;
 * - `unbounded` (ceiling null): the pool has no limit at all.
 *
 * Prices are Karpenter's static on-demand list prices of one table region (the cluster's own when a
 * table covers it, else its partition's first: us-east-1, cn-north-1, us-gov-east-1), in that
 * table's currency (CNY for aws-cn, else USD); no Spot discount, no reserved rate, no savings plans,
 * no EBS. Spot and reserved pools are labelled as priced at on-demand rates.
 */
import { LABELS } from '../facts/constants';
import { RequirementInput } from '../facts/karpenter-requirements';
import { CURRENCIES, Currency, currencyOf, instanceTable, priceRegionFor } from '../facts/instance-table';
import { parseQuantity } from '../facts/quantity';
import { NodeClassTraits, resolveInstanceTypes, sampleNames } from './resolve-instance-types';

export interface PriceRange {
  readonly min: number;
  readonly max: number;
}

export const CEILING_KINDS = ['exact', 'lower-bound', 'unknown', 'not-evaluated', 'unbounded'] as const;
export type CeilingKind = (typeof CEILING_KINDS)[number];

export interface PoolCapacity {
  readonly types: readonly string[];
  /** When `types` is empty: the names outside Karpenter's reference the pool may allow (never offered here). */
  readonly notEvaluatedTypes: readonly string[];
  readonly architectures: readonly string[];
  /** As the pool's capacity-type requirement says; on-demand when it says nothing (Karpenter's default). */
  readonly capacityTypes: readonly string[];
  /** The price table's region. */
  readonly priceRegion: string;
  /** The currency of every price and of the ceiling. */
  readonly currency: Currency;
  /** Allowed types with a price in that table, and without. */
  readonly pricedTypes: number;
  readonly unpricedTypes: number;
  /** The first few unpriced types, by name. */
  readonly unpricedSample: readonly string[];
  readonly perVcpuHour?: PriceRange;
  readonly perGibHour?: PriceRange;
  /** Cheapest and dearest priced type, per hour. */
  readonly perNodeHour?: PriceRange;
  /** Per hour the limits allow at most (a lower bound when kind is lower-bound); null: unknown, not evaluated or unbounded. */
  readonly ceiling: number | null;
  readonly ceilingKind: CeilingKind;
  /** What bounds the ceiling (`limits.cpu 200`), or why there is none. */
  readonly ceilingBasis: string;
  /** Set when spot or reserved capacity is allowed: the prices are on-demand rates all the same. */
  readonly priceNote?: string;
}

export interface CostedPool {
  readonly requirements: readonly RequirementInput[];
  readonly limits: Readonly<Record<string, string>>;
  readonly replicas?: number;
}

const CAPACITY_TYPES = ['on-demand', 'reserved', 'spot'] as const;
const CAPACITY_TYPES_DEFAULT = ['on-demand'];

function range(values: readonly number[]): PriceRange | undefined {
  if (values.length === 0) return undefined;
  return { min: Math.min(...values), max: Math.max(...values) };
}

export function poolCapacity(
  pool: CostedPool,
  region: string | undefined,
  traits: NodeClassTraits = {},
): PoolCapacity {
  const resolved = resolveInstanceTypes(pool.requirements, traits);
  const types = resolved.types;
  const priceRegion = priceRegionFor(region);
  const currency = currencyOf(priceRegion);
  const priced = types.filter((t) => t.prices[priceRegion] !== undefined);
  const unpriced = types.filter((t) => t.prices[priceRegion] === undefined);
  const price = (t: (typeof types)[number]): number => t.prices[priceRegion] ?? 0;
  const perVcpuHour = range(
    priced.map((t) => price(t) / Number(t.labels[LABELS.instanceCpu])).filter(Number.isFinite),
  );
  const perGibHour = range(
    priced.map((t) => price(t) / (Number(t.labels[LABELS.instanceMemory]) / 1024)).filter(Number.isFinite),
  );
  const perNodeHour = range(priced.map(price));
  const capacityTypes = resolved.requirements.has(LABELS.capacityType)
    ? CAPACITY_TYPES.filter((c) => resolved.requirements.get(LABELS.capacityType).has(c))
    : CAPACITY_TYPES_DEFAULT;

  const bounds: { cost: number; basis: string }[] = [];
  const written: string[] = [];
  const cpu = pool.limits.cpu !== undefined ? parseQuantity(pool.limits.cpu) : undefined;
  if (cpu !== undefined) written.push(`limits.cpu ${pool.limits.cpu}`);
  if (cpu !== undefined && perVcpuHour)
    bounds.push({ cost: cpu * perVcpuHour.max, basis: `limits.cpu ${pool.limits.cpu}` });
  const memory = pool.limits.memory !== undefined ? parseQuantity(pool.limits.memory) : undefined;
  if (memory !== undefined) written.push(`limits.memory ${pool.limits.memory}`);
  if (memory !== undefined && perGibHour)
    bounds.push({ cost: (memory / 2 ** 30) * perGibHour.max, basis: `limits.memory ${pool.limits.memory}` });
  const nodes =
    pool.replicas ?? (pool.limits.nodes !== undefined ? parseQuantity(pool.limits.nodes) : undefined);
  const nodesBasis =
    pool.replicas !== undefined ? `replicas ${pool.replicas}` : `limits.nodes ${pool.limits.nodes}`;
  if (nodes !== undefined) written.push(nodesBasis);
  if (nodes !== undefined && perNodeHour) bounds.push({ cost: nodes * perNodeHour.max, basis: nodesBasis });
  // Extended resources (nvidia.com/gpu, ...): a bound only when every priced type has some.
  for (const [resource, text] of Object.entries(pool.limits)) {
    if (['cpu', 'memory', 'nodes', 'pods', 'ephemeral-storage'].includes(resource)) continue;
    const limit = parseQuantity(text);
    if (limit === undefined) continue;
    written.push(`limits.${resource} ${text}`);
    const rates = priced.map((t) => price(t) / (t.allocatable?.[resource] ?? 0));
    if (rates.length === 0 || !rates.every(Number.isFinite)) continue;
    bounds.push({ cost: limit * Math.max(...rates), basis: `limits.${resource} ${text}` });
  }
  bounds.sort((a, b) => a.cost - b.cost);
  const bound = bounds[0];

  let ceiling: number | null;
  let ceilingKind: CeilingKind;
  let ceilingBasis: string;
  if (types.length === 0 && resolved.notEvaluated.length > 0) {
    ceiling = null;
    ceilingKind = 'not-evaluated';
    const names = resolved.notEvaluated.map((t) => t.name);
    const shown = sampleNames(resolved.notEvaluated, 3);
    ceilingBasis = `types not evaluated: the pool allows only ${names.length === 1 ? 'a type' : `${names.length} types`} outside Karpenter ${instanceTable().karpenterVersion}'s instance-type reference (${shown}), which has no labels or prices for ${names.length === 1 ? 'it' : 'them'}`;
  } else if (types.length === 0) {
    ceiling = 0;
    ceilingKind = 'exact';
    ceilingBasis = 'no instance type to launch';
  } else if (written.length === 0) {
    ceiling = null;
    ceilingKind = 'unbounded';
    ceilingBasis = 'no limits';
  } else if (bound === undefined) {
    ceiling = null;
    ceilingKind = 'unknown';
    ceilingBasis =
      priced.length === 0
        ? `none of the ${types.length} allowed types has a price in the ${priceRegion} table`
        : `no limit applies to the priced types (${written.join(', ')})`;
  } else {
    ceiling = bound.cost;
    ceilingKind = unpriced.length > 0 ? 'lower-bound' : 'exact';
    ceilingBasis = bound.basis;
  }
  const discounted = capacityTypes.filter((c) => c !== 'on-demand');
  return {
    types: types.map((t) => t.name),
    notEvaluatedTypes: resolved.notEvaluated.map((t) => t.name),
    architectures: [
      ...new Set(types.map((t) => t.labels[LABELS.arch]).filter((a): a is string => a !== undefined)),
    ].sort(),
    capacityTypes,
    priceRegion,
    currency,
    pricedTypes: priced.length,
    unpricedTypes: unpriced.length,
    unpricedSample: unpriced.slice(0, 3).map((t) => t.name),
    ...(perVcpuHour ? { perVcpuHour } : {}),
    ...(perGibHour ? { perGibHour } : {}),
    ...(perNodeHour ? { perNodeHour } : {}),
    ceiling,
    ceilingKind,
    ceilingBasis,
    ...(discounted.length > 0 ? { priceNote: `${discounted.join(' and ')} priced at on-demand rates` } : {}),
  };
}

/** A total of ceilings in one currency. */
export interface CeilingTotal {
  readonly currency: Currency;
  /** Sum of the known ceilings; null when the total is unbounded or nothing is known. */
  readonly amount: number | null;
  readonly kind: CeilingKind;
  /** Pools counted, and of them how many are unknown. */
  readonly pools: number;
  readonly unknownPools: number;
}

/**
 * One total per currency (never mixed), in the order USD, CNY: unbounded when a pool is; unknown when
 * no pool's ceiling is known; a lower bound when some pool's ceiling is a lower bound or unknown.
 */
export function sumCeilings(list: readonly PoolCapacity[]): CeilingTotal[] {
  const out: CeilingTotal[] = [];
  for (const currency of CURRENCIES) {
    const pools = list.filter((p) => p.currency === currency);
    if (pools.length === 0) continue;
    const unknownPools = pools.filter(
      (p) => p.ceilingKind === 'unknown' || p.ceilingKind === 'not-evaluated',
    ).length;
    if (pools.some((p) => p.ceilingKind === 'unbounded')) {
      out.push({ currency, amount: null, kind: 'unbounded', pools: pools.length, unknownPools });
      continue;
    }
    if (unknownPools === pools.length) {
      out.push({ currency, amount: null, kind: 'unknown', pools: pools.length, unknownPools });
      continue;
    }
    const amount = pools.reduce((n, p) => n + (p.ceiling ?? 0), 0);
    const kind = pools.some((p) => p.ceilingKind !== 'exact') ? 'lower-bound' : 'exact';
    out.push({ currency, amount, kind, pools: pools.length, unknownPools });
  }
  return out;
}

const SYMBOL: Readonly<Record<Currency, string>> = { USD: '$', CNY: '¥' };

/**
 * An amount with its currency symbol, always to the cent with thousands separators ($1,217.35,
 * ¥50.66, $0.38); rates below one cent keep four decimals ($0.0084).
 */
export function money(n: number, currency: Currency): string {
  const digits = n !== 0 && Math.abs(n) < 0.01 ? 4 : 2;
  return `${SYMBOL[currency]}${roundTo(n, digits).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

/** `n` rounded half away from zero to `digits` decimals (what every shown price and chart bar uses). */
export function roundTo(n: number, digits = 2): number {
  const f = 10 ** digits;
  return (Math.sign(n) * Math.round(Math.abs(n) * f + 1e-9)) / f;
}

/** A rate per unit (per vCPU-hour, per GiB-hour), always four decimals: $0.0084. */
export function rate(n: number, currency: Currency): string {
  return `${SYMBOL[currency]}${roundTo(n, 4).toFixed(4)}`;
}

/** A price range, one price shown once: "$0.0084" or "$0.0084 – $0.0120". */
export function rangeText(r: PriceRange | undefined, currency: Currency, show = rate): string {
  if (r === undefined) return '–';
  const lo = show(r.min, currency);
  const hi = show(r.max, currency);
  return lo === hi ? lo : `${lo} – ${hi}`;
}

/**
 * A pool's ceiling in words: "$0.38/h", "at least $0.38/h", "unknown", "unknown (types not
 * evaluated)", "unbounded".
 */
export function ceilingText(c: Pick<PoolCapacity, 'ceiling' | 'ceilingKind' | 'currency'>): string {
  if (c.ceilingKind === 'unbounded') return 'unbounded';
  if (c.ceilingKind === 'not-evaluated') return 'unknown (types not evaluated)';
  if (c.ceiling === null || c.ceilingKind === 'unknown') return 'unknown';
  const amount = `${money(c.ceiling, c.currency)}/h`;
  return c.ceilingKind === 'lower-bound' ? `at least ${amount}` : amount;
}

/** A total in words: "$1,217.35/h", "at least ¥50.66/h (1 pool unknown)", "unbounded (USD)". */
export function totalText(t: CeilingTotal): string {
  if (t.kind === 'unbounded') return `unbounded (${t.currency})`;
  if (t.amount === null) return `unknown (${t.currency})`;
  const amount = `${money(t.amount, t.currency)}/h`;
  if (t.kind === 'exact') return amount;
  return `at least ${amount}${t.unknownPools > 0 ? ` (${t.unknownPools} pool${t.unknownPools === 1 ? '' : 's'} unknown)` : ''}`;
}
