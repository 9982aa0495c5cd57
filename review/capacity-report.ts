/**
 * The fleet capacity report: per cluster and pool, the instance types the pool may launch
 * (model/resolve/resolve-instance-types.ts), their architectures, the capacity types, the limits and
 * the hourly on-demand ceiling they imply (model/resolve/pool-cost.ts), summed per cluster and fleet;
 * as Markdown GitHub renders (with a Mermaid bar chart of the ceilings) or as JSON.
 * Deterministic: the same fleet gives the same bytes.
 */
import { behaviourOf, writtenFamily, FleetModel, instanceTable, plural, compareCodeUnits } from '../model';
import { PoolCapacity, poolCapacity, PriceRange, sumCeilings, usd } from '../model/stages';

export interface PoolReport extends PoolCapacity {
  readonly cluster: string;
  readonly pool: string;
  readonly limits: Readonly<Record<string, string>>;
  readonly static: boolean;
}

export interface ClusterReport {
  readonly cluster: string;
  readonly region: string;
  readonly pools: readonly PoolReport[];
  /** USD per hour; undefined: unbounded. */
  readonly ceiling?: number;
}

export interface CapacityReport {
  readonly karpenterVersion: string;
  readonly clusters: readonly ClusterReport[];
  readonly ceiling?: number;
}

export function capacityReport(fleet: FleetModel): CapacityReport {
  const clusters = fleet.clusters.map((c): ClusterReport => {
    const pools = c.nodePools.map((p): PoolReport => {
      const nc = c.nodeClasses.find((n) => n.name === p.nodeClass);
      const family = nc === undefined ? undefined : writtenFamily(nc);
      const archs = family === undefined ? undefined : behaviourOf(family).architectures;
      return {
        cluster: c.name,
        pool: p.name,
        limits: p.limits,
        static: p.replicas !== undefined,
        ...poolCapacity(p, c.aws.region, archs),
      };
    });
    const ceiling = sumCeilings(pools);
    return { cluster: c.name, region: c.aws.region, pools, ...(ceiling !== undefined ? { ceiling } : {}) };
  });
  const all = clusters.flatMap((c) => c.pools);
  const ceiling = sumCeilings(all);
  return {
    karpenterVersion: instanceTable().karpenterVersion,
    clusters,
    ...(ceiling !== undefined ? { ceiling } : {}),
  };
}

const rangeText = (r: PriceRange | undefined, digits = 4): string =>
  r === undefined ? '–' : `$${r.min.toFixed(digits)} – $${r.max.toFixed(digits)}`;

export const ceilingText = (c: number | undefined): string => (c === undefined ? 'unbounded' : `${usd(c)}/h`);

function limitsText(limits: Readonly<Record<string, string>>): string {
  const entries = Object.entries(limits).sort(([a], [b]) => compareCodeUnits(a, b));
  return entries.length === 0 ? 'none' : entries.map(([k, v]) => `${k} ${v}`).join(', ');
}

/** A few of the allowed types, for a table cell. */
function typesText(types: readonly string[]): string {
  if (types.length === 0) return '**none**';
  const shown = types
    .slice(0, 3)
    .map((t) => `\`${t}\``)
    .join(', ');
  return `${types.length} (${shown}${types.length > 3 ? ', …' : ''})`;
}

/** The smallest 1, 2 or 5 × 10^k at or above n (an axis top). */
export function niceCeil(n: number): number {
  if (!(n > 0)) return 1;
  const exp = 10 ** Math.floor(Math.log10(n));
  const step = [1, 2, 5, 10].find((s) => s * exp >= n) ?? 10;
  return Number((step * exp).toPrecision(3));
}

/** Mermaid xychart of each bounded pool's ceiling (GitHub renders ```mermaid blocks). */
function chart(report: CapacityReport): string[] {
  const bounded = report.clusters.flatMap((c) => c.pools.filter((p) => p.ceiling !== undefined));
  if (bounded.length === 0) return [];
  const max = Math.max(...bounded.map((p) => p.ceiling ?? 0));
  const top = niceCeil(max);
  return [
    '```mermaid',
    'xychart-beta',
    '    title "Hourly on-demand ceiling per pool (USD, list prices)"',
    `    x-axis [${bounded.map((p) => `"${p.cluster}/${p.pool}"`).join(', ')}]`,
    `    y-axis "USD per hour" 0 --> ${top}`,
    `    bar [${bounded.map((p) => Number((p.ceiling ?? 0).toFixed(2))).join(', ')}]`,
    '```',
    '',
  ];
}

export function renderCapacityMarkdown(report: CapacityReport): string {
  const regions = [...new Set(report.clusters.flatMap((c) => c.pools.map((p) => p.priceRegion)))].sort();
  const lines: string[] = [
    '# Fleet capacity',
    '',
    `What each NodePool may launch (Karpenter ${report.karpenterVersion}'s instance-type catalogue) and the most it can cost per hour.`,
    '',
    `> Prices are Karpenter's static **on-demand list prices** of ${regions.join(', ') || 'us-east-1'} (one region per partition, not each cluster's own region), **without Spot** discounts, savings plans or EBS. A ceiling is what the pool's limits allow at the dearest allowed rate; "unbounded" means the pool has no limits.`,
    '',
    `**Fleet ceiling: ${ceilingText(report.ceiling)}** over ${plural(report.clusters.length, 'cluster')}.`,
    '',
    ...chart(report),
  ];
  for (const c of report.clusters) {
    lines.push(`## ${c.cluster} (${c.region}): ${ceilingText(c.ceiling)}`, '');
    lines.push(
      '| pool | instance types | architectures | capacity types | limits | $/vCPU-hour | $/GiB-hour | ceiling |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const p of c.pools) {
      lines.push(
        `| ${p.pool}${p.static ? ' (static)' : ''} | ${typesText(p.types)} | ${p.architectures.join(', ') || '–'} | ${p.capacityTypes.join(', ') || '**none**'} | ${limitsText(p.limits)} | ${rangeText(p.perVcpuHour)} | ${rangeText(p.perGibHour)} | ${ceilingText(p.ceiling)} (${p.ceilingBasis}) |`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

export function renderCapacityJson(report: CapacityReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
