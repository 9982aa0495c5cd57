import {
  checkMetaArguments,
  DATA_META_ARGUMENTS,
  RESOURCE_META_ARGUMENTS,
} from '../../../validation/terraform/meta-arguments';
import type { TerraformIssue } from '../../../validation/terraform/schema-walk';

function check(body: Record<string, unknown>): Array<[string, string, string]> {
  const issues: TerraformIssue[] = [];
  checkMetaArguments(body, ['resource', 'aws_sqs_queue', 'q'], (i) => issues.push(i), 'aws_sqs_queue.q');
  return issues.map((i) => [i.path.join('.'), i.message, i.fix ?? '']);
}

describe('meta-arguments', () => {
  it('lists what resources and data sources accept', () => {
    expect(RESOURCE_META_ARGUMENTS).toEqual([
      'connection',
      'count',
      'depends_on',
      'for_each',
      'lifecycle',
      'provider',
      'provisioner',
    ]);
    expect(DATA_META_ARGUMENTS).toEqual(['count', 'depends_on', 'for_each', 'lifecycle', 'provider']);
  });

  it('accepts them in their usual forms', () => {
    expect(
      check({
        count: '${var.enabled ? 1 : 0}',
        depends_on: ['aws_iam_role.node'],
        provider: 'aws.west',
        lifecycle: [{ create_before_destroy: true, ignore_changes: ['tags'], replace_triggered_by: ['x'] }],
      }),
    ).toEqual([]);
    expect(check({ count: 3 })).toEqual([]);
    expect(check({ count: '2' })).toEqual([]);
    expect(check({ for_each: { a: 1 } })).toEqual([]);
    expect(check({ for_each: '${toset(var.names)}' })).toEqual([]);
    expect(check({ count: null, for_each: {} })).toEqual([]);
  });

  it('reports count with for_each, wrong shapes, and unknown lifecycle arguments', () => {
    expect(
      check({
        count: 'two',
        for_each: true,
        depends_on: 'aws_sqs_queue.r',
        provider: { aws: 'west' },
        lifecycle: { prevent_destory: true },
      }),
    ).toEqual([
      [
        'resource.aws_sqs_queue.q.for_each',
        'aws_sqs_queue.q sets both count and for_each',
        'Keep one of them',
      ],
      ['resource.aws_sqs_queue.q.count', 'count expects a whole number or an expression, found a string', ''],
      [
        'resource.aws_sqs_queue.q.for_each',
        'for_each expects a map, a set of strings or an expression, found true',
        '',
      ],
      [
        'resource.aws_sqs_queue.q.depends_on',
        'depends_on expects an array of resource addresses (strings), found a string',
        '',
      ],
      [
        'resource.aws_sqs_queue.q.provider',
        "provider expects a provider reference such as 'aws.west', found an object",
        '',
      ],
      [
        'resource.aws_sqs_queue.q.lifecycle.prevent_destory',
        "lifecycle has no argument named 'prevent_destory'",
        "Did you mean 'prevent_destroy'?",
      ],
    ]);
    expect(check({ lifecycle: 'yes' })).toEqual([
      ['resource.aws_sqs_queue.q.lifecycle', 'lifecycle must be a JSON object, found a string', ''],
    ]);
  });
});
