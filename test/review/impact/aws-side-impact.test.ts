import { compareTemplates } from '../../../review/impact/aws-side-impact';
import { formatPath } from '../../../review/impact/field-path';
import { cloudFormation } from '../dist-fixtures';
import { clusterModel } from '../../policies/fixtures';
import { awsSideModel } from '../../../policies/aws-side';
import { renderCloudFormation } from '../../../policies/targets/cloudformation/template';
import { cloudFormationImpactView } from '../../../policies/targets/cloudformation/cloudformation-impact-view';
import { renderTerraform } from '../../../policies/targets/terraform/terraform-module';
import { terraformImpactView } from '../../../policies/targets/terraform/terraform-impact-view';

describe('compareTemplates', () => {
  const base = cloudFormation('KarpenterNodeRole-test', 'q');

  it('finds nothing between equal templates', () => {
    expect(compareTemplates(base, cloudFormation('KarpenterNodeRole-test', 'q'), new Set())).toEqual({
      resources: [],
      sections: [],
    });
  });

  it('marks a queue rename as a replacement in the interruption area, and Outputs as a section change', () => {
    const r = compareTemplates(
      base,
      cloudFormation('KarpenterNodeRole-test', 'q2'),
      new Set(['KarpenterNodeRole-test']),
    );
    expect(r.resources).toHaveLength(1);
    expect(r.resources[0]).toMatchObject({
      logicalId: 'KarpenterInterruptionQueue',
      type: 'AWS::SQS::Queue',
      area: 'Interruption',
      change: 'changed',
      replacement: true,
      warnings: [],
    });
    expect(r.sections.map((s) => [s.section, s.fields.map((f) => formatPath(f.path))])).toEqual([
      ['Outputs', ['QueueName.Value']],
    ]);
  });

  it('an in-place property change is not a replacement', () => {
    const after = cloudFormation('KarpenterNodeRole-test', 'q');
    (
      after.Resources as Record<string, { Properties: Record<string, unknown> }>
    ).KarpenterInterruptionQueue.Properties.MessageRetentionPeriod = 600;
    expect(compareTemplates(base, after, new Set())[`resources`][0].replacement).toBe(false);
  });

  it('warns when a node role is removed, not when another role is', () => {
    const after = cloudFormation('x', 'q');
    delete (after.Resources as Record<string, unknown>).KarpenterNodeRole;
    const r = compareTemplates(base, after, new Set(['KarpenterNodeRole-test']));
    expect(r.resources[0]).toMatchObject({ change: 'removed', area: 'IAM' });
    expect(r.resources[0].warnings[0]).toMatch(
      /^node role removed: EC2NodeClasses using KarpenterNodeRole-test must change their role/,
    );
    expect(compareTemplates(base, after, new Set(['SomeOtherRole'])).resources[0].warnings).toEqual([]);
  });

  it('lists added resources', () => {
    const after = cloudFormation('KarpenterNodeRole-test', 'q');
    (after.Resources as Record<string, unknown>).SpotRule = {
      Type: 'AWS::Events::Rule',
      Properties: { Name: 'r' },
    };
    expect(compareTemplates(base, after, new Set()).resources).toEqual([
      {
        logicalId: 'SpotRule',
        type: 'AWS::Events::Rule',
        area: 'Interruption',
        change: 'added',
        fields: [],
        replacement: false,
        warnings: [],
        causes: [],
      },
    ]);
  });
});

describe('a replacement reads the same whichever target applies it', () => {
  const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
  const iam = { createInstanceProfile: true };
  const before = awsSideModel(clusterModel({ iam }));
  const roleRenamed = awsSideModel(
    clusterModel({ iam: { ...iam, nodeRoleName: 'KarpenterNodeRole-renamed' } }),
  );
  const queueRenamed = awsSideModel(clusterModel({ iam, queueName: 'ticketing-v2' }));
  const cfn = (after: typeof before) =>
    compareTemplates(
      json(renderCloudFormation(before)),
      json(renderCloudFormation(after)),
      new Set(['KarpenterNodeRole-ticketing']),
      cloudFormationImpactView,
    );
  const tf = (after: typeof before) =>
    compareTemplates(
      json(renderTerraform(before)),
      json(renderTerraform(after)),
      new Set(['KarpenterNodeRole-ticketing']),
      terraformImpactView,
    );
  /** Each changed resource: address, replaced or updated, own changed fields, carried-over reasons. */
  const summary = (r: ReturnType<typeof compareTemplates>) =>
    r.resources.map((x) => [
      x.logicalId,
      x.replacement ? 'replaced' : 'updated',
      x.fields.map((f) => formatPath(f.path)),
      x.causes.map((c) => c.reason),
    ]);

  it('Terraform, node role renamed: the attachments and the access entry are replaced with it (ForceNew), the profile updates its role', () => {
    const attachment = (policy: string) => [
      `aws_iam_role_policy_attachment.node_${policy}`,
      'replaced',
      [],
      ['replaced because aws_iam_role.node is replaced: role is ForceNew'],
    ];
    expect(summary(tf(roleRenamed))).toEqual([
      [
        'aws_eks_access_entry.node',
        'replaced',
        [],
        ['replaced because aws_iam_role.node is replaced: principal_arn is ForceNew'],
      ],
      [
        'aws_iam_instance_profile.node',
        'replaced',
        ['name'],
        ['updated in place because aws_iam_role.node is replaced: role references it'],
      ],
      ['aws_iam_policy.controller_iam_integration', 'updated', ['policy'], []],
      ['aws_iam_role.node', 'replaced', ['name'], []],
      attachment('AmazonEC2ContainerRegistryPullOnly'),
      attachment('AmazonEKSWorkerNodePolicy'),
      attachment('AmazonEKS_CNI_Policy'),
      attachment('AmazonSSMManagedInstanceCore'),
    ]);
    const entry = tf(roleRenamed).resources[0];
    expect(entry.causes).toEqual([
      {
        by: 'aws_iam_role.node',
        field: 'principal_arn',
        replaces: true,
        reason: 'replaced because aws_iam_role.node is replaced: principal_arn is ForceNew',
      },
    ]);
    expect(entry.area).toBe('IAM');
  });

  it('CloudFormation, node role renamed: the access entry is replaced (PrincipalArn), the profile updates Roles in place', () => {
    expect(summary(cfn(roleRenamed))).toEqual([
      [
        'IAMIntegrationPolicy',
        'updated',
        ['Properties.PolicyDocument.Statement[AllowPassingInstanceRole].Resource'],
        [],
      ],
      [
        'KarpenterNodeAccessEntry',
        'replaced',
        [],
        ['replaced because KarpenterNodeRole is replaced: PrincipalArn requires replacement'],
      ],
      [
        'KarpenterNodeInstanceProfile',
        'replaced',
        ['Properties.InstanceProfileName'],
        ['updated in place because KarpenterNodeRole is replaced: Roles[0] references it'],
      ],
      ['KarpenterNodeRole', 'replaced', ['Properties.RoleName'], []],
    ]);
  });

  it('Terraform, queue renamed: the queue policy is replaced (queue_url is ForceNew), the event targets update their arn', () => {
    const target = (rule: string) => [
      `aws_cloudwatch_event_target.${rule}`,
      'updated',
      [],
      ['updated in place because aws_sqs_queue.interruption is replaced: arn references it'],
    ];
    expect(summary(tf(queueRenamed))).toEqual([
      target('capacity_reservation_interruption'),
      target('instance_state_change'),
      target('rebalance_recommendation'),
      target('scheduled_change'),
      target('spot_interruption'),
      ['aws_iam_policy.controller_interruption', 'updated', ['policy'], []],
      ['aws_sqs_queue.interruption', 'replaced', ['name'], []],
      [
        'aws_sqs_queue_policy.interruption',
        'replaced',
        ['policy'],
        ['replaced because aws_sqs_queue.interruption is replaced: queue_url is ForceNew'],
      ],
    ]);
  });

  it('CloudFormation, queue renamed: the queue policy (Queues) and the five rules (Targets) update in place', () => {
    const rule = (id: string) => [
      id,
      'updated',
      [],
      ['updated in place because KarpenterInterruptionQueue is replaced: Targets[0].Arn references it'],
    ];
    const statement = (sid: string) => `Properties.PolicyDocument.Statement[${sid}].Resource`;
    expect(summary(cfn(queueRenamed))).toEqual([
      rule('CapacityReservationInterruptionRule'),
      rule('InstanceStateChangeRule'),
      ['InterruptionPolicy', 'updated', [statement('AllowInterruptionQueueActions')], []],
      ['KarpenterInterruptionQueue', 'replaced', ['Properties.QueueName'], []],
      [
        'KarpenterInterruptionQueuePolicy',
        'updated',
        [statement('AllowInterruptionRules'), statement('AllowSQSServiceInAccount'), statement('DenyHTTP')],
        ['updated in place because KarpenterInterruptionQueue is replaced: Queues[0] references it'],
      ],
      rule('RebalanceRule'),
      rule('ScheduledChangeRule'),
      rule('SpotInterruptionRule'),
    ]);
  });

  it('the node role warning reads the same in both targets', () => {
    const warning = (r: ReturnType<typeof compareTemplates>) => r.resources.flatMap((x) => x.warnings);
    expect(warning(tf(roleRenamed))).toEqual(warning(cfn(roleRenamed)));
    expect(warning(tf(roleRenamed))[0]).toContain(
      'node role renamed KarpenterNodeRole-ticketing → KarpenterNodeRole-renamed',
    );
  });

  it('a replacement carries over transitively, and not through DependsOn / depends_on', () => {
    const template = (roleName: string) => ({
      Resources: {
        Role: { Type: 'AWS::IAM::Role', Properties: { RoleName: roleName } },
        Entry: {
          Type: 'AWS::EKS::AccessEntry',
          Properties: { ClusterName: 'c', PrincipalArn: { 'Fn::GetAtt': ['Role', 'Arn'] } },
        },
        Assoc: {
          Type: 'AWS::EKS::PodIdentityAssociation',
          Properties: {
            ClusterName: 'c',
            Namespace: { 'Fn::Sub': 'ns-${Entry}' },
            ServiceAccount: 'sa',
            RoleArn: 'x',
          },
        },
        Queue: { Type: 'AWS::SQS::Queue', DependsOn: ['Role'], Properties: { QueueName: 'q' } },
      },
    });
    const r = compareTemplates(template('a'), template('b'), new Set());
    expect(summary(r)).toEqual([
      ['Assoc', 'replaced', [], ['replaced because Entry is replaced: Namespace requires replacement']],
      ['Entry', 'replaced', [], ['replaced because Role is replaced: PrincipalArn requires replacement']],
      ['Role', 'replaced', ['Properties.RoleName'], []],
    ]);
  });

  it('Terraform references to data sources and to unknown addresses carry nothing', () => {
    const module = (name: string) => ({
      resource: {
        aws_iam_role: { node: { name } },
        aws_eks_access_entry: {
          node: {
            cluster_name: '${data.aws_eks_cluster.this.name}',
            principal_arn: '${aws_iam_role.other.arn}',
          },
        },
      },
    });
    expect(summary(compareTemplates(module('a'), module('b'), new Set(), terraformImpactView))).toEqual([
      ['aws_iam_role.node', 'replaced', ['name'], []],
    ]);
  });
});
