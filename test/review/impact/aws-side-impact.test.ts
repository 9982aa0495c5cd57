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
      },
    ]);
  });
});

describe('a replacement reads the same whichever target applies it', () => {
  const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
  const before = awsSideModel(clusterModel());
  const after = awsSideModel(
    clusterModel({ queueName: 'ticketing-v2', iam: { nodeRoleName: 'KarpenterNodeRole-renamed' } }),
  );

  // References (`Ref`, `${aws_iam_role.node.name}`) read the same before and after in both
  // formats, so only the resources whose own name changes are marked, in both alike.
  it('renamed queue and node role: both targets replace exactly the queue and the node role', () => {
    const cfn = compareTemplates(
      json(renderCloudFormation(before)),
      json(renderCloudFormation(after)),
      new Set(['KarpenterNodeRole-ticketing']),
      cloudFormationImpactView,
    );
    const tf = compareTemplates(
      json(renderTerraform(before)),
      json(renderTerraform(after)),
      new Set(['KarpenterNodeRole-ticketing']),
      terraformImpactView,
    );
    const replaced = (r: typeof cfn) => r.resources.filter((x) => x.replacement).map((x) => x.logicalId);
    expect(replaced(cfn)).toEqual(['KarpenterInterruptionQueue', 'KarpenterNodeRole']);
    expect(replaced(tf)).toEqual(['aws_iam_role.node', 'aws_sqs_queue.interruption']);
    const warning = (r: typeof cfn) => r.resources.flatMap((x) => x.warnings);
    expect(warning(tf)).toEqual(warning(cfn));
    expect(warning(tf)[0]).toContain(
      'node role renamed KarpenterNodeRole-ticketing → KarpenterNodeRole-renamed',
    );
    expect(tf.resources.find((x) => x.logicalId === 'aws_iam_role.node')?.area).toBe('IAM');
    expect(tf.resources.find((x) => x.logicalId === 'aws_sqs_queue.interruption')?.area).toBe('Interruption');
  });
});
