import { App, Chart } from 'cdk8s';
import { NodeOverlay } from '../../../charts/karpenter/node-overlay';
import { NodeOverlayModel } from '../../../model/shared/overlay-buffer-model';

const chart = () =>
  new Chart(new App({ outdir: '.', recordConstructMetadata: false }), 'test', {
    disableResourceNameHashes: true,
  });
const json = (model: NodeOverlayModel) => new NodeOverlay(chart(), 'o', { model }).apiObject.toJson();
const source = { file: 'clusters/dataops.yaml', line: 1, col: 1 };

describe('NodeOverlay construct', () => {
  it('maps every field, with the explicit name and wave 0 (before the NodePools)', () => {
    expect(
      json({
        name: 'gpu-slices',
        source,
        requirements: [
          { key: 'karpenter.sh/nodepool', operator: 'In', values: ['gpu'] },
          { key: 'karpenter.k8s.aws/instance-gpu-count', operator: 'Exists' },
        ],
        priceAdjustment: '+5%',
        capacity: { 'nvidia.com/mig-1g.5gb': '56' },
        weight: 10,
      }),
    ).toEqual({
      apiVersion: 'karpenter.sh/v1alpha1',
      kind: 'NodeOverlay',
      metadata: {
        name: 'gpu-slices',
        labels: { 'app.kubernetes.io/managed-by': 'karpenter-gitops' },
        annotations: {
          'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true',
          'argocd.argoproj.io/sync-wave': '0',
        },
      },
      spec: {
        requirements: [
          { key: 'karpenter.sh/nodepool', operator: 'In', values: ['gpu'] },
          { key: 'karpenter.k8s.aws/instance-gpu-count', operator: 'Exists' },
        ],
        priceAdjustment: '+5%',
        capacity: { 'nvidia.com/mig-1g.5gb': '56' },
        weight: 10,
      },
    });
  });

  it('leaves absent fields absent and keeps an empty requirement list (the CRD requires the key)', () => {
    expect(json({ name: 'all', source, requirements: [], price: '0.5', capacity: {} }).spec).toEqual({
      requirements: [],
      price: '0.5',
    });
  });
});
