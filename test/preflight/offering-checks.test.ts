import type { _InstanceType } from '@aws-sdk/client-ec2';
import { instanceLabels } from '../../preflight/instance-labels';
import { emptyingRequirement } from '../../preflight/offering-checks';

const type = (name: string, gpus?: { Name: string; Manufacturer: string; Count: number }) =>
  instanceLabels(
    {
      InstanceType: name as _InstanceType,
      SupportedUsageClasses: ['on-demand'],
      ProcessorInfo: { SupportedArchitectures: ['x86_64'] },
      ...(gpus ? { GpuInfo: { Gpus: [gpus] } } : {}),
    },
    ['eu-west-1a'],
  );

const types = [
  type('m5.large'),
  type('g4dn.xlarge', { Name: 'T4', Manufacturer: 'NVIDIA', Count: 1 }),
  type('g5.xlarge', { Name: 'A10G', Manufacturer: 'NVIDIA', Count: 1 }),
];
const GPU = 'karpenter.k8s.aws/instance-gpu-name';

describe('emptyingRequirement', () => {
  it('names the requirement that leaves no type, with the count before it', () => {
    expect(
      emptyingRequirement(types, [
        { key: GPU, operator: 'Exists' },
        { key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['m5.large'] },
      ]),
    ).toEqual({
      remaining: 0,
      culprit: { key: 'node.kubernetes.io/instance-type', operator: 'In', values: ['m5.large'] },
      before: 2,
    });
  });

  it('intersects repeated keys as Karpenter does (Requirements.Add), not as a chain of filters', () => {
    // In [t4] then In [a10g] on one key is the empty set, which Karpenter reads as DoesNotExist: the
    // type without a GPU is left. The old filter approximation reported the second one as emptying.
    expect(
      emptyingRequirement(types, [
        { key: GPU, operator: 'In', values: ['t4'] },
        { key: GPU, operator: 'In', values: ['a10g'] },
      ]),
    ).toEqual({ remaining: 1 });
  });
});
