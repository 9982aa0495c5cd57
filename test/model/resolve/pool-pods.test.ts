/**
 * model/resolve/pool-pods.ts: the pods a node runs (Karpenter's `pods` in
 * pkg/providers/instancetype/types.go) from a kubelet written typed or free-form, on catalogue
 * types (m5.large: 2 vCPUs, 29 ENI-limited pods; m5.xlarge: 4 vCPUs, 58; m5.2xlarge: 8 vCPUs, 58).
 */
import { instanceTable } from '../../../model';
import {
  kubeletPodSettings,
  podsOnType,
  podsPerNode,
  writtenKubelet,
} from '../../../model/resolve/pool-pods';

const types = ['m5.large', 'm5.xlarge', 'm5.2xlarge'].map((n) => {
  const t = instanceTable().types.find((x) => x.name === n);
  if (t === undefined) throw new Error(n);
  return t;
});

describe('kubeletPodSettings', () => {
  it('reads plain maxPods and podsPerCore of a typed or free-form kubelet alike', () => {
    expect(kubeletPodSettings({ maxPods: 20, podsPerCore: 4 })).toEqual({ maxPods: 20, podsPerCore: 4 });
    expect(
      kubeletPodSettings({
        maxPods: 20,
        podsPerCore: 4,
        serializeImagePulls: false,
        kubeReserved: { cpu: '100m' },
      }),
    ).toEqual({
      maxPods: 20,
      podsPerCore: 4,
    });
    expect(kubeletPodSettings(undefined)).toEqual({});
  });

  it('a CEL expression in maxPods makes the count unknown, naming the expression', () => {
    expect(kubeletPodSettings({ maxPods: 'self.cpu * 8', podsPerCore: 4 })).toEqual({
      podsPerCore: 4,
      unknown: 'kubelet.maxPods is a CEL expression (self.cpu * 8) Karpenter evaluates per instance type',
    });
  });
});

describe('writtenKubelet', () => {
  it('is the typed kubelet, else the one passed through whole', () => {
    expect(writtenKubelet({ kubelet: { maxPods: 1 } })).toEqual({ maxPods: 1 });
    expect(writtenKubelet({ passThrough: { kubelet: { maxPods: 2 }, hibernation: {} } })).toEqual({
      maxPods: 2,
    });
    expect(writtenKubelet({ passThrough: { hibernation: {} } })).toBeUndefined();
    expect(writtenKubelet(undefined)).toBeUndefined();
  });
});

describe('podsPerNode', () => {
  it('without kubelet settings: the ENI-limited figure of each type', () => {
    expect(podsPerNode(types, {}, 'AL2023')).toEqual({ min: 29, max: 58 });
  });

  it('maxPods replaces it (even above the ENI limit); podsPerCore × vCPUs caps it', () => {
    expect(podsPerNode(types, { maxPods: 110 }, 'AL2023')).toEqual({ min: 110, max: 110 });
    expect(podsPerNode(types, { maxPods: 110, podsPerCore: 10 }, 'AL2023')).toEqual({ min: 20, max: 80 });
    expect(podsPerNode(types, { podsPerCore: 10 }, 'AL2023')).toEqual({ min: 20, max: 58 });
  });

  it('Bottlerocket does not apply podsPerCore', () => {
    expect(podsOnType(types[0], { maxPods: 110, podsPerCore: 10 }, 'Bottlerocket')).toBe(110);
  });

  it('an expression: unknown, whatever the types', () => {
    expect(podsPerNode(types, kubeletPodSettings({ maxPods: 'self.cpu * 8' }), 'AL2023')).toEqual({
      unknown: 'kubelet.maxPods is a CEL expression (self.cpu * 8) Karpenter evaluates per instance type',
    });
  });

  it('no type with a figure and no maxPods: no estimate', () => {
    expect(podsPerNode([], {}, 'AL2023')).toBeUndefined();
  });
});
