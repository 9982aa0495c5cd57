import { compareTemplates } from '../../../review/impact/aws-side-impact';
import { formatPath } from '../../../review/impact/field-path';
import { cloudFormation } from '../dist-fixtures';

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
