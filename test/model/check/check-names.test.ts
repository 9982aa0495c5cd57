import {
  clusterNameProblem,
  isDns1123Label,
  isDns1123Subdomain,
  objectNameProblem,
  suggestDnsName,
} from '../../../model/check/check-names';

describe('names', () => {
  it('DNS-1123 labels and subdomains', () => {
    expect(isDns1123Label('ticketing')).toBe(true);
    expect(isDns1123Label('a.b')).toBe(false);
    expect(isDns1123Label('a'.repeat(64))).toBe(false);
    expect(isDns1123Label('-a')).toBe(false);
    expect(isDns1123Subdomain('gpu.large')).toBe(true);
    expect(isDns1123Subdomain('Gpu')).toBe(false);
  });

  it('cluster names: reserved fleet, and a suggestion for invalid ones', () => {
    expect(clusterNameProblem('fleet')?.message).toBe(
      "cluster name 'fleet' is reserved (dist/fleet/ holds the fleet-wide Argo CD entry point)",
    );
    expect(clusterNameProblem('My Cluster')?.fix).toBe(
      "Use a name such as 'my-cluster' (set name:, or rename the file)",
    );
    expect(clusterNameProblem('ok-name')).toBeUndefined();
  });

  it('object names', () => {
    expect(objectNameProblem('node pool', 'GPU_pool')?.fix).toBe("Rename it, e.g. 'gpu-pool'");
    expect(objectNameProblem('node pool', 'gpu')).toBeUndefined();
    expect(suggestDnsName('___')).toBe('my-name');
  });
});
