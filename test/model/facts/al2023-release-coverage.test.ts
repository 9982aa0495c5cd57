import {
  al2023ReleaseCoverage,
  al2023ReleaseCoverageIn,
  al2023ReleaseProblem,
  kubernetesRange,
} from '../../../model/facts/al2023-release-coverage';

describe('AL2023 AMI releases against Kubernetes versions', () => {
  it('a release in the data covers the Kubernetes versions it published AMIs for', () => {
    expect(al2023ReleaseCoverage('v20260714', '1.33')).toEqual({ kind: 'covers' });
    expect(al2023ReleaseCoverage('v20250505', '1.32')).toEqual({ kind: 'covers' });
    expect(al2023ReleaseCoverage('v20250519', '1.33')).toEqual({ kind: 'covers' });
    expect(al2023ReleaseProblem('v20250505', '1.26')).toBeUndefined();
  });

  it('v20250505 published nothing for 1.33: the newest release that did is named', () => {
    expect(al2023ReleaseCoverage('v20250505', '1.33')).toEqual({
      kind: 'not-covered',
      kubernetes: ['1.26', '1.27', '1.28', '1.29', '1.30', '1.31', '1.32'],
      newestCovering: 'v20260714',
    });
    expect(al2023ReleaseProblem('v20250505', '1.33')).toEqual({
      severity: 'error',
      message:
        'AL2023 AMI release v20250505 published AMIs only for Kubernetes 1.26–1.32, not 1.33, so Karpenter resolves no AMI for the alias and launches no node',
      fix: "Use al2023@v20260714 (the newest release in the tool's data for Kubernetes 1.33), or al2023@latest (with allowLatestAmi: true)",
    });
  });

  it('a newer release may drop an old Kubernetes version: 1.29 on v20260714', () => {
    expect(al2023ReleaseProblem('v20260714', '1.29')?.fix).toBe(
      "Use al2023@v20260318 (the newest release in the tool's data for Kubernetes 1.29), or al2023@latest (with allowLatestAmi: true)",
    );
  });

  it('a Kubernetes version no release covers: no release to name', () => {
    expect(al2023ReleaseProblem('v20260714', '1.37')).toEqual({
      severity: 'error',
      message:
        'AL2023 AMI release v20260714 published AMIs only for Kubernetes 1.30–1.36, not 1.37, so Karpenter resolves no AMI for the alias and launches no node',
      fix: "No release in the tool's data covers Kubernetes 1.37: pin one that does (github.com/awslabs/amazon-eks-ami/releases), or use al2023@latest (with allowLatestAmi: true)",
    });
  });

  it('a release newer than the data gets no verdict', () => {
    expect(al2023ReleaseCoverage('v20260801', '1.33')).toEqual({
      kind: 'newer-than-data',
      newest: 'v20260714',
    });
    expect(al2023ReleaseProblem('v20260801', '1.29')).toBeUndefined();
  });

  it('a release within the data but not in it (the abandoned v20260311) is a warning naming the nearest', () => {
    expect(al2023ReleaseCoverage('v20260311', '1.33')).toEqual({
      kind: 'absent',
      before: 'v20260304',
      after: 'v20260318',
      newestCovering: 'v20260714',
    });
    expect(al2023ReleaseProblem('v20260311', '1.33')).toEqual({
      severity: 'warning',
      message:
        "v20260311 is not an AL2023 AMI release in the tool's data (the nearest are v20260304 and v20260318): it may be mistyped, or a recalled or abandoned release, which the data leaves out",
      fix: "Check it at github.com/awslabs/amazon-eks-ami/releases, or use al2023@v20260714 (the newest release in the tool's data for Kubernetes 1.33), or al2023@latest (with allowLatestAmi: true)",
    });
  });

  it('a release older than every release in the data is a warning too', () => {
    expect(al2023ReleaseCoverage('v20230101', '1.29')).toEqual({
      kind: 'absent',
      before: undefined,
      after: 'v20240213',
      newestCovering: 'v20260318',
    });
    expect(al2023ReleaseProblem('v20230101', '1.29')?.message).toBe(
      "v20230101 is not an AL2023 AMI release in the tool's data (it is older than the oldest, v20240213): it may be mistyped, or a recalled or abandoned release, which the data leaves out",
    );
  });

  it('over other data: empty data judges nothing; order is by date', () => {
    expect(al2023ReleaseCoverageIn([], 'v20250505', '1.33')).toEqual({ kind: 'newer-than-data', newest: '' });
    const data = [
      { version: 'v20250301', kubernetes: ['1.31'] },
      { version: 'v20250101', kubernetes: ['1.30', '1.31'] },
    ];
    expect(al2023ReleaseCoverageIn(data, 'v20250201', '1.30')).toEqual({
      kind: 'absent',
      before: 'v20250101',
      after: 'v20250301',
      newestCovering: 'v20250101',
    });
    expect(al2023ReleaseCoverageIn(data, 'v20250301', '1.30')).toEqual({
      kind: 'not-covered',
      kubernetes: ['1.31'],
      newestCovering: 'v20250101',
    });
  });

  it('writes consecutive Kubernetes versions as a range', () => {
    expect(kubernetesRange(['1.30', '1.31', '1.32'])).toBe('1.30–1.32');
    expect(kubernetesRange(['1.31'])).toBe('1.31');
    expect(kubernetesRange(['1.29', '1.31'])).toBe('1.29, 1.31');
  });
});
