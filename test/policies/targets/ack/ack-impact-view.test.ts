import { awsSideModel } from '../../../../policies/aws-side';
import { renderAckManifest } from '../../../../policies/targets/ack/generator';
import { computeImpact } from '../../../../review/impact/compute-impact';
import { clusterModel } from '../../fixtures';

const manifest = (o: Parameters<typeof clusterModel>[0] = {}) => {
  const c = clusterModel({ name: 'shop', ...o, aws: { managedBy: 'ack', ...o.aws } });
  return renderAckManifest(c, awsSideModel(c));
};

const dotted = (f: { path: readonly unknown[] }) => f.path.map((s) => (s as { key: string }).key).join('.');

const impact = (before: string, after: string) =>
  computeImpact(
    { label: 'main:dist', files: new Map([['shop/ack/karpenter.yaml', before]]) },
    { label: 'dist', files: new Map([['shop/ack/karpenter.yaml', after]]) },
  );

describe('impact of an ACK change', () => {
  it('reports a renamed node role as a new AWS resource, and what references it', () => {
    const report = impact(manifest(), manifest({ iam: { nodeRoleName: 'shop-nodes' } }));
    const [side] = report.clusters[0].awsSide;
    expect(side.target).toBe('AWS Controllers for Kubernetes');
    expect(side.change).toBe('changed');
    const role = side.resources.find((r) => r.logicalId === 'shop-node-role');
    expect(role).toMatchObject({ type: 'Role', area: 'IAM', change: 'changed', replacement: true });
    expect(role?.fields.map(dotted)).toContain('spec.name');
    const profile = side.resources.find((r) => r.logicalId === 'shop-node-access-entry');
    expect(profile).toMatchObject({ type: 'AccessEntry', replacement: true });
    expect(profile?.fields.map(dotted)).toEqual(['spec.principalARN']);
  });

  it('reports a renamed queue as replaced and the rules as updated in place (their literal target ARN)', () => {
    const report = impact(manifest(), manifest({ queueName: 'shop-interruptions' }));
    const [side] = report.clusters[0].awsSide;
    const queue = side.resources.find((r) => r.logicalId === 'shop-interruption-queue');
    expect(queue).toMatchObject({ type: 'Queue', area: 'Interruption', replacement: true });
    const rules = side.resources.filter((r) => r.type === 'Rule');
    expect(rules).toHaveLength(5);
    for (const r of rules) expect(r).toMatchObject({ replacement: false, change: 'changed' });
  });

  it('reports nothing for an unchanged manifest', () => {
    expect(impact(manifest(), manifest()).clusters).toEqual([]);
  });
});
