import {
  labelKeyProblem,
  labelValueProblem,
  restrictedLabelProblem,
} from '../../../model/check/check-labels';

describe('labels', () => {
  it('label key syntax', () => {
    expect(labelKeyProblem('role')).toBeUndefined();
    expect(labelKeyProblem('example.com/role')).toBeUndefined();
    expect(labelKeyProblem('Example.com/role')).toMatch(
      /prefix before '\/' must be a lower-case DNS subdomain/,
    );
    expect(labelKeyProblem('a/b/c')).toMatch(/the name must be/);
    expect(labelKeyProblem('')).toMatch(/the name must be/);
  });

  it('label value syntax', () => {
    expect(labelValueProblem('')).toBeUndefined();
    expect(labelValueProblem('dataops')).toBeUndefined();
    expect(labelValueProblem('x'.repeat(64))).toMatch(/not a valid label value/);
    expect(labelValueProblem('a b')).toMatch(/not a valid label value/);
  });

  it('restricted domains, with the allowed exceptions', () => {
    expect(restrictedLabelProblem('kubernetes.io/hostname')?.message).toBe(
      "label 'kubernetes.io/hostname' is restricted: Kubernetes sets it to the node's name",
    );
    expect(restrictedLabelProblem('karpenter.sh/capacity-type')?.message).toMatch(
      /^label domain 'karpenter.sh' is restricted/,
    );
    expect(restrictedLabelProblem('karpenter.k8s.aws/x')?.message).toMatch(/'karpenter.k8s.aws'/);
    expect(restrictedLabelProblem('sub.k8s.io/x')?.message).toMatch(/'k8s.io'/);
    expect(restrictedLabelProblem('node.kubernetes.io/role')).toBeUndefined();
    expect(restrictedLabelProblem('node-restriction.kubernetes.io/team')).toBeUndefined();
  });

  it('a restricted template label gets a did-you-mean', () => {
    // A near-miss of an allowed domain.
    expect(restrictedLabelProblem('node-restrictions.kubernetes.io/team')?.fix).toBe(
      "Did you mean 'node-restriction.kubernetes.io/team'? Else: Use your own domain (e.g. example.com/team), or kops.k8s.io / node.kubernetes.io / node-restriction.kubernetes.io",
    );
    // A well-known label Karpenter sets itself: a requirement chooses its value.
    expect(restrictedLabelProblem('karpenter.sh/capacity-type')?.fix).toMatch(
      /^Karpenter sets karpenter\.sh\/capacity-type on the nodes itself: to choose its value, write a requirement on it \(key karpenter\.sh\/capacity-type, operator In\) instead of a label\. Else: Use your own domain/,
    );
    // A near-miss of one.
    expect(restrictedLabelProblem('karpenter.k8s.aws/instance-famly')?.fix).toMatch(
      /^Did you mean 'karpenter\.k8s\.aws\/instance-family'\? Karpenter sets/,
    );
    // Nothing close: only the general fix.
    expect(restrictedLabelProblem('karpenter.sh/team')?.fix).toMatch(
      /^Use your own domain \(e\.g\. example\.com\/team\)/,
    );
    expect(restrictedLabelProblem('kops.k8s.io/x')).toBeUndefined();
    expect(restrictedLabelProblem('example.com/x')).toBeUndefined();
    expect(restrictedLabelProblem('notkubernetes.io/x')).toBeUndefined();
  });
});
