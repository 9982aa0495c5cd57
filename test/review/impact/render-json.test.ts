import { distPaths } from '../../../model/shared/dist-layout';
import { computeImpact } from '../../../review/impact/compute-impact';
import { IMPACT_JSON_SCHEMA_VERSION, renderJson } from '../../../review/impact/render-json';
import { clone, exampleObjects, Obj, setPath, toDistFiles } from '../dist-fixtures';
import { clusterModel } from '../../policies/fixtures';
import { AwsSideModel, awsSideModel } from '../../../policies/aws-side';
import { renderCloudFormation } from '../../../policies/targets/cloudformation/template';
import { renderTerraform } from '../../../policies/targets/terraform/terraform-module';

describe('renderJson', () => {
  it('renders the report with string paths, raw values and classifications', () => {
    const before = exampleObjects();
    const after = new Map([...before].map(([k, v]) => [k, clone(v)]));
    setPath(
      after.get(distPaths.nodePool('ticketing', 'loadtest')) as Obj,
      'spec.template.spec.expireAfter',
      '24h',
    );
    const json = JSON.parse(
      renderJson(
        computeImpact({ label: 'a', files: toDistFiles(before) }, { label: 'b', files: toDistFiles(after) }),
      ),
    );
    expect(json.schemaVersion).toBe(IMPACT_JSON_SCHEMA_VERSION);
    expect(json.clusters).toHaveLength(1);
    expect(json.clusters[0].pools).toEqual([
      {
        pool: 'loadtest',
        impact: 'replaces',
        reasons: [
          'NodePool: expireAfter is in the NodePool template hash: every node of the pool drifts (NodePoolDrifted)',
        ],
        driftBudget: '10%',
        driftStart: 'the disruption budgets let drift start at any time',
      },
    ]);
    expect(json.clusters[0].resources[0].fields).toEqual([
      {
        path: 'spec.template.spec.expireAfter',
        change: 'changed',
        before: '720h',
        after: '24h',
        impact: 'replaces',
        reason:
          'expireAfter is in the NodePool template hash: every node of the pool drifts (NodePoolDrifted)',
      },
    ]);
    expect(json.clusters[0].cloudFormation).toBeNull();
  });

  it('marks a requirement yes with cause requirements, and nothing else', () => {
    const before = exampleObjects();
    const after = new Map([...before].map(([k, v]) => [k, clone(v)]));
    const pool = after.get(distPaths.nodePool('ticketing', 'loadtest')) as Obj;
    setPath(pool, 'spec.template.spec.requirements', [
      { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] },
      { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
    ]);
    setPath(pool, 'spec.weight', 3);
    const json = JSON.parse(
      renderJson(
        computeImpact({ label: 'a', files: toDistFiles(before) }, { label: 'b', files: toDistFiles(after) }),
      ),
    );
    expect(json.totals.poolsReplaced).toBe(1);
    const fields = json.clusters[0].resources[0].fields as Record<string, unknown>[];
    expect(fields.map((f) => [f.path, f.impact, f.cause])).toEqual([
      ['spec.template.spec.requirements[karpenter.sh/capacity-type].values[0]', 'replaces', 'requirements'],
      ['spec.weight', 'none', undefined],
    ]);
    expect('cause' in fields[1]).toBe(false);
  });
});

describe('renderJson: replacements carried over to what references the replaced resource', () => {
  const iam = { createInstanceProfile: true };
  const before = awsSideModel(clusterModel({ iam }));
  const awsSide = (path: string, draw: (m: AwsSideModel) => unknown, after: AwsSideModel) => {
    const b = exampleObjects();
    b.set(path, JSON.parse(JSON.stringify(draw(before))) as Obj);
    const a = new Map([...b].map(([k, v]) => [k, clone(v)]));
    a.set(path, JSON.parse(JSON.stringify(draw(after))) as Obj);
    const json = JSON.parse(
      renderJson(computeImpact({ label: 'a', files: toDistFiles(b) }, { label: 'b', files: toDistFiles(a) })),
    );
    return json.clusters[0].awsSide[0] as {
      target: string;
      resources: { logicalId: string; replacement: boolean; causes?: unknown }[];
    };
  };
  const row = (r: { logicalId: string; replacement: boolean; causes?: unknown }) => [
    r.logicalId,
    r.replacement,
    r.causes ?? null,
  ];

  it('Terraform, queue renamed: the queue policy replaced (queue_url), event targets updated (arn)', () => {
    const side = awsSide(
      distPaths.awsSide('ticketing', 'terraform', 'karpenter.tf.json'),
      renderTerraform,
      awsSideModel(clusterModel({ iam, queueName: 'ticketing-v2' })),
    );
    expect(side.target).toBe('Terraform');
    const byQueue = (field: string, replaces: boolean) => [
      {
        by: 'aws_sqs_queue.interruption',
        field,
        replaces,
        reason: replaces
          ? `replaced because aws_sqs_queue.interruption is replaced: ${field} is ForceNew`
          : `updated in place because aws_sqs_queue.interruption is replaced: ${field} references it`,
      },
    ];
    expect(side.resources.map(row)).toEqual([
      ['aws_cloudwatch_event_target.capacity_reservation_interruption', false, byQueue('arn', false)],
      ['aws_cloudwatch_event_target.instance_state_change', false, byQueue('arn', false)],
      ['aws_cloudwatch_event_target.rebalance_recommendation', false, byQueue('arn', false)],
      ['aws_cloudwatch_event_target.scheduled_change', false, byQueue('arn', false)],
      ['aws_cloudwatch_event_target.spot_interruption', false, byQueue('arn', false)],
      ['aws_iam_policy.controller_interruption', false, null],
      ['aws_sqs_queue.interruption', true, null],
      ['aws_sqs_queue_policy.interruption', true, byQueue('queue_url', true)],
    ]);
  });

  it('CloudFormation, node role renamed: the access entry replaced (PrincipalArn), the profile updates Roles', () => {
    const side = awsSide(
      distPaths.cloudFormation('ticketing'),
      renderCloudFormation,
      awsSideModel(clusterModel({ iam: { ...iam, nodeRoleName: 'KarpenterNodeRole-renamed' } })),
    );
    expect(side.resources.map(row)).toEqual([
      ['IAMIntegrationPolicy', false, null],
      [
        'KarpenterNodeAccessEntry',
        true,
        [
          {
            by: 'KarpenterNodeRole',
            field: 'PrincipalArn',
            replaces: true,
            reason: 'replaced because KarpenterNodeRole is replaced: PrincipalArn requires replacement',
          },
        ],
      ],
      [
        'KarpenterNodeInstanceProfile',
        true,
        [
          {
            by: 'KarpenterNodeRole',
            field: 'Roles[0]',
            replaces: false,
            reason: 'updated in place because KarpenterNodeRole is replaced: Roles[0] references it',
          },
        ],
      ],
      ['KarpenterNodeRole', true, null],
    ]);
  });
});
