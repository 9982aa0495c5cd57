import {
  karpenterObjectMetadata,
  SKIP_DRY_RUN_ON_MISSING_RESOURCE,
} from '../../../charts/karpenter/object-metadata';

test('name, managed-by label and Argo CD annotations', () => {
  expect(karpenterObjectMetadata('gpu', '1')).toEqual({
    name: 'gpu',
    labels: { 'app.kubernetes.io/managed-by': 'karpenter-gitops' },
    annotations: {
      'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true',
      'argocd.argoproj.io/sync-wave': '1',
    },
  });
  expect(SKIP_DRY_RUN_ON_MISSING_RESOURCE).toBe('SkipDryRunOnMissingResource=true');
});

test('each call returns fresh objects (no shared mutable metadata between resources)', () => {
  const a = karpenterObjectMetadata('a', '0');
  const b = karpenterObjectMetadata('b', '0');
  expect(a.labels).not.toBe(b.labels);
  expect(a.annotations).not.toBe(b.annotations);
});
