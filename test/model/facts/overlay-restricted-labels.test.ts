import { overlayKeyProblem, overlayKeyRules } from '../../../model/facts/overlay-restricted-labels';

describe('NodeOverlay requirement keys, from the CRD rules', () => {
  it('reads the three key rules of the 1.14.1 NodeOverlay CRD and none for 1.0.14', () => {
    expect(overlayKeyRules('1.14.1').map((r) => [r.domain ?? r.label, r.allowed.length])).toEqual([
      ['karpenter.sh', 2],
      ['kubernetes.io/hostname', 0],
      ['karpenter.k8s.aws', 22],
    ]);
    expect(overlayKeyRules('1.0.14')).toEqual([]);
  });

  it('allows well-known labels and labels of other domains, refuses the restricted ones', () => {
    for (const key of [
      'karpenter.sh/capacity-type',
      'karpenter.sh/nodepool',
      'karpenter.k8s.aws/instance-generation',
      'node.kubernetes.io/instance-type',
      'example.com/team',
    ])
      expect(overlayKeyProblem(key)).toBeUndefined();
    expect(overlayKeyProblem('karpenter.sh/registered')?.message).toBe(
      'label domain "karpenter.sh" is restricted',
    );
    expect(overlayKeyProblem('kubernetes.io/hostname')?.message).toBe(
      'label "kubernetes.io/hostname" is restricted',
    );
    expect(overlayKeyProblem('sub.karpenter.k8s.aws/x')?.allowed).toContain(
      'karpenter.k8s.aws/instance-family',
    );
  });
});
