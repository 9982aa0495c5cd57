/** `aws.managedBy`: a misspelt target, and what `external` needs and cannot express. */
import { DEFAULTS, errorsOfCluster, load, loadCluster, MINIMAL } from '../../support/fleet-files';

const EXTERNAL = MINIMAL.replace('  region: eu-west-1\n', '  region: eu-west-1\n  managedBy: external\n');
const NAMED =
  EXTERNAL +
  'iam:\n  controllerRoleName: KarpenterController-demo\n  nodeRoleName: Karpenter-demo\n' +
  'karpenter:\n  interruptionQueue:\n    name: Karpenter-demo\n';

describe('aws.managedBy', () => {
  it('a misspelt target is an error at its line with the closest name', () => {
    const errors = errorsOfCluster(
      MINIMAL.replace('  region: eu-west-1\n', '  region: eu-west-1\n  managedBy: terrafrom\n'),
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^clusters\/demo\.yaml:4:14 aws\.managedBy: /);
    expect(errors[0]).toContain("'terraform'");
  });

  it('resolves to cloudformation by default, to the value of the cluster, or of _defaults.yaml', () => {
    expect(loadCluster(MINIMAL).cluster.aws.managedBy).toBe('cloudformation');
    expect(
      loadCluster(MINIMAL.replace('  region: eu-west-1\n', '  region: eu-west-1\n  managedBy: terraform\n'))
        .cluster.aws.managedBy,
    ).toBe('terraform');
    expect(
      load({ '_defaults.yaml': `aws:\n  managedBy: terraform\n${DEFAULTS}`, 'demo.yaml': MINIMAL }).fleet
        .clusters[0].aws.managedBy,
    ).toBe('terraform');
  });

  it('external without the existing names is an error at the cluster naming the fields', () => {
    expect(errorsOfCluster(EXTERNAL)).toEqual([
      'clusters/demo.yaml:1:1 aws.managedBy is external, so the tool creates no roles and no queue, but iam.controllerRoleName, iam.nodeRoleName, karpenter.interruptionQueue.name are not set: the fleet must name the existing ones. ' +
        "Set iam.controllerRoleName, iam.nodeRoleName, karpenter.interruptionQueue.name to the names of the existing resources (with terraform-aws-eks's karpenter module: its outputs iam_role_name, node_iam_role_name and queue_name; see docs/terraform-and-external.md), or use aws.managedBy: cloudformation or terraform.",
    ]);
    expect(loadCluster(NAMED).cluster.aws.managedBy).toBe('external');
    const oneMissing = errorsOfCluster(NAMED.replace('  nodeRoleName: Karpenter-demo\n', ''));
    expect(oneMissing).toHaveLength(1);
    expect(oneMissing[0]).toMatch(
      /^clusters\/demo\.yaml:1:1 aws\.managedBy is external, so the tool creates no roles and no queue, but iam\.nodeRoleName is not set: .* Set iam\.nodeRoleName to the names/,
    );
  });

  it('external refuses, at their lines, the fields that ask the tool to create or attach something', () => {
    const errors = errorsOfCluster(
      NAMED.replace(
        '  nodeRoleName: Karpenter-demo\n',
        '  nodeRoleName: Karpenter-demo\n  createInstanceProfile: true\n  createSpotServiceLinkedRole: true\n  nodeRoleExtraPolicyArns: [arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess]\n  permissionsBoundaryArn: arn:aws:iam::111122223333:policy/Boundary\n',
      ),
    );
    expect(errors.map((e) => e.split(' ').slice(0, 2).join(' '))).toEqual([
      'clusters/demo.yaml:11:26 iam.createInstanceProfile:',
      'clusters/demo.yaml:12:32 iam.createSpotServiceLinkedRole:',
      'clusters/demo.yaml:13:28 iam.nodeRoleExtraPolicyArns:',
      'clusters/demo.yaml:14:27 iam.permissionsBoundaryArn:',
    ]);
    expect(errors[0]).toContain('with aws.managedBy: external the tool generates no AWS side that could');
    expect(
      loadCluster(
        NAMED.replace(
          '  nodeRoleName: Karpenter-demo\n',
          '  nodeRoleName: Karpenter-demo\n  createInstanceProfile: false\n',
        ),
      ).cluster.iam.createInstanceProfile,
    ).toBe(false);
  });
});
