/**
 * The fleet capacity report: per cluster and pool, the instance types the pool may launch
 * (model/resolve/resolve-instance-types.ts), their architectures, the capacity types, the limits and
 * the hourly on-demand ceiling they imply (model/resolve/pool-cost.ts), summed per cluster and fleet;
 * as Markdown GitHub renders (with a Mermaid bar chart of the ceilings) or as JSON.
 * Deterministic: the same fleet gives the same bytes.
 */
import {
  AUTO_MODE_FEE_NOTE,
  AUTO_MODE_INSTANCES,
  AUTO_MODE_LABEL_MAP,
  LABELS,
  NodePoolModel,
  CURRENCIES,
  currencyOf,
  FleetModel,
  instanceTable,
  plural,
  priceRegionFor,
  compareCodeUnits,
  writtenFamily,
  NodeClassModel,
} from '../model';
import {
  ceilingText,
  CeilingTotal,
  kubeletPodSettings,
  nodeClassTraits,
  PoolCapacity,
  poolCapacity,
  PodsPerNode,
  podsPerNode,
  writtenKubelet,
  rangeText,
  roundTo,
  sumCeilings,
  totalText,
} from '../model/stages';

export interface PoolReport extends PoolCapacity {
  readonly cluster: string;
  readonly pool: string;
  readonly limits: Readonly<Record<string, string>>;
  readonly static: boolean;
  /**
   * Pods one node runs over the pool's types (model/resolve/pool-pods.ts), from the class's
   * kubelet as written (typed, or free-form and passed through); `unknown` says why (a CEL
   * expression). @default absent: EKS Auto Mode (EKS owns the kubelet), or no figure for any type
   */
  readonly podsPerNode?: PodsPerNode;
}

export interface ClusterReport {
  readonly cluster: string;
  readonly region: string;
  /** The region of the price table used (the cluster's own when a table covers it). */
  readonly priceRegion: string;
  readonly currency: PoolCapacity['currency'];
  readonly pools: readonly PoolReport[];
  /** The cluster's total (one currency). */
  readonly total: CeilingTotal;
  /**
   * EKS Auto Mode clusters: why the Auto Mode management fee is not in the prices (no pinned public
   * figure; model/facts/eks-auto-mode.ts AUTO_MODE_FEE_NOTE). @default absent (self-managed)
   */
  readonly autoModeFee?: string;
}

export interface CapacityReport {
  readonly karpenterVersion: string;
  /** How many types Karpenter's reference describes (what a pool may be offered). */
  readonly evaluatedTypes: number;
  /** Names outside the reference, left out: how many, and a few of them. */
  readonly notEvaluatedTypes: number;
  readonly notEvaluatedSample: readonly string[];
  readonly clusters: readonly ClusterReport[];
  /** One total per currency, never added together. */
  readonly totals: readonly CeilingTotal[];
}

/** Auto Mode label → the Karpenter label the instance reference describes the same attribute with. */
const KARPENTER_LABEL_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(AUTO_MODE_LABEL_MAP).map(([karpenter, auto]) => [auto, karpenter]),
);

/**
 * An EKS Auto Mode pool as the instance reference can evaluate it: its `eks.amazonaws.com/`
 * requirements under Karpenter's label names, and only the families and sizes Auto Mode launches
 * (the EKS User Guide's supported-instance reference).
 */
export function evaluablePool(pool: NodePoolModel): NodePoolModel {
  return {
    ...pool,
    requirements: [
      ...pool.requirements.map((r) => ({ ...r, key: KARPENTER_LABEL_OF.get(r.key) ?? r.key })),
      { key: LABELS.instanceFamily, operator: 'In', values: [...AUTO_MODE_INSTANCES.families] },
      { key: LABELS.instanceSize, operator: 'NotIn', values: [...AUTO_MODE_INSTANCES.excludedSizes] },
    ],
  };
}

/** Pods per node of a pool's types (by name) with its class's kubelet. */
function poolPods(types: readonly string[], nc: NodeClassModel | undefined): PodsPerNode | undefined {
  const byName = tableByName();
  const table = types.flatMap((name) => {
    const t = byName.get(name);
    return t === undefined ? [] : [t];
  });
  return podsPerNode(table, kubeletPodSettings(writtenKubelet(nc)), nc ? writtenFamily(nc) : undefined);
}

let byNameCache: ReadonlyMap<string, ReturnType<typeof instanceTable>['types'][number]> | undefined;
function tableByName(): ReadonlyMap<string, ReturnType<typeof instanceTable>['types'][number]> {
  byNameCache ??= new Map(instanceTable().types.map((t) => [t.name, t]));
  return byNameCache;
}

/** "8–234", "110", or "unknown (why)"; "–" without an estimate. */
export function podsText(pods: PodsPerNode | undefined): string {
  if (pods === undefined) return '–';
  if ('unknown' in pods) return `unknown (${pods.unknown})`;
  const n = (v: number): string => v.toLocaleString('en-US');
  return pods.min === pods.max ? n(pods.min) : `${n(pods.min)}–${n(pods.max)}`;
}

export function capacityReport(fleet: FleetModel): CapacityReport {
  const clusters = fleet.clusters.map((c): ClusterReport => {
    const auto = c.karpenter.mode === 'eks-auto-mode';
    const pools = c.nodePools.map((p): PoolReport => {
      const nc = c.nodeClasses.find((n) => n.name === p.nodeClass);
      const capacity = poolCapacity(auto ? evaluablePool(p) : p, c.aws.region, nodeClassTraits(nc));
      const pods = auto ? undefined : poolPods(capacity.types, nc);
      return {
        cluster: c.name,
        pool: p.name,
        limits: p.limits,
        static: p.replicas !== undefined,
        ...capacity,
        ...(pods !== undefined ? { podsPerNode: pods } : {}),
      };
    });
    // Every pool of a cluster is priced from the same table.
    const priceRegion = priceRegionFor(c.aws.region);
    const currency = currencyOf(priceRegion);
    const [total] = sumCeilings(pools);
    return {
      cluster: c.name,
      region: c.aws.region,
      priceRegion,
      currency,
      pools,
      total: total ?? { currency, amount: 0, kind: 'exact', pools: 0, unknownPools: 0 },
      ...(c.karpenter.mode === 'eks-auto-mode' ? { autoModeFee: AUTO_MODE_FEE_NOTE } : {}),
    };
  });
  const table = instanceTable();
  return {
    karpenterVersion: table.karpenterVersion,
    evaluatedTypes: table.types.length,
    notEvaluatedTypes: table.notEvaluated.length,
    notEvaluatedSample: table.notEvaluated.slice(0, 5).map((t) => t.name),
    clusters,
    totals: sumCeilings(clusters.flatMap((c) => c.pools)),
  };
}

function limitsText(limits: Readonly<Record<string, string>>): string {
  const entries = Object.entries(limits).sort(([a], [b]) => compareCodeUnits(a, b));
  return entries.length === 0 ? 'none' : entries.map(([k, v]) => `${k} ${v}`).join(', ');
}

/** A few of the allowed types, for a table cell. */
function typesText(types: readonly string[], notEvaluated: readonly string[]): string {
  if (types.length === 0 && notEvaluated.length > 0)
    return `**none evaluated** (${notEvaluated.length.toLocaleString('en-US')} outside the reference: ${notEvaluated
      .slice(0, 3)
      .map((t) => `\`${t}\``)
      .join(', ')}${notEvaluated.length > 3 ? ', …' : ''})`;
  if (types.length === 0) return '**none**';
  const shown = types
    .slice(0, 3)
    .map((t) => `\`${t}\``)
    .join(', ');
  return `${types.length.toLocaleString('en-US')} (${shown}${types.length > 3 ? ', …' : ''})`;
}

/**
 * "1 of 3 types unpriced; ceiling at least $0.38/h (limits.nodes 2)"; "ceiling unknown (types not
 * evaluated: …)" when the pool allows only types outside the reference.
 */
export function poolCeilingText(p: PoolCapacity): string {
  if (p.ceilingKind === 'not-evaluated') return `ceiling unknown (${p.ceilingBasis})`;
  const n = p.types.length;
  const pricing =
    n === 0
      ? ''
      : p.unpricedTypes === 0
        ? `${n === 1 ? 'its 1 type' : `all ${n.toLocaleString('en-US')} types`} priced; `
        : `${p.unpricedTypes.toLocaleString('en-US')} of ${n.toLocaleString('en-US')} ${n === 1 ? 'type' : 'types'} unpriced (${p.unpricedSample.join(', ')}${p.unpricedTypes > p.unpricedSample.length ? ', …' : ''}); `;
  return `${pricing}ceiling ${ceilingText(p)} (${p.ceilingBasis})`;
}

/** The smallest 1, 2 or 5 × 10^k at or above n (an axis top). */
export function niceCeil(n: number): number {
  if (!(n > 0)) return 1;
  const exp = 10 ** Math.floor(Math.log10(n));
  const step = [1, 2, 5, 10].find((s) => s * exp >= n) ?? 10;
  return Number((step * exp).toPrecision(3));
}

/** Mermaid xychart of each bounded pool's ceiling in one currency (GitHub renders ```mermaid blocks). */
function chart(report: CapacityReport, currency: PoolCapacity['currency']): string[] {
  const bounded = report.clusters.flatMap((c) =>
    c.pools.filter((p) => p.currency === currency && p.ceiling !== null && p.types.length > 0),
  );
  if (bounded.length === 0) return [];
  const max = Math.max(...bounded.map((p) => p.ceiling ?? 0));
  const top = niceCeil(max);
  return [
    '```mermaid',
    'xychart-beta',
    `    title "Hourly on-demand ceiling per pool (${currency}, list prices; some are lower bounds)"`,
    `    x-axis [${bounded.map((p) => `"${p.cluster}/${p.pool}"`).join(', ')}]`,
    `    y-axis "${currency} per hour" 0 --> ${top}`,
    `    bar [${bounded.map((p) => roundTo(p.ceiling ?? 0)).join(', ')}]`,
    '```',
    '',
  ];
}

export function renderCapacityMarkdown(report: CapacityReport): string {
  const count = (n: number): string => n.toLocaleString('en-US');
  const lines: string[] = [
    '# Fleet capacity',
    '',
    `What each NodePool may launch, as Karpenter ${report.karpenterVersion} computes it over its generated instance-type reference (${count(report.evaluatedTypes)} types), and the most it can cost per hour.`,
    '',
  ];
  if (report.notEvaluatedTypes > 0)
    lines.push(
      `> ${count(report.notEvaluatedTypes)} newer types not evaluated: Karpenter's VPC-limits table names them (${report.notEvaluatedSample.join(', ')}, …) but its reference gives no labels for them, so no pool is offered them here.`,
      '',
    );
  lines.push(
    `> Prices are Karpenter's static **on-demand list prices**, per cluster from the table of its own region or else of its partition (named in each heading), in that table's currency (CNY for China regions, else USD); **Spot and reserved pools are priced at on-demand rates**, without savings plans or EBS. A ceiling is what the pool's limits allow at the dearest priced rate: "at least" when some allowed types have no price, "unknown" when none has or when the pool allows only types outside the reference (not evaluated), "unbounded" only when the pool has no limits. **Pods per node** is the pod capacity Karpenter gives a node: the class's kubelet.maxPods, else the type's ENI limit, at most podsPerCore × vCPUs; "unknown" when maxPods is a CEL expression.`,
    '',
    `**Fleet ceiling: ${report.totals.map(totalText).join('; ') || 'nothing to launch'}** over ${plural(report.clusters.length, 'cluster')}${report.totals.length > 1 ? ' (one total per currency, never added together)' : ''}.`,
    '',
  );
  for (const currency of CURRENCIES) lines.push(...chart(report, currency));
  for (const c of report.clusters) {
    const priced =
      c.priceRegion === c.region
        ? `${c.currency}`
        : `priced with ${c.priceRegion} list prices, ${c.currency}`;
    lines.push(`## ${c.cluster} (${c.region}; ${priced}): ${totalText(c.total)}`, '');
    lines.push(
      '| pool | instance types | architectures | capacity types | limits | per vCPU-hour | per GiB-hour | ceiling | pods per node |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const p of c.pools) {
      const capacity = p.capacityTypes.join(', ') || '**none**';
      lines.push(
        `| ${p.pool}${p.static ? ' (static)' : ''} | ${typesText(p.types, p.notEvaluatedTypes)} | ${p.architectures.join(', ') || '–'} | ${capacity}${p.priceNote !== undefined ? ' (priced at on-demand rates)' : ''} | ${limitsText(p.limits)} | ${rangeText(p.perVcpuHour, p.currency)} | ${rangeText(p.perGibHour, p.currency)} | ${poolCeilingText(p)} | ${podsText(p.podsPerNode)} |`,
      );
    }
    lines.push('');
    if (c.autoModeFee !== undefined) lines.push(`> ${c.autoModeFee}.`, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

export function renderCapacityJson(report: CapacityReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
