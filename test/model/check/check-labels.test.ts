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
    expect(restrictedLabelProblem('kops.k8s.io/x')).toBeUndefined();
    expect(restrictedLabelProblem('example.com/x')).toBeUndefined();
    expect(restrictedLabelProblem('notkubernetes.io/x')).toBeUndefined();
  });
});
