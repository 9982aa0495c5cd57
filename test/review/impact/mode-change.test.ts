/** A cluster moving between self-managed Karpenter and EKS Auto Mode, read from dist/ alone. */
import { DistResource } from '../../../review/dist-resources';
import { modeChange, modeOf } from '../../../review/impact/mode-change';

const res = (kind: string, name: string, apiVersion: string): [string, DistResource] => [
  `${kind}//${name}`,
  {
    cluster: 'shop',
    file: `shop/${kind}-${name}.yaml`,
    kind,
    name,
    body: { apiVersion, kind, metadata: { name } },
  },
];

const selfManaged = new Map([
  res('EC2NodeClass', 'default', 'karpenter.k8s.aws/v1'),
  res('NodePool', 'web', 'karpenter.sh/v1'),
  res('Application', 'shop-karpenter', 'argoproj.io/v1alpha1'),
  res('Application', 'shop-karpenter-crd', 'argoproj.io/v1alpha1'),
]);
const autoMode = new Map([
  res('NodeClass', 'private', 'eks.amazonaws.com/v1'),
  res('NodePool', 'web', 'karpenter.sh/v1'),
]);

describe('modeChange', () => {
  test('reads the mode from the node class kind', () => {
    expect(modeOf(selfManaged)).toBe('self-managed');
    expect(modeOf(autoMode)).toBe('eks-auto-mode');
    expect(modeOf(new Map())).toBeUndefined();
  });

  test('self-managed → Auto Mode: every node replaced pool by pool, what is removed listed', () => {
    const change = modeChange(selfManaged, autoMode);
    expect(change?.from).toBe('self-managed');
    expect(change?.to).toBe('eks-auto-mode');
    expect(change?.notes[0]).toContain('every node is replaced, pool by pool (web)');
    expect(change?.notes[1]).toContain('the controller and CRD Applications, the Helm values');
    expect(change?.notes[2]).toBe(
      'Removed from dist/: Application shop-karpenter, Application shop-karpenter-crd, EC2NodeClass default',
    );
  });

  test('no change of mode, no note', () => {
    expect(modeChange(selfManaged, selfManaged)).toBeUndefined();
    expect(modeChange(new Map(), autoMode)).toBeUndefined();
  });
});
