/** `report` on an EKS Auto Mode cluster: Auto Mode's instance offer, its labels, and the excluded fee. */
import { capacityReport, evaluablePool, renderCapacityMarkdown } from '../../review/capacity-report';
import { MINIMAL, loadCluster } from '../support/fleet-files';

const cluster = loadCluster(`${MINIMAL}karpenter:
  mode: eks-auto-mode
nodeClasses:
  private: {}
nodePools:
  batch:
    nodeClass: private
    instanceFamilies: [c7g]
    limits: { cpu: "64" }
`).cluster;

describe('report on an Auto Mode cluster', () => {
  test('requirements are evaluated under Karpenter labels, within the families and sizes Auto Mode offers', () => {
    const pool = evaluablePool(cluster.nodePools[0]);
    expect(pool.requirements[0]).toEqual({
      key: 'karpenter.k8s.aws/instance-family',
      operator: 'In',
      values: ['c7g'],
    });
    expect(pool.requirements.slice(1).map((r) => `${r.key} ${r.operator}`)).toEqual([
      'karpenter.k8s.aws/instance-family In',
      'karpenter.k8s.aws/instance-size NotIn',
    ]);
    const [report] = capacityReport({ clusters: [cluster] }).clusters;
    expect(report.pools[0].types.length).toBeGreaterThan(0);
    expect(report.pools[0].types.every((t) => t.startsWith('c7g.'))).toBe(true);
  });

  test('the management fee is its own line, saying it is excluded and why', () => {
    const md = renderCapacityMarkdown(capacityReport({ clusters: [cluster] }));
    expect(md).toContain(
      '> EKS Auto Mode management fee excluded: it varies by instance type and region (Amazon EKS pricing page), and no pinned public price list is available to this tool.',
    );
    expect(capacityReport({ clusters: [cluster] }).clusters[0].autoModeFee).toBeDefined();
  });
});
