import type { TerraformIssue } from '../../../validation/terraform/schema-walk';
import {
  checkTerraformDocument,
  TerraformSchemas,
  TOP_LEVEL_BLOCKS,
} from '../../../validation/terraform/top-level-rules';

const SCHEMAS: TerraformSchemas = {
  resources: {
    aws_sqs_queue: {
      attributes: { name: { type: 'string' }, delay_seconds: { type: 'number' } },
      blocks: {},
      computed: ['arn'],
    },
  },
  dataSources: {
    aws_partition: { attributes: { id: { type: 'string' } }, blocks: {}, computed: ['partition'] },
  },
  provider: 'hashicorp/aws 6.66.0',
};

function check(document: unknown): Array<[string, string, string]> {
  const issues: TerraformIssue[] = [];
  checkTerraformDocument(document, SCHEMAS, (i) => issues.push(i));
  return issues.map((i) => [
    i.path.join('.'),
    i.severity === 'warning' ? `warning: ${i.message}` : i.message,
    i.fix ?? '',
  ]);
}

describe('checkTerraformDocument', () => {
  it('sends every top-level block to its own shape rule, not the unknown-block error', () => {
    for (const block of TOP_LEVEL_BLOCKS) {
      const found = check({ [block]: 42 });
      expect(found).toHaveLength(1);
      expect(found[0][0]).toBe(block);
      expect(found[0][1]).toMatch(new RegExp(`^${block}\\b.* must be a JSON object, found a number$`));
    }
  });

  it('passes every top-level block in its usual JSON shape', () => {
    expect(
      check({
        '//': 'comment',
        terraform: {
          required_version: '>= 1.5',
          required_providers: { aws: { source: 'hashicorp/aws', version: '~> 6.66' } },
        },
        provider: { aws: [{ region: 'eu-west-1' }, { alias: 'us', region: 'us-east-1' }] },
        variable: { cluster: { type: 'string', description: 'd', default: 'shop', nullable: false } },
        locals: { tags: { team: 'x' } },
        data: { aws_partition: { current: {} } },
        resource: {
          aws_sqs_queue: {
            q: {
              name: '${var.cluster}',
              count: 1,
              lifecycle: { prevent_destroy: true },
              depends_on: ['aws_sqs_queue.r'],
            },
            r: {
              for_each: '${toset(["a"])}',
              provider: 'aws.us',
              provisioner: [{ 'local-exec': { command: 'true' } }],
            },
          },
        },
        module: { karpenter: { source: './dist/shop/terraform', cluster: 'shop' } },
        output: {
          queue: { value: '${aws_sqs_queue.q.name}', sensitive: false },
          arn: { value: null, sensitive: 'true' },
        },
        moved: [{ from: 'aws_sqs_queue.old', to: 'aws_sqs_queue.q' }],
        import: { to: 'aws_sqs_queue.q', id: 'https://sqs/q' },
        removed: { from: 'aws_sqs_queue.gone', lifecycle: { destroy: false } },
        check: { health: { assert: { condition: '${true}', error_message: 'x' } } },
        ephemeral: { random_password: { db: { length: 16 } } },
        action: { aws_lambda_invoke: { notify: { config: { function_name: 'f' } } } },
      }),
    ).toEqual([]);
  });

  it('names an unknown top-level block with the closest one', () => {
    expect(check({ resources: {}, frobnicate: 1 })).toEqual([
      ['resources', "'resources' is not a Terraform top-level block", "Did you mean 'resource'?"],
      [
        'frobnicate',
        "'frobnicate' is not a Terraform top-level block",
        `Top-level blocks: ${TOP_LEVEL_BLOCKS.join(', ')}`,
      ],
    ]);
  });

  it('refuses a document that is not an object, and malformed levels', () => {
    expect(check([])).toEqual([
      ['', 'a Terraform JSON file must be a JSON object of top-level blocks, found an array', ''],
    ]);
    expect(check({ resource: { aws_sqs_queue: { q: 'name' } }, output: 'x' })).toEqual([
      [
        'resource.aws_sqs_queue.q',
        "the body of resource aws_sqs_queue 'q' must be a JSON object, found a string",
        '',
      ],
      ['output', 'output (an object of name to body) must be a JSON object, found a string', ''],
    ]);
    expect(check({ resource: { aws_sqs_queue: { q: [{}, {}] } } })).toEqual([
      [
        'resource.aws_sqs_queue.q',
        "resource aws_sqs_queue 'q' is declared 2 times",
        'Give each one its own name',
      ],
    ]);
  });

  it('checks resources of pinned types, and warns about the others with the closest pinned type', () => {
    expect(
      check({ resource: { aws_sqs_queue: { q: { delay_seconds: 'soon' } }, aws_sqs_queu: { q: {} } } }),
    ).toEqual([
      [
        'resource.aws_sqs_queue.q.delay_seconds',
        'delay_seconds expects a number, found a string',
        'Write a number',
      ],
      [
        'resource.aws_sqs_queu',
        'warning: resource type aws_sqs_queu is not in the pinned hashicorp/aws 6.66.0 schema subset, so its arguments were not checked',
        "Did you mean 'aws_sqs_queue'?",
      ],
    ]);
    expect(check({ data: { aws_partition: { current: { partition: 'aws' } } } })).toEqual([
      [
        'data.aws_partition.current.partition',
        'partition is set by the provider (read-only) and cannot be written in data.aws_partition.current',
        'Remove it; other resources read it as data.aws_partition.current.partition',
      ],
    ]);
  });

  it('checks the meta-arguments of resources and data sources (provisioner only on resources)', () => {
    expect(
      check({
        resource: { aws_sqs_queue: { q: { count: 1, for_each: {} } } },
        data: { aws_partition: { p: { provisioner: {} } } },
      }),
    ).toEqual([
      [
        'resource.aws_sqs_queue.q.for_each',
        'aws_sqs_queue.q sets both count and for_each',
        'Keep one of them',
      ],
      [
        'data.aws_partition.p.provisioner',
        "data.aws_partition.p has no argument or block named 'provisioner'",
        'Check the name against the provider documentation',
      ],
    ]);
  });

  it('refuses names Terraform cannot address: labels, types, providers and locals', () => {
    expect(
      check({
        resource: { aws_sqs_queue: { 'shop.queue': {} }, 'aws sqs': { q: {} } },
        output: { '1st': { value: 1 } },
        provider: { 'aws.west': {} },
        locals: { 'cluster.name': 'shop' },
      }).map(([path, message]) => [path, message]),
    ).toEqual([
      ['resource.aws_sqs_queue.shop.queue', '"shop.queue" is not a valid name for resource aws_sqs_queue'],
      ['resource.aws sqs', '"aws sqs" is not a valid name for a resource type'],
      [
        'resource.aws sqs',
        'warning: resource type aws sqs is not in the pinned hashicorp/aws 6.66.0 schema subset, so its arguments were not checked',
      ],
      ['output.1st', '"1st" is not a valid name for output'],
      ['provider.aws.west', '"aws.west" is not a valid name for a provider'],
      ['locals.cluster.name', '"cluster.name" is not a valid name for a local value'],
    ]);
  });

  it('requires value in an output and knows its arguments', () => {
    expect(check({ output: { role_arn: { valu: '${x}', sensitive: 'yes' } } })).toEqual([
      ['output.role_arn.valu', "output role_arn has no argument named 'valu'", "Did you mean 'value'?"],
      [
        'output.role_arn.value',
        'output role_arn is missing the required argument value',
        'Set value to the expression the output gives, e.g. "${aws_iam_role.controller.arn}"',
      ],
      ['output.role_arn.sensitive', 'sensitive expects a bool, found a string', ''],
    ]);
  });

  it('checks variables, modules, required_providers, moved, import and check blocks', () => {
    expect(
      check({
        variable: { v: { type: ['string'], defualt: 1 } },
        module: { m: { version: '1.0' } },
        terraform: { required_providers: { aws: { source: 'hashicorp/aws', versions: '6' }, old: '~> 1.0' } },
        moved: { from: 'a.b' },
        import: [{ to: 'a.b' }],
        check: { c: {} },
        ephemeral: { random_password: { db: 'x' } },
      }),
    ).toEqual([
      ['variable.v.defualt', "variable v has no argument named 'defualt'", "Did you mean 'default'?"],
      [
        'variable.v.type',
        'type expects a type expression string, e.g. "string" or "list(string)", found an array',
        '',
      ],
      [
        'module.m.source',
        'module m is missing the required argument source',
        'Set source to the module address, e.g. "./modules/karpenter"',
      ],
      [
        'terraform.required_providers.aws.versions',
        "required_providers.aws has no argument named 'versions'",
        "Did you mean 'version'?",
      ],
      ['moved.to', 'moved is missing the required argument to', ''],
      ['import.0.id', 'import is missing the required argument id or identity', ''],
      ['check.c.assert', 'check c needs at least one assert block', ''],
      [
        'ephemeral.random_password.db',
        "the body of ephemeral random_password 'db' must be a JSON object, found a string",
        '',
      ],
    ]);
  });
});
