import { podSecurityLabels } from '../../../charts/cluster-base/pod-security';

describe('podSecurityLabels', () => {
  it('enforces the level at the pinned version and always audits and warns against restricted', () => {
    expect(podSecurityLabels('baseline', '1.31')).toEqual({
      'pod-security.kubernetes.io/audit': 'restricted',
      'pod-security.kubernetes.io/enforce': 'baseline',
      'pod-security.kubernetes.io/enforce-version': 'v1.31',
      'pod-security.kubernetes.io/warn': 'restricted',
    });
  });
});
