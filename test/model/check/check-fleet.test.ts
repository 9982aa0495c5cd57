/** Checks across clusters: collisions of names that must be unique. */
import { DEFAULTS, errorsOf, load, MINIMAL } from '../../support/fleet-files';

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
      "clusters/a.yaml:8:3 iam.nodeRoleName: IAM role name 'shared-nodes' is also used in the same account by clusters/b.yaml:8:3. Role names are unique per account: set a different iam.controllerRoleName or iam.nodeRoleName.",
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
      "clusters/a.yaml:9:5 karpenter.interruptionQueue.name: queue name 'b' is also used in the same account and region by clusters/b.yaml:1:1. Set a different karpenter.interruptionQueue.name.",
    ]);
  });

  it('two clusters deploying to one Argo CD destination is an error, reported once', () => {
    expect(errorsOf({ '_defaults.yaml': DEFAULTS, 'a.yaml': MINIMAL, 'b.yaml': MINIMAL })).toEqual([
      "clusters/a.yaml:5:3 gitops.destination: Argo CD destination 'demo' is also used by clusters/b.yaml:5:3. Each cluster description must target its own cluster: correct gitops.destination, or remove the duplicate description.",
    ]);
  });

  it('a conflict shared by many files is one error listing every other file once', () => {
    const files: Record<string, string> = { '_defaults.yaml': DEFAULTS };
    for (let i = 10; i < 41; i++) files[`c${i}.yaml`] = MINIMAL;
    const errors = errorsOf(files);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^clusters\/c10\.yaml:5:3 gitops\.destination: Argo CD destination 'demo' is also used by /,
    );
    for (let i = 10; i < 41; i++) expect(errors[0].split(`clusters/c${i}.yaml:5:3`)).toHaveLength(2);
    expect(errors[0]).not.toContain('(gitops.destination)');
    expect(errors[0]).toMatch(
      /clusters\/c40\.yaml:5:3\. Each cluster description must target its own cluster/,
    );
  });

  it('a conflict shared by very many files stays one bounded line, counting the places left out', () => {
    const files: Record<string, string> = { '_defaults.yaml': DEFAULTS };
    for (let i = 100; i < 300; i++) files[`c${i}.yaml`] = MINIMAL;
    const errors = errorsOf(files);
    expect(errors).toHaveLength(1);
    expect(errors[0].length).toBeLessThan(1500);
    const listed = errors[0].match(/clusters\/c\d+\.yaml:5:3/g) ?? [];
    expect(errors[0]).toContain(` and ${200 - listed.length} more.`);
    expect(listed.length).toBeGreaterThan(30);
  });
});
