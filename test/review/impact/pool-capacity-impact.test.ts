import { REGION_ANNOTATION } from '../../../model/facts/constants';
import { distPaths } from '../../../model/shared/dist-layout';
import { computeImpact } from '../../../review/impact/compute-impact';
import { ImpactReport } from '../../../review/impact/impact-report';
import { capacityChangeLine } from '../../../review/impact/pool-capacity-impact';
import { renderJson } from '../../../review/impact/render-json';
import { renderMarkdown } from '../../../review/impact/render-markdown';
import { clone, exampleObjects, Obj, toDistFiles } from '../dist-fixtures';

function impact(change: (objects: Map<string, Obj>) => void, ticketingRegion?: string): ImpactReport {
  const before = exampleObjects();
  if (ticketingRegion !== undefined)
    before.set('ticketing/argocd/application-controller.yaml', {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: {
        name: 'ticketing-karpenter',
        namespace: 'argocd',
        annotations: { [REGION_ANNOTATION]: ticketingRegion },
      },
    });
  const after = new Map([...before].map(([k, v]) => [k, clone(v)]));
  change(after);
  return computeImpact(
    { label: 'base:dist', files: toDistFiles(before) },
    { label: 'dist', files: toDistFiles(after) },
  );
}

function spec(m: Map<string, Obj>, cluster: string, pool: string): Obj {
  return (m.get(distPaths.nodePool(cluster, pool)) as { spec: Obj }).spec;
}

describe('impact: instance types and ceiling per changed pool', () => {
  it('limits.cpu 100 → 1000 and allowing p5: types before → after, "adds p5…", ceiling before → after', () => {
    const report = impact((m) => {
      const s = spec(m, 'ticketing', 'on-demand-critical');
      s.limits = { cpu: '1000', memory: '4000Gi' };
      const t = (s.template as { spec: { requirements: unknown[] } }).spec;
      t.requirements.push({ key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['m5', 'p5'] });
    });
    const ticketing = report.clusters.find((c) => c.name === 'ticketing');
    const [change] = ticketing?.capacity ?? [];
    expect(change).toMatchObject({
      pool: 'on-demand-critical',
      change: 'changed',
      adds: [],
      removedCount: (change?.typesBefore ?? 0) - 11,
      typesAfter: 11,
      priceRegion: 'us-east-1',
    });
    expect(change?.typesBefore).toBeGreaterThan(500);
    expect(change?.removes[0]).toMatch(/^(u7|u-|p5|p6)/);
    // p5.48xlarge ($55.04, 192 vCPU, 2048 GiB) has the dearest rates; memory 4000Gi bounds tighter than cpu 1000.
    expect(change?.ceilingAfter).toBeCloseTo(4000 * (55.04 / 2048), 6);
    expect(change?.ceilingBefore).toBeLessThan(change?.ceilingAfter ?? 0);
    expect(ticketing?.capacity?.map((c) => c.pool)).toEqual(['on-demand-critical']);
  });

  it('a pool that newly allows GPU types names them, dearest first, in Markdown and JSON', () => {
    const report = impact((m) => {
      const t = (spec(m, 'dataops', 'batch').template as { spec: { requirements: Obj[] } }).spec;
      t.requirements.push({ key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['m5'] });
    });
    const after = impact((m) => {
      const t = (spec(m, 'dataops', 'batch').template as { spec: { requirements: Obj[] } }).spec;
      t.requirements.push({ key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['m5', 'p5'] });
    });
    expect(report.clusters.find((c) => c.name === 'dataops')?.capacity?.[0].typesAfter).toBe(9);
    const change = after.clusters.find((c) => c.name === 'dataops')?.capacity?.[0];
    expect(change?.typesAfter).toBe(11);
    expect(
      capacityChangeLine({
        ...change!,
        typesBefore: 9,
        adds: ['p5.48xlarge'],
        addedCount: 1,
        removes: [],
        removedCount: 0,
      }),
    ).toMatch(
      /^\*\*batch\*\*: 9 → 11 instance types \(adds p5\.48xlarge\); hourly on-demand ceiling (at least )?\$[0-9.]+\/h → (at least )?\$[0-9.]+\/h$/,
    );
    const md = renderMarkdown(after);
    expect(md).toContain(
      '**Instance types and cost** (on-demand list prices of us-east-1 in USD; Spot and reserved at on-demand rates):',
    );
    expect(md).toMatch(
      /- \*\*batch\*\*: \d+ → 11 instance types \(removes .*\); hourly on-demand ceiling (at least )?\$[0-9.]+\/h → (at least )?\$[0-9.]+\/h/,
    );
    const json = JSON.parse(renderJson(after)) as {
      clusters: { name: string; capacity: { pool: string; typesAfter: number }[] }[];
    };
    expect(json.clusters.find((c) => c.name === 'dataops')?.capacity).toEqual([
      expect.objectContaining({ pool: 'batch', typesAfter: 11, priceRegion: 'us-east-1' }),
    ]);
  });

  it('prices a cluster in the region its controller Application states (cn-north-1: CNY)', () => {
    const report = impact((m) => {
      const s = spec(m, 'ticketing', 'on-demand-critical');
      s.limits = { nodes: '2' };
      const t = (s.template as { spec: { requirements: unknown[] } }).spec;
      t.requirements.push({ key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['m5.large'] });
    }, 'cn-north-1');
    const [change] = report.clusters.find((c) => c.name === 'ticketing')?.capacity ?? [];
    expect(change).toMatchObject({ priceRegion: 'cn-north-1', currency: 'CNY', typesAfter: 1 });
    // m5.large in cn-north-1: ¥1.013/h, two nodes.
    expect(change?.ceilingAfter).toBeCloseTo(2.026, 6);
    expect(change?.ceilingKindAfter).toBe('exact');
    expect(capacityChangeLine(change!)).toMatch(/→ ¥2\.03\/h$/);
    const json = JSON.parse(renderJson(report)) as {
      clusters: { name: string; capacity: { currency: string; ceilingAfter: number | null }[] }[];
    };
    expect(json.clusters.find((c) => c.name === 'ticketing')?.capacity[0]).toEqual(
      expect.objectContaining({ currency: 'CNY', ceilingKindAfter: 'exact' }),
    );
  });

  it('an unchanged requirement set reports no capacity change', () => {
    const report = impact((m) => {
      (spec(m, 'ticketing', 'loadtest').disruption as Obj).consolidateAfter = '5m';
    });
    expect(report.clusters.flatMap((c) => c.capacity ?? [])).toEqual([]);
  });
});
