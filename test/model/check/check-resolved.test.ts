/** Checks of derived names and of everything that reaches CloudFormation. */
import { errorsOfCluster, loadCluster, MINIMAL } from '../../support/fleet-files';

describe('resolved-name checks', () => {
  it('a default role name derived from a long cluster name points at the name', () => {
    const name = 'a'.repeat(44);
    expect(errorsOfCluster(`name: ${name}\n` + MINIMAL)).toEqual([
      `clusters/demo.yaml:1:7 iam.controllerRoleName: role name 'KarpenterControllerRole-${name}' (derived from the cluster name) is 68 characters; IAM allows 64. Set iam.controllerRoleName to a shorter name, or shorten the cluster name.`,
    ]);
  });

  it('an explicit role name that is too long points at itself', () => {
    expect(errorsOfCluster(MINIMAL + `iam:\n  nodeRoleName: ${'n'.repeat(65)}\n`)).toEqual([
      `clusters/demo.yaml:8:17 iam.nodeRoleName: role name '${'n'.repeat(65)}' is 65 characters; IAM allows 64. Set iam.nodeRoleName to a shorter name, or shorten the cluster name.`,
    ]);
  });

  it('queue names: 80 characters of letters, digits, - and _', () => {
    expect(
      errorsOfCluster(MINIMAL + `karpenter:\n  interruptionQueue:\n    name: ${'q'.repeat(81)}\n`),
    ).toEqual([
      `clusters/demo.yaml:9:11 karpenter.interruptionQueue.name: queue name '${'q'.repeat(81)}' is 81 characters; SQS allows 80. Set karpenter.interruptionQueue.name to a shorter name.`,
    ]);
  });

  it('${ in a tag is refused (not an AWS tag character, and a Fn::Sub substitution)', () => {
    expect(errorsOfCluster(MINIMAL + 'tags:\n  team: "${AWS::AccountId}"\n')).toEqual([
      "clusters/demo.yaml:8:9 tags.team: tag value '${A… (17 characters)' is not valid on AWS resources. Use at most 256 letters, digits, spaces and _ . : / = + - @.",
    ]);
  });

  it('${ in an IAM path could break out of a CloudFormation Fn::Sub string', () => {
    expect(errorsOfCluster(MINIMAL + 'iam:\n  path: "/${AWS::Region}/"\n')).toEqual([
      "clusters/demo.yaml:8:9 iam.path: '/${AWS::Region}/' contains '${', which CloudFormation would read as a substitution. Remove '${' from the value.",
    ]);
  });

  it('${ in a role name', () => {
    expect(errorsOfCluster(MINIMAL + 'iam:\n  nodeRoleName: "a${b}"\n')).toEqual([
      "clusters/demo.yaml:8:17 iam.nodeRoleName: 'a${b}' contains '${', which CloudFormation would read as a substitution. Remove '${' from the value.",
      "clusters/demo.yaml:8:17 iam.nodeRoleName: role name 'a${b}' may only contain letters, digits and + = , . @ _ -. Set iam.nodeRoleName to a valid name.",
    ]);
  });

  it('IAM paths start and end with /', () => {
    expect(errorsOfCluster(MINIMAL + 'iam:\n  path: karpenter\n')).toEqual([
      "clusters/demo.yaml:8:9 iam.path: 'karpenter' is not an IAM path. Write / or a path that starts and ends with /, e.g. /karpenter/.",
    ]);
  });

  it('an IAM path has no empty segment between its slashes (IAM refuses //)', () => {
    expect(errorsOfCluster(MINIMAL + 'iam:\n  path: "//"\n')).toEqual([
      "clusters/demo.yaml:8:9 iam.path: '//' is not an IAM path. Write / or a path that starts and ends with /, e.g. /karpenter/.",
    ]);
    expect(loadCluster(MINIMAL + 'iam:\n  path: /karpenter/nodes/\n').cluster.iam.path).toBe(
      '/karpenter/nodes/',
    );
  });

  it('a class role other than the node role, and an instance profile the tool does not create', () => {
    expect(
      errorsOfCluster(
        MINIMAL +
          'iam:\n  createInstanceProfile: true\nnodeClasses:\n  a:\n    alias: al2023@v20260714\n    role: other-role\n  b:\n    alias: al2023@v20260714\n    instanceProfile: other-profile\n',
      ),
    ).toEqual([
      "clusters/demo.yaml:12:11 nodeClasses.a.role: role 'other-role' is not this cluster's node role 'KarpenterNodeRole-demo', so its nodes could not join. A cluster has one node role here: set iam.nodeRoleName to the role to keep and remove role from the node classes (they default to it), or give the classes of other roles an instanceProfile.",
      "clusters/demo.yaml:15:22 nodeClasses.b.instanceProfile: instanceProfile 'other-profile' is not the instance profile this tool creates ('KarpenterNodeRole-demo', named after the node role). Use instanceProfile: KarpenterNodeRole-demo, or set iam.createInstanceProfile: false to use a profile of your own.",
    ]);
  });
});
