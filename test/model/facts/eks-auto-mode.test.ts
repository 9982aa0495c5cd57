/**
 * The Auto Mode label mapping held to the EKS User Guide's table: "EKS Auto Mode Supported
 * Labels" of "Create a Node Pool for EKS Auto Mode",
 * https://docs.aws.amazon.com/eks/latest/userguide/create-node-pool.html#auto-supported-labels
 * (awsdocs/amazon-eks-user-guide latest/ug/automode/create-node-pool.adoc at
 * 013856044148d6eeed4723027a45aa2180536bcb). The `eks.amazonaws.com/instance-*` rows of that
 * table are listed below as the page lists them; each must be the image of exactly one
 * Karpenter label with the same attribute suffix.
 */
import {
  AUTO_MODE_INSTANCES,
  AUTO_MODE_LABEL_MAP,
  AUTO_MODE_UNSUPPORTED_LABELS,
  EKS_AUTO_MODE,
  autoModeLabelFor,
  autoNodeAccessPolicyArn,
} from '../../../model/facts/eks-auto-mode';
import { LABELS } from '../../../model/facts/constants';

/** The instance-attribute rows of the user guide's table, in the page's order. */
const USER_GUIDE_INSTANCE_LABELS = [
  'eks.amazonaws.com/instance-hypervisor',
  'eks.amazonaws.com/instance-encryption-in-transit-supported',
  'eks.amazonaws.com/instance-category',
  'eks.amazonaws.com/instance-generation',
  'eks.amazonaws.com/instance-family',
  'eks.amazonaws.com/instance-size',
  'eks.amazonaws.com/instance-cpu',
  'eks.amazonaws.com/instance-cpu-manufacturer',
  'eks.amazonaws.com/instance-memory',
  'eks.amazonaws.com/instance-ebs-bandwidth',
  'eks.amazonaws.com/instance-network-bandwidth',
  'eks.amazonaws.com/instance-gpu-name',
  'eks.amazonaws.com/instance-gpu-manufacturer',
  'eks.amazonaws.com/instance-gpu-count',
  'eks.amazonaws.com/instance-gpu-memory',
  'eks.amazonaws.com/instance-local-nvme',
];

describe('Auto Mode label mapping (EKS User Guide, create-node-pool, supported labels)', () => {
  test('maps onto exactly the instance labels of the user guide table, in its order', () => {
    expect(Object.values(AUTO_MODE_LABEL_MAP)).toEqual(USER_GUIDE_INSTANCE_LABELS);
  });

  test('each Karpenter label maps to the Auto Mode label of the same attribute', () => {
    for (const [karpenter, auto] of Object.entries(AUTO_MODE_LABEL_MAP)) {
      expect(karpenter.replace('karpenter.k8s.aws/', '')).toBe(auto.replace('eks.amazonaws.com/', ''));
    }
  });

  test('every requirement shorthand label has an Auto Mode counterpart except kubernetes.io/os (Linux only)', () => {
    expect(autoModeLabelFor(LABELS.instanceCategory)).toBe('eks.amazonaws.com/instance-category');
    expect(autoModeLabelFor(LABELS.instanceGeneration)).toBe('eks.amazonaws.com/instance-generation');
    expect(autoModeLabelFor(LABELS.instanceFamily)).toBe('eks.amazonaws.com/instance-family');
    expect(autoModeLabelFor(LABELS.instanceSize)).toBe('eks.amazonaws.com/instance-size');
    // Well-known labels Auto Mode supports as they are.
    expect(autoModeLabelFor(LABELS.zone)).toBe('topology.kubernetes.io/zone');
    expect(autoModeLabelFor(LABELS.instanceType)).toBe('node.kubernetes.io/instance-type');
    expect(autoModeLabelFor(LABELS.capacityType)).toBe('karpenter.sh/capacity-type');
    expect(AUTO_MODE_UNSUPPORTED_LABELS).toEqual(['kubernetes.io/os', 'node.kubernetes.io/windows-build']);
    expect(autoModeLabelFor('karpenter.k8s.aws/instance-capability-flex')).toBeUndefined();
  });
});

describe('Auto Mode facts', () => {
  test('node lifetime: at most 21 days, 336h by default', () => {
    expect(EKS_AUTO_MODE.maxNodeLifetimeHours).toBe(504);
    expect(EKS_AUTO_MODE.defaultExpireAfter).toBe('336h');
  });

  test('the access policy ARN per partition', () => {
    expect(autoNodeAccessPolicyArn('aws')).toBe(
      'arn:aws:eks::aws:cluster-access-policy/AmazonEKSAutoNodePolicy',
    );
    expect(autoNodeAccessPolicyArn('aws-cn')).toBe(
      'arn:aws-cn:eks::aws:cluster-access-policy/AmazonEKSAutoNodePolicy',
    );
  });

  test('the supported instance families come from the generated user guide list', () => {
    expect(AUTO_MODE_INSTANCES.families).toContain('c7g');
    expect(AUTO_MODE_INSTANCES.families).toContain('p5en');
    expect(AUTO_MODE_INSTANCES.families).not.toContain('a1');
    expect(AUTO_MODE_INSTANCES.excludedSizes).toEqual(['micro', 'nano', 'small']);
    expect([...AUTO_MODE_INSTANCES.families]).toEqual([...AUTO_MODE_INSTANCES.families].sort());
  });
});
