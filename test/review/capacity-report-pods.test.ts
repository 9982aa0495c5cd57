/**
 * The capacity report's pods per node (review/capacity-report.ts, model/resolve/pool-pods.ts): a
 * free-form kubelet passed through whole (an imported 1.15-shaped EC2NodeClass) gives the same
 * estimate as the typed one with the same plain values; a CEL expression in maxPods makes it unknown,
 * and the report says why.
 */
import { capacityReport, podsText, renderCapacityMarkdown } from '../../review/capacity-report';
import { buildCluster, buildNodeClass, buildNodePool } from '../support/fleet-fixtures';
import { NodeClassModel } from '../../model';

// m5.large: 2 vCPUs (29 ENI-limited pods); m5.xlarge: 4 vCPUs (58).
const pool = buildNodePool({
  name: 'web',
  requirements: [
    { key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['m5.large', 'm5.xlarge'] },
  ],
});
const reportOf = (nc: Partial<NodeClassModel>) =>
  capacityReport({ clusters: [buildCluster({ nodeClasses: [buildNodeClass(nc)], nodePools: [pool] })] });

describe('pods per node in the capacity report', () => {
  it('without kubelet: the ENI-limited range of the types', () => {
    expect(reportOf({}).clusters[0].pools[0].podsPerNode).toEqual({ min: 29, max: 58 });
  });

  it('a free-form kubelet passed through gives the same estimate as the typed kubelet', () => {
    const typed = reportOf({ kubelet: { maxPods: 40, podsPerCore: 15 } }).clusters[0].pools[0].podsPerNode;
    const freeForm = reportOf({
      passThrough: { kubelet: { maxPods: 40, podsPerCore: 15, containerLogMaxSize: '50Mi' } },
    }).clusters[0].pools[0].podsPerNode;
    expect(typed).toEqual({ min: 30, max: 40 });
    expect(freeForm).toEqual(typed);
  });

  it('an expression in maxPods: unknown, and the Markdown says why', () => {
    const report = reportOf({ passThrough: { kubelet: { maxPods: 'self.cpu * 8' } } });
    expect(report.clusters[0].pools[0].podsPerNode).toEqual({
      unknown: 'kubelet.maxPods is a CEL expression (self.cpu * 8) Karpenter evaluates per instance type',
    });
    const md = renderCapacityMarkdown(report);
    expect(md).toContain('| ceiling | pods per node |');
    expect(md).toMatch(
      /^\| web \| 2 \(`m5\.large`, `m5\.xlarge`\) \|.*\| unknown \(kubelet\.maxPods is a CEL expression \(self\.cpu \* 8\) Karpenter evaluates per instance type\) \|$/m,
    );
  });

  it('podsText', () => {
    expect(podsText({ min: 110, max: 110 })).toBe('110');
    expect(podsText({ min: 29, max: 1234 })).toBe('29–1,234');
    expect(podsText(undefined)).toBe('–');
  });
});
