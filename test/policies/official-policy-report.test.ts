import { officialPolicyLines } from '../../policies/official-policy-report';
import { builtInOfficialPolicy } from '../../policies/official-policy-versions';
import { clusterModel, fullCluster } from './fixtures';
import { withExtraAction } from './official-fixtures';

describe('officialPolicyLines', () => {
  it('names what ours lacks (failing the proof), adds and leaves out, per cluster', () => {
    const basic = clusterModel({ name: 'basic' });
    const full = { ...fullCluster(), name: 'full' };
    const official = withExtraAction(builtInOfficialPolicy('1.14.1')!, 'ec2:DescribeInstanceTopology');
    const lines = officialPolicyLines({ clusters: [basic, full] }, () => official);
    expect(lines[0]).toBe(
      'basic: against the official policy of Karpenter 1.14.1: ours lacks ec2:DescribeInstanceTopology (the scenario proof fails until it is granted); ours adds none; left out on purpose: arc-zonal-shift:GetManagedResource (granted only with `iam.zonalShift: true`, which also turns on Karpenter’s zonal-shift setting)',
    );
    expect(lines[1]).toMatch(
      /^full: against the official policy of Karpenter 1\.14\.1: ours lacks ec2:DescribeInstanceTopology \(the scenario proof fails until it is granted\); ours adds kms:[A-Za-z]+(, kms:[A-Za-z]+)*$/,
    );
  });

  it('says so where the version has no official policy', () => {
    const c = clusterModel({ name: 'old' });
    expect(
      officialPolicyLines({ clusters: [{ ...c, karpenter: { ...c.karpenter, version: '1.0.14' } }] }),
    ).toEqual(['old: no official policy of Karpenter 1.0.14 is known, so none is compared']);
  });
});
