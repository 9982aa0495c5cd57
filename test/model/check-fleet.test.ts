/** Checks across clusters: collisions of names that must be unique. */
import { formatDiagnostic } from '../../model/diagnostics';
import { DEFAULTS, errorsOf, load, MINIMAL } from './fleet-test-helpers';

const withDestination = (name: string) => MINIMAL.replace('name: demo', `name: ${name}`);

describe('fleet-wide checks', () => {
  it('an explicit IAM role name used by two clusters of one account', () => {
    expect(
      errorsOf({
        '_defaults.yaml': DEFAULTS,
        'a.yaml': withDestination('a') + 'iam:\n  nodeRoleName: shared-nodes\n',
        'b.yaml': withDestination('b') + 'iam:\n  nodeRoleName: shared-nodes\n',
      }),
    ).toEqual([
      "clusters/a.yaml:8:3 iam.nodeRoleName: IAM role name 'shared-nodes' is also used in the same account by clusters/b.yaml:8:3 (iam.nodeRoleName). Role names are unique per account: set a different iam.controllerRoleName or iam.nodeRoleName.",
      "clusters/b.yaml:8:3 iam.nodeRoleName: IAM role name 'shared-nodes' is also used in the same account by clusters/a.yaml:8:3 (iam.nodeRoleName). Role names are unique per account: set a different iam.controllerRoleName or iam.nodeRoleName.",
    ]);
  });

  it('the same role name in different accounts is fine', () => {
    const other =
      withDestination('b').replace('111122223333', '444455556666') + 'iam:\n  nodeRoleName: shared-nodes\n';
    expect(() =>
      load({
        '_defaults.yaml': DEFAULTS,
        'a.yaml': withDestination('a') + 'iam:\n  nodeRoleName: shared-nodes\n',
        'b.yaml': other,
      }),
    ).not.toThrow();
  });

  it('an interruption queue name used twice in one account and region', () => {
    expect(
      errorsOf({
        '_defaults.yaml': DEFAULTS,
        'a.yaml': withDestination('a') + 'karpenter:\n  interruptionQueue:\n    name: b\n',
        'b.yaml': withDestination('b'),
      }),
    ).toEqual([
      "clusters/a.yaml:9:5 karpenter.interruptionQueue.name: queue name 'b' is also used in the same account and region by clusters/b.yaml:1:1 (karpenter.interruptionQueue.name). Set a different karpenter.interruptionQueue.name.",
      "clusters/b.yaml:1:1 karpenter.interruptionQueue.name: queue name 'b' is also used in the same account and region by clusters/a.yaml:9:5 (karpenter.interruptionQueue.name). Set a different karpenter.interruptionQueue.name.",
    ]);
  });

  it('two clusters deploying to one Argo CD destination is a warning', () => {
    const { warnings } = load({ '_defaults.yaml': DEFAULTS, 'a.yaml': MINIMAL, 'b.yaml': MINIMAL });
    expect(warnings.map(formatDiagnostic)).toEqual([
      "clusters/a.yaml:5:3 warning: gitops.destination: Argo CD destination 'demo' is also used by clusters/b.yaml:5:3 (gitops.destination). Each cluster description should target its own cluster: check gitops.destination.",
      "clusters/b.yaml:5:3 warning: gitops.destination: Argo CD destination 'demo' is also used by clusters/a.yaml:5:3 (gitops.destination). Each cluster description should target its own cluster: check gitops.destination.",
    ]);
  });
});
