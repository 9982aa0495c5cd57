import { checkKubelet } from '../../../../model/check/node-class/check-kubelet';
import { CheckContext } from '../../../../model/check/check-context';
import { RawCluster } from '../../../../model/parse/raw-fleet';
import { parseFleetSource } from '../../../../model/parse/yaml-source';

function check(kubelet: object): string[] {
  const { root } = parseFleetSource('clusters/x.yaml', 'kubelet: {}\n');
  const ctx = new CheckContext(root!, {} as RawCluster, 'x');
  checkKubelet(ctx, ['kubelet'], kubelet);
  return ctx.diagnostics.map((d) => `${d.path}: ${d.message}`);
}

describe('kubelet checks', () => {
  it('accepts Karpenter’s keys with quantities and percentages', () => {
    expect(
      check({
        evictionHard: { 'memory.available': '5%', 'nodefs.available': '10%' },
        evictionSoft: { 'memory.available': '500Mi' },
        evictionSoftGracePeriod: { 'memory.available': '1m' },
        kubeReserved: { cpu: '200m', 'ephemeral-storage': '3Gi' },
        imageGCHighThresholdPercent: 85,
        imageGCLowThresholdPercent: 80,
      }),
    ).toEqual([]);
  });

  it('refuses unknown keys, bad quantities, inverted GC thresholds and unpaired soft eviction', () => {
    expect(
      check({
        systemReserved: { gpu: '1', cpu: '-1' },
        evictionSoft: { 'pid.available': '10%' },
        imageGCHighThresholdPercent: 50,
        imageGCLowThresholdPercent: 60,
      }).sort(),
    ).toEqual([
      "kubelet.evictionSoft.pid.available: evictionSoft 'pid.available' has no grace period",
      'kubelet.imageGCLowThresholdPercent: imageGCLowThresholdPercent must be lower than imageGCHighThresholdPercent',
      "kubelet.systemReserved.cpu: '-1' is not a quantity",
      "kubelet.systemReserved.gpu: 'gpu' is not a valid key of kubelet.systemReserved",
    ]);
  });
});
