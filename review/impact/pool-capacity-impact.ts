/**
 * Per NodePool of a change: the instance types it may launch before → after (resolved from the
 * NodePool manifests' requirements, with the architectures of its EC2NodeClass's AMI family),
 * the notable additions and removals (the dearest types first, e.g. "adds p5.48xlarge"), and the
 * hourly on-demand ceiling its limits imply before → after (model/resolve/pool-cost.ts), in the
 * currency of the price table. Each cluster is priced in its own region: the controller Application
 * carries it (REGION_ANNOTATION); a dist/ without it (generated before) is priced with us-east-1.
 */
import {
  AmiFamily,
  Currency,
  instanceTable,
  REGION_ANNOTATION,
  RequirementInput,
  compareCodeUnits,
} from '../../model';
import { CeilingKind, ceilingText, nodeClassTraits, PoolCapacity, poolCapacity } from '../../model/stages';
import { get } from './classify-resource';
import { DistResource } from '../dist-resources';
import { KARPENTER_KINDS } from '../resource-kinds';

/** How many added or removed types a change names. */
export const NOTABLE_TYPES = 3;

export interface PoolCapacityChange {
  readonly pool: string;
  readonly change: 'added' | 'removed' | 'changed';
  /** Undefined where the pool does not exist on that side. */
  readonly typesBefore?: number;
  readonly typesAfter?: number;
  /** Notable types added and removed (dearest first), and how many in all. */
  readonly adds: readonly string[];
  readonly addedCount: number;
  readonly removes: readonly string[];
  readonly removedCount: number;
  /** Per hour in `currency`; null: unknown or unbounded (see the kind); undefined: the pool does not exist on that side. */
  readonly ceilingBefore?: number | null;
  readonly ceilingAfter?: number | null;
  readonly ceilingKindBefore?: CeilingKind;
  readonly ceilingKindAfter?: CeilingKind;
  readonly priceRegion: string;
  readonly currency: Currency;
}

/** The cluster's AWS region as its controller Application states it (undefined: not stated). */
export function distRegion(resources: Map<string, DistResource>): string | undefined {
  for (const r of resources.values()) {
    if (r.kind !== 'Application') continue;
    const region = get(r.body, ['metadata', 'annotations', REGION_ANNOTATION]);
    if (typeof region === 'string') return region;
  }
  return undefined;
}

function capacityOf(
  pool: DistResource,
  resources: Map<string, DistResource>,
  region: string | undefined,
): PoolCapacity {
  const spec = get(pool.body, ['spec', 'template', 'spec']);
  const requirements = (get(spec, ['requirements']) ?? []) as readonly RequirementInput[];
  const limits = (get(pool.body, ['spec', 'limits']) ?? {}) as Record<string, string>;
  const replicas = get(pool.body, ['spec', 'replicas']);
  const className = get(spec, ['nodeClassRef', 'name']);
  const nc = [...resources.values()].find(
    (r) => r.kind === KARPENTER_KINDS.nodeClass && r.name === className,
  );
  const traits = nodeClassTraits(
    nc === undefined
      ? undefined
      : {
          amiFamily: get(nc.body, ['spec', 'amiFamily']) as AmiFamily | undefined,
          amiSelectorTerms: (get(nc.body, ['spec', 'amiSelectorTerms']) ?? []) as { alias?: string }[],
        },
  );
  return poolCapacity(
    {
      requirements: Array.isArray(requirements) ? requirements : [],
      limits: Object.fromEntries(Object.entries(limits).map(([k, v]) => [k, String(v)])),
      ...(typeof replicas === 'number' ? { replicas } : {}),
    },
    region,
    traits,
  );
}

/** Dearest first (unpriced last), then by name. */
function notable(names: readonly string[], region: string): string[] {
  const byName = instanceTable().byName;
  const price = (n: string) => byName.get(n)?.prices[region] ?? -1;
  return [...names].sort((a, b) => price(b) - price(a) || compareCodeUnits(a, b)).slice(0, NOTABLE_TYPES);
}

/** Every NodePool of one cluster whose allowed types or ceiling differ between the two trees. */
export function poolCapacityChanges(
  before: Map<string, DistResource>,
  after: Map<string, DistResource>,
): PoolCapacityChange[] {
  const pools = (m: Map<string, DistResource>) =>
    new Map([...m.values()].filter((r) => r.kind === KARPENTER_KINDS.nodePool).map((r) => [r.name, r]));
  const b = pools(before);
  const a = pools(after);
  // Both sides in one region (the newer tree's, else the older's), so a tree generated before the
  // annotation existed does not show a price change that is only a region change.
  const stated = distRegion(after) ?? distRegion(before);
  const out: PoolCapacityChange[] = [];
  for (const name of [...new Set([...b.keys(), ...a.keys()])].sort()) {
    const old = b.get(name);
    const cur = a.get(name);
    const was = old ? capacityOf(old, before, stated) : undefined;
    const now = cur ? capacityOf(cur, after, stated) : undefined;
    const region = (now ?? was)?.priceRegion ?? 'us-east-1';
    const currency = (now ?? was)?.currency ?? 'USD';
    const oldTypes = new Set(was?.types ?? []);
    const newTypes = new Set(now?.types ?? []);
    const added = [...newTypes].filter((t) => !oldTypes.has(t));
    const removed = [...oldTypes].filter((t) => !newTypes.has(t));
    const ceiling = (c: PoolCapacity | undefined) => (c === undefined ? undefined : c.ceiling);
    if (
      added.length === 0 &&
      removed.length === 0 &&
      ceiling(was) === ceiling(now) &&
      was?.ceilingKind === now?.ceilingKind
    )
      continue;
    out.push({
      pool: name,
      change: !old ? 'added' : !cur ? 'removed' : 'changed',
      ...(was ? { typesBefore: was.types.length } : {}),
      ...(now ? { typesAfter: now.types.length } : {}),
      adds: notable(added, region),
      addedCount: added.length,
      removes: notable(removed, region),
      removedCount: removed.length,
      ...(was ? { ceilingBefore: was.ceiling, ceilingKindBefore: was.ceilingKind } : {}),
      ...(now ? { ceilingAfter: now.ceiling, ceilingKindAfter: now.ceilingKind } : {}),
      priceRegion: region,
      currency,
    });
  }
  return out;
}

function sideText(c: PoolCapacityChange, side: 'Before' | 'After'): string {
  const amount = side === 'Before' ? c.ceilingBefore : c.ceilingAfter;
  const kind = side === 'Before' ? c.ceilingKindBefore : c.ceilingKindAfter;
  if (amount === undefined || kind === undefined) return '—';
  return ceilingText({ ceiling: amount, ceilingKind: kind, currency: c.currency });
}

/** One Markdown line per pool: `pool: 12 → 14 instance types (adds p5.48xlarge, …); ceiling $4.80/h → $48.00/h`. */
export function capacityChangeLine(c: PoolCapacityChange): string {
  const types = `${c.typesBefore ?? '—'} → ${c.typesAfter ?? '—'} instance types`;
  const named = [
    c.addedCount > 0
      ? `adds ${c.adds.join(', ')}${c.addedCount > c.adds.length ? ` and ${c.addedCount - c.adds.length} more` : ''}`
      : '',
    c.removedCount > 0
      ? `removes ${c.removes.join(', ')}${c.removedCount > c.removes.length ? ` and ${c.removedCount - c.removes.length} more` : ''}`
      : '',
  ].filter((s) => s !== '');
  return `**${c.pool}**: ${types}${named.length > 0 ? ` (${named.join('; ')})` : ''}; hourly on-demand ceiling ${sideText(c, 'Before')} → ${sideText(c, 'After')}`;
}
