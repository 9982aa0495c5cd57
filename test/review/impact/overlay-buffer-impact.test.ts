import { computeImpact } from '../../../review/impact/compute-impact';
import { formatPath } from '../../../review/impact/field-path';
import { isClassified } from '../../../review/impact/impact-report';
import { classifyOverlayBufferFields, overlayBufferNote } from '../../../review/impact/overlay-buffer-impact';

const overlay = (adjustment: string) => `apiVersion: karpenter.sh/v1alpha1
kind: NodeOverlay
metadata:
  name: newer
spec:
  priceAdjustment: "${adjustment}"
  requirements:
    - key: karpenter.k8s.aws/instance-generation
      operator: Gt
      values: ["6"]
`;
const buffer = (replicas: number) => `apiVersion: autoscaling.x-k8s.io/v1beta1
kind: CapacityBuffer
metadata:
  name: headroom
  namespace: capacity-buffers
spec:
  podTemplateRef:
    name: chunk
  replicas: ${replicas}
`;
const tree = (label: string, files: Record<string, string>) => ({
  label,
  files: new Map(Object.entries(files)),
});

describe('impact of NodeOverlay and CapacityBuffer changes', () => {
  it('a price adjustment change replaces no node and says why', () => {
    const report = computeImpact(
      tree('base', { 'c/karpenter/nodeoverlay-newer.yaml': overlay('-10%') }),
      tree('head', { 'c/karpenter/nodeoverlay-newer.yaml': overlay('-20%') }),
    );
    const [r] = report.clusters[0].resources;
    expect(r).toMatchObject({ kind: 'NodeOverlay', name: 'newer', change: 'changed', impact: 'none' });
    expect(r.fields.map((f) => [formatPath(f.path), f.before, f.after])).toEqual([
      ['spec.priceAdjustment', '-10%', '-20%'],
    ]);
    const f = r.fields[0];
    expect(isClassified(f) && f.reason).toContain('existing nodes are not replaced');
    expect(report.clusters[0].pools).toEqual([]);
    expect(report.totals.poolsReplaced + report.totals.poolsMaybeReplaced).toBe(0);
  });

  it('a buffer added, resized and removed: headroom notes, no node impact', () => {
    const added = computeImpact(tree('base', {}), tree('head', { 'c/karpenter/cb.yaml': buffer(2) }));
    expect(added.clusters[0].resources[0]).toMatchObject({
      kind: 'CapacityBuffer',
      namespace: 'capacity-buffers',
      change: 'added',
      impact: 'none',
      note: overlayBufferNote('CapacityBuffer', true),
    });
    const resized = computeImpact(
      tree('base', { 'c/karpenter/cb.yaml': buffer(2) }),
      tree('head', { 'c/karpenter/cb.yaml': buffer(4) }),
    );
    const f = resized.clusters[0].resources[0].fields[0];
    expect(isClassified(f) && f.reason).toBe(
      'changes the headroom Karpenter keeps: more chunks launch nodes, fewer free capacity that consolidation can then remove; no node drifts',
    );
    const removed = computeImpact(tree('base', { 'c/karpenter/cb.yaml': buffer(2) }), tree('head', {}));
    expect(removed.clusters[0].resources[0].note).toContain('can be consolidated');
  });

  it('classifies every field of a kind, metadata apart', () => {
    const fields = classifyOverlayBufferFields('NodeOverlay', [
      { path: [{ key: 'metadata' }, { key: 'labels' }, { key: 'a' }], kind: 'added', after: 'b' },
      { path: [{ key: 'spec' }, { key: 'weight' }], kind: 'changed', before: 1, after: 2 },
    ]);
    expect(fields.map((f) => [f.impact, f.reason])).toEqual([
      ['none', 'object metadata: no scheduling effect'],
      [
        'none',
        'changes which overlay wins where several match; existing nodes are not replaced (NodeOverlays are in no drift hash)',
      ],
    ]);
  });
});
