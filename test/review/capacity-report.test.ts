import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UserError } from '../../model/shared/diagnostics';
import {
  CapacityReport,
  capacityReport,
  niceCeil,
  renderCapacityMarkdown,
} from '../../review/capacity-report';
import { runReport } from '../../review/report';
import { DEFAULTS, load, MINIMAL } from '../support/fleet-files';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';

const CLASS = 'nodeClasses:\n  default:\n    alias: al2023@v20250505\n';
const fleet = (pools: string) =>
  load({ '_defaults.yaml': DEFAULTS, 'demo.yaml': `${MINIMAL}${CLASS}nodePools:\n${pools}` }).fleet;

describe('capacity report', () => {
  const report = capacityReport(
    fleet(
      '  web:\n    nodeClass: default\n    instanceTypes: [m5.large, m5.xlarge, m5.2xlarge]\n    capacityTypes: [spot, on-demand]\n    limits: { cpu: "100", memory: 1000Gi }\n' +
        '  open:\n    nodeClass: default\n    instanceFamilies: [c5]\n',
    ),
  );

  it('per pool: types, architectures, capacity types, price ranges and the ceiling the limits imply', () => {
    const [open, web] = report.clusters[0].pools;
    expect(web.types).toEqual(['m5.2xlarge', 'm5.large', 'm5.xlarge']);
    expect(web.architectures).toEqual(['amd64']);
    expect(web.capacityTypes).toEqual(['on-demand', 'spot']);
    expect(web.priceRegion).toBe('us-east-1');
    // m5: $0.096 per 2 vCPU, 8 GiB in us-east-1: $0.048/vCPU-hour, $0.012/GiB-hour.
    expect(web.perVcpuHour).toEqual({ min: 0.048, max: 0.048 });
    expect(web.perGibHour).toEqual({ min: 0.012, max: 0.012 });
    // cpu 100 × $0.048 = $4.80 < memory 1000 GiB × $0.012 = $12.
    expect(web.ceiling).toBeCloseTo(4.8, 6);
    expect(web.ceilingBasis).toBe('limits.cpu 100');
    expect(open.ceiling).toBeUndefined();
    expect(open.capacityTypes).toEqual(['on-demand']);
    expect(report.clusters[0].ceiling).toBeUndefined();
    expect(report.ceiling).toBeUndefined();
  });

  it('renders Markdown with the price caveat, a Mermaid chart and one row per pool, deterministically', () => {
    const md = renderCapacityMarkdown(report);
    expect(md).toContain("Prices are Karpenter's static **on-demand list prices** of us-east-1");
    expect(md).toContain('**without Spot**');
    expect(md).toContain('**Fleet ceiling: unbounded** over 1 cluster.');
    expect(md).toContain('```mermaid\nxychart-beta\n');
    expect(md).toContain('    x-axis ["demo/web"]');
    expect(md).toContain('    bar [4.8]');
    expect(md).toContain(
      '| web | 3 (`m5.2xlarge`, `m5.large`, `m5.xlarge`) | amd64 | on-demand, spot | cpu 100, memory 1000Gi | $0.0480 – $0.0480 | $0.0120 – $0.0120 | $4.80/h (limits.cpu 100) |',
    );
    expect(md).toContain('| open | 9 (');
    expect(md).toContain('| unbounded (no limit bounds it) |');
    expect(renderCapacityMarkdown(report)).toBe(md);
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
