import { recogniseKind, recogniseOverlayBufferKind, supportedKinds } from '../../convert/api-generations';

test('each generation and role is recognised by apiVersion and kind', () => {
  expect(recogniseKind('karpenter.sh/v1alpha5', 'Provisioner')).toEqual({
    generation: 'v1alpha5',
    role: 'pool',
  });
  expect(recogniseKind('karpenter.k8s.aws/v1alpha1', 'AWSNodeTemplate')).toEqual({
    generation: 'v1alpha5',
    role: 'class',
  });
  expect(recogniseKind('karpenter.sh/v1beta1', 'NodePool')).toEqual({ generation: 'v1beta1', role: 'pool' });
  expect(recogniseKind('karpenter.k8s.aws/v1', 'EC2NodeClass')).toEqual({ generation: 'v1', role: 'class' });
  expect(recogniseKind('karpenter.sh/v1', 'EC2NodeClass')).toBeUndefined();
  expect(supportedKinds()).toHaveLength(9);
});

test('NodeOverlays, CapacityBuffers and PodTemplates are recognised by their served versions', () => {
  expect(recogniseOverlayBufferKind('karpenter.sh/v1alpha1', 'NodeOverlay')).toBe('overlay');
  expect(recogniseOverlayBufferKind('autoscaling.x-k8s.io/v1beta1', 'CapacityBuffer')).toBe('buffer');
  expect(recogniseOverlayBufferKind('v1', 'PodTemplate')).toBe('podTemplate');
  // The 1.14.1 CRD serves CapacityBuffer v1beta1 only.
  expect(recogniseOverlayBufferKind('autoscaling.x-k8s.io/v1alpha1', 'CapacityBuffer')).toBeUndefined();
});
