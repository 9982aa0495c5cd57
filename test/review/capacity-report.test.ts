import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UserError } from '../../model/shared/diagnostics';
import {
  CapacityReport,
  capacityReport,
  niceCeil,
  poolCeilingText,
  renderCapacityJson,
  renderCapacityMarkdown,
} from '../../review/capacity-report';
import { money, poolCapacity, rangeText } from '../../model/stages';
import { runReport } from '../../review/report';
import { assignShards } from '../../review/shard';
import { DEFAULTS, load, MINIMAL } from '../support/fleet-files';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20260714\n';
const fleet = (pools: string) =>
  load({ '_defaults.yaml': DEFAULTS, 'demo.yaml': `${MINIMAL}${CLASS}nodePools:\n${pools}` }).fleet;

describe('capacity report', () => {
  const report = capacityReport(
    fleet(
      '  web:\n    nodeClass: default\n    instanceTypes: [m5.large, m5.xlarge, m5.2xlarge]\n    capacityTypes: [spot, on-demand]\n    limits: { cpu: "100", memory: 1000Gi }\n' +
        '  open:\n    nodeClass: default\n    instanceFamilies: [c5]\n' +
        '  mixed:\n    nodeClass: default\n    instanceTypes: [p5e.48xlarge, m5.large, m5.xlarge]\n    limits: { nodes: "2" }\n' +
        '  dark:\n    nodeClass: default\n    instanceTypes: [p5e.48xlarge]\n    limits: { nodes: "2" }\n',
    ),
  );
  const pool = (name: string) => report.clusters[0].pools.find((p) => p.pool === name)!;

  it('per pool: types, architectures, capacity types, price ranges and the ceiling the limits imply', () => {
    const web = pool('web');
    expect(web.types).toEqual(['m5.2xlarge', 'm5.large', 'm5.xlarge']);
    expect(web.architectures).toEqual(['amd64']);
    expect(web.capacityTypes).toEqual(['on-demand', 'spot']);
    expect(web.priceRegion).toBe('us-east-1');
    expect(web.currency).toBe('USD');
    expect([web.pricedTypes, web.unpricedTypes]).toEqual([3, 0]);
    // m5: $0.096 per 2 vCPU, 8 GiB in us-east-1: $0.048/vCPU-hour, $0.012/GiB-hour.
    expect(web.perVcpuHour).toEqual({ min: 0.048, max: 0.048 });
    expect(web.perGibHour).toEqual({ min: 0.012, max: 0.012 });
    // cpu 100 × $0.048 = $4.80 < memory 1000 GiB × $0.012 = $12.
    expect(web.ceiling).toBeCloseTo(4.8, 6);
    expect(web.ceilingKind).toBe('exact');
    expect(web.ceilingBasis).toBe('limits.cpu 100');
    expect(web.priceNote).toBe('spot priced at on-demand rates');
    const open = pool('open');
    expect([open.ceiling, open.ceilingKind]).toEqual([null, 'unbounded']);
    expect(open.capacityTypes).toEqual(['on-demand']);
    expect(open.priceNote).toBeUndefined();
    expect(report.clusters[0].region).toBe('eu-west-1');
    expect(report.clusters[0].priceRegion).toBe('us-east-1');
    expect(report.clusters[0].total).toEqual(
      expect.objectContaining({ currency: 'USD', amount: null, kind: 'unbounded' }),
    );
  });

  it('a partly priced pool is a lower bound; an unpriced one is unknown, never unbounded', () => {
    const mixed = pool('mixed');
    expect([mixed.pricedTypes, mixed.unpricedTypes, mixed.unpricedSample]).toEqual([2, 1, ['p5e.48xlarge']]);
    expect(mixed.ceiling).toBeCloseTo(0.384, 6);
    expect(mixed.ceilingKind).toBe('lower-bound');
    expect(poolCeilingText(mixed)).toBe(
      '1 of 3 types unpriced (p5e.48xlarge); ceiling at least $0.38/h (limits.nodes 2)',
    );
    const dark = pool('dark');
    expect([dark.ceiling, dark.ceilingKind]).toEqual([null, 'unknown']);
    expect(dark.ceilingBasis).toBe('none of the 1 allowed types has a price in the us-east-1 table');
    expect(poolCeilingText(dark)).toBe(
      '1 of 1 type unpriced (p5e.48xlarge); ceiling unknown (none of the 1 allowed types has a price in the us-east-1 table)',
    );
  });

  it('renders Markdown with the price caveat, a Mermaid chart and one row per pool, deterministically', () => {
    const md = renderCapacityMarkdown(report);
    expect(md).toContain("Prices are Karpenter's static **on-demand list prices**");
    expect(md).toContain('**Spot and reserved pools are priced at on-demand rates**');
    expect(md).toContain('> 51 newer types not evaluated:');
    expect(md).toContain('**Fleet ceiling: unbounded (USD)** over 1 cluster.');
    expect(md).toContain('## demo (eu-west-1; priced with us-east-1 list prices, USD): unbounded (USD)');
    expect(md).toContain('```mermaid\nxychart-beta\n');
    expect(md).toContain('    x-axis ["demo/mixed", "demo/web"]');
    expect(md).toContain('    bar [0.38, 4.8]');
    expect(md).toContain(
      '| web | 3 (`m5.2xlarge`, `m5.large`, `m5.xlarge`) | amd64 | on-demand, spot (priced at on-demand rates) | cpu 100, memory 1000Gi | $0.0480 | $0.0120 | all 3 types priced; ceiling $4.80/h (limits.cpu 100) |',
    );
    expect(md).toContain('| open | 9 (');
    expect(md).toContain('ceiling unbounded (no limits) |');
    expect(renderCapacityMarkdown(report)).toBe(md);
  });

  it('JSON carries the currency, priced and unpriced counts, and ceiling null when unknown', () => {
    const json = JSON.parse(renderCapacityJson(report)) as CapacityReport;
    const dark = json.clusters[0].pools.find((p) => p.pool === 'dark')!;
    expect(dark).toEqual(
      expect.objectContaining({
        currency: 'USD',
        pricedTypes: 0,
        unpricedTypes: 1,
        ceiling: null,
        ceilingKind: 'unknown',
      }),
    );
    expect(json.notEvaluatedTypes).toBe(51);
    expect(json.evaluatedTypes).toBe(1336);
  });

  it('a cn-north-1 cluster is priced in CNY, with a total apart from USD', () => {
    const cn = load({
      '_defaults.yaml': DEFAULTS,
      'demo.yaml': `${MINIMAL}${CLASS}nodePools:\n  web:\n    nodeClass: default\n    instanceTypes: [m5.large]\n    limits: { nodes: "2" }\n`,
      'china.yaml': `${MINIMAL.replace('region: eu-west-1', 'region: cn-north-1\n  partition: aws-cn').replace('name: demo', 'name: china')}${CLASS}nodePools:\n  web:\n    nodeClass: default\n    instanceTypes: [m5.large]\n    limits: { nodes: "2" }\n`,
    }).fleet;
    const r = capacityReport(cn);
    const china = r.clusters.find((c) => c.cluster === 'china')!;
    expect([china.priceRegion, china.currency]).toEqual(['cn-north-1', 'CNY']);
    expect(china.pools[0].ceiling).toBeCloseTo(2.026, 6);
    expect(r.totals.map((t) => [t.currency, Number(t.amount?.toFixed(3))])).toEqual([
      ['USD', 0.192],
      ['CNY', 2.026],
    ]);
    const md = renderCapacityMarkdown(r);
    expect(md).toContain(
      '**Fleet ceiling: $0.19/h; ¥2.03/h** over 2 clusters (one total per currency, never added together).',
    );
    expect(md).toContain('## china (cn-north-1; CNY): ¥2.03/h');
    expect(md).toContain('"CNY per hour"');
  });

  it('a pool allowing only types outside the reference says they were not evaluated: ceiling unknown, not $0', () => {
    const r = capacityReport(
      fleet(
        '  newer:\n    nodeClass: default\n    instanceTypes: [c7i.32xlarge]\n    limits: { nodes: "2" }\n' +
          '  web:\n    nodeClass: default\n    instanceTypes: [m5.large]\n    limits: { nodes: "2" }\n',
      ),
    );
    const newer = r.clusters[0].pools.find((p) => p.pool === 'newer')!;
    expect(newer.types).toEqual([]);
    expect(newer.notEvaluatedTypes).toEqual(['c7i.32xlarge']);
    expect([newer.ceiling, newer.ceilingKind]).toEqual([null, 'not-evaluated']);
    const reason =
      "types not evaluated: the pool allows only a type outside Karpenter 1.14.1's instance-type reference (c7i.32xlarge), which has no labels or prices for it";
    expect(newer.ceilingBasis).toBe(reason);
    expect(poolCeilingText(newer)).toBe(`ceiling unknown (${reason})`);
    // The cluster total is a lower bound with the pool counted unknown, never "$0.00" for it.
    expect(r.clusters[0].total).toEqual(
      expect.objectContaining({ currency: 'USD', kind: 'lower-bound', pools: 2, unknownPools: 1 }),
    );
    const md = renderCapacityMarkdown(r);
    expect(md).toContain(
      `| newer | **none evaluated** (1 outside the reference: \`c7i.32xlarge\`) | – | on-demand | nodes 2 | – | – | ceiling unknown (${reason}) |`,
    );
    expect(md).not.toContain('no instance type to launch');
    expect(md).toContain(
      '## demo (eu-west-1; priced with us-east-1 list prices, USD): at least $0.19/h (1 pool unknown)',
    );
    const json = JSON.parse(renderCapacityJson(r)) as CapacityReport;
    expect(json.clusters[0].pools.find((p) => p.pool === 'newer')).toEqual(
      expect.objectContaining({
        types: [],
        notEvaluatedTypes: ['c7i.32xlarge'],
        ceiling: null,
        ceilingKind: 'not-evaluated',
        ceilingBasis: reason,
      }),
    );
    // Requirements that truly leave nothing (no name outside the reference matches) still say so; the
    // model check rejects such a pool, so this is poolCapacity on its own.
    expect(
      poolCapacity(
        {
          requirements: [
            { key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['m5'] },
            { key: 'karpenter.k8s.aws/instance-category', operator: 'In', values: ['c'] },
          ],
          limits: { nodes: '2' },
        },
        'eu-west-1',
      ),
    ).toEqual(
      expect.objectContaining({
        ceiling: 0,
        ceilingKind: 'exact',
        ceilingBasis: 'no instance type to launch',
        notEvaluatedTypes: [],
      }),
    );
  });

  it('formats money consistently', () => {
    expect(money(1217.349, 'USD')).toBe('$1,217.35');
    expect(money(50.66, 'CNY')).toBe('¥50.66');
    expect(money(0.0084, 'USD')).toBe('$0.0084');
    expect(rangeText({ min: 0.0084, max: 0.0084 }, 'USD')).toBe('$0.0084');
    expect(rangeText({ min: 0.0084, max: 0.012 }, 'USD')).toBe('$0.0084 – $0.0120');
  });

  it('axis tops', () => {
    expect([niceCeil(0), niceCeil(4.8), niceCeil(296.7), niceCeil(1000)]).toEqual([1, 5, 500, 1000]);
  });
});

describe('report command', () => {
  const root = DEMO_FLEET_ROOT;

  it('runs on the demo fleet: every cluster and pool, deterministic', () => {
    const md = runReport({ clusters: 'clusters', format: 'markdown' }, root, root);
    for (const c of ['dataops', 'edge', 'ticketing', 'training'])
      expect(md).toMatch(new RegExp(`^## ${c} \\(`, 'm'));
    expect(md).toContain('| efa-static (static) | 1 (`p4d.24xlarge`) |');
    expect(runReport({ clusters: 'clusters', format: 'markdown' }, root, root)).toBe(md);
    const json = JSON.parse(
      runReport({ clusters: 'clusters', format: 'json' }, root, root),
    ) as CapacityReport;
    expect(json.clusters.map((c) => c.cluster)).toEqual(['dataops', 'edge', 'ticketing', 'training']);
    // loadtest allows every type: exactly the reference's, never a mac, p3 or Graviton -flex type.
    const loadtest = json.clusters.flatMap((c) => c.pools).find((p) => p.pool === 'loadtest');
    expect(loadtest?.types).toHaveLength(1336);
    const pools = json.clusters.flatMap((c) => c.pools);
    expect(pools.flatMap((p) => p.types).filter((t) => /^(mac|p3\.|[cm][78]g-flex\.)/.test(t))).toEqual([]);
    expect(md).toContain('| loadtest | 1,336 (');
  });

  it('--shard K/N reports the shard’s clusters, as check cuts them; together, the whole report', () => {
    const whole = JSON.parse(
      runReport({ clusters: 'clusters', format: 'json' }, root, root),
    ) as CapacityReport;
    const owner = assignShards(['dataops', 'edge', 'ticketing', 'training'], 2);
    const parts = [1, 2].map(
      (k) =>
        JSON.parse(
          runReport({ clusters: 'clusters', format: 'json', shard: { index: k, count: 2 } }, root, root),
        ) as CapacityReport,
    );
    parts.forEach((p, i) => {
      expect(p.clusters.length).toBeGreaterThan(0);
      for (const c of p.clusters) expect(owner.get(c.cluster)).toBe(i + 1);
    });
    const union = parts.flatMap((p) => p.clusters).sort((a, b) => (a.cluster < b.cluster ? -1 : 1));
    expect(union).toEqual(whole.clusters);
  });

  it('--shard reads only its own cluster files: a broken file of another shard is not an error', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-'));
    try {
      fs.cpSync(path.join(root, 'clusters'), path.join(dir, 'clusters'), { recursive: true });
      const owner = assignShards(['dataops', 'edge', 'ticketing', 'training'], 2);
      const other = owner.get('edge') === 1 ? 2 : 1;
      fs.writeFileSync(path.join(dir, 'clusters', 'edge.yaml'), 'aws: [unclosed\n');
      const shard = (k: number) => ({
        clusters: 'clusters',
        format: 'json' as const,
        shard: { index: k, count: 2 },
      });
      expect(() => runReport(shard(owner.get('edge') as number), dir, dir)).toThrow(/edge\.yaml:2:1/);
      const json = JSON.parse(runReport(shard(other), dir, dir)) as CapacityReport;
      expect(json.clusters.map((c) => c.cluster).sort()).toEqual(
        ['dataops', 'ticketing', 'training'].filter((c) => owner.get(c) === other),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a fleet with mistakes is a UserError with file:line diagnostics', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-'));
    try {
      fs.mkdirSync(path.join(dir, 'clusters'));
      fs.writeFileSync(path.join(dir, 'clusters', '_defaults.yaml'), DEFAULTS);
      fs.writeFileSync(
        path.join(dir, 'clusters', 'demo.yaml'),
        `${MINIMAL}${CLASS}nodePools:\n  p:\n    nodeClass: default\n    instanceFamilies: [c5]\n    architectures: [arm64]\n`,
      );
      expect(() => runReport({ clusters: 'clusters', format: 'markdown' }, dir, dir)).toThrow(UserError);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
