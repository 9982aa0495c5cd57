import { instanceLabels, satisfies } from '../../preflight/instance-labels';

const m5 = instanceLabels(
  {
    InstanceType: 'm5.xlarge',
    SupportedUsageClasses: ['on-demand', 'spot'],
    Hypervisor: 'nitro',
    ProcessorInfo: { SupportedArchitectures: ['i386', 'x86_64'], Manufacturer: 'Intel' },
    VCpuInfo: { DefaultVCpus: 4 },
    MemoryInfo: { SizeInMiB: 16384 },
  },
  ['eu-west-1b', 'eu-west-1a'],
);

describe('instance labels from EC2 data', () => {
  it('derives the labels Karpenter derives', () => {
    expect(Object.fromEntries(m5)).toEqual({
      'node.kubernetes.io/instance-type': ['m5.xlarge'],
      'karpenter.k8s.aws/instance-category': ['m'],
      'karpenter.k8s.aws/instance-generation': ['5'],
      'karpenter.k8s.aws/instance-family': ['m5'],
      'karpenter.k8s.aws/instance-size': ['xlarge'],
      'karpenter.k8s.aws/instance-cpu': ['4'],
      'karpenter.k8s.aws/instance-memory': ['16384'],
      'karpenter.k8s.aws/instance-hypervisor': ['nitro'],
      'karpenter.k8s.aws/instance-cpu-manufacturer': ['intel'],
      'kubernetes.io/arch': ['amd64'],
      'karpenter.sh/capacity-type': ['on-demand', 'spot'],
      'topology.kubernetes.io/zone': ['eu-west-1a', 'eu-west-1b'],
    });
    const u = instanceLabels(
      { InstanceType: 'u-6tb1.56xlarge', ProcessorInfo: { SupportedArchitectures: ['x86_64'] } },
      [],
    );
    expect(u.get('karpenter.k8s.aws/instance-category')).toEqual(['u']);
    expect(u.get('karpenter.k8s.aws/instance-generation')).toEqual(['1']);
  });

  it("evaluates requirements with Karpenter's Requirement semantics (model/facts/karpenter-requirements.ts)", () => {
    expect(satisfies(m5, { key: 'karpenter.k8s.aws/instance-cpu', operator: 'Gt', values: ['2'] })).toBe(
      true,
    );
    expect(satisfies(m5, { key: 'karpenter.k8s.aws/instance-cpu', operator: 'Lt', values: ['4'] })).toBe(
      false,
    );
    expect(satisfies(m5, { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot'] })).toBe(true);
    expect(
      satisfies(m5, { key: 'topology.kubernetes.io/zone', operator: 'NotIn', values: ['eu-west-1a'] }),
    ).toBe(true);
    expect(satisfies(m5, { key: 'karpenter.k8s.aws/instance-gpu-count', operator: 'Exists' })).toBe(false);
    expect(satisfies(m5, { key: 'karpenter.k8s.aws/instance-gpu-count', operator: 'DoesNotExist' })).toBe(
      true,
    );
    // Reservations are not in the offerings data, so a requirement admitting them is left to Karpenter.
    expect(satisfies(m5, { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['reserved'] })).toBe(
      true,
    );
    // Keys the preflight cannot derive are left to Karpenter.
    expect(satisfies(m5, { key: 'team', operator: 'In', values: ['x'] })).toBe(true);
    // Any requirement admitting `reserved` is left to Karpenter, not only `In` (changed: NotIn [spot,
    // on-demand] admits reserved capacity, which the offerings data cannot show).
    expect(
      satisfies(m5, { key: 'karpenter.sh/capacity-type', operator: 'NotIn', values: ['spot', 'on-demand'] }),
    ).toBe(true);
    // Aliases are normalized (NormalizedLabels).
    expect(satisfies(m5, { key: 'beta.kubernetes.io/arch', operator: 'In', values: ['arm64'] })).toBe(false);
  });
});
