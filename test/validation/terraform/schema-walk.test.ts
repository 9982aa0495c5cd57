import type { TerraformBlockSchema } from '../../../imports/terraform/aws-provider-schema';
import { AWS_RESOURCE_SCHEMAS } from '../../../imports/terraform/aws-provider-schema';
import {
  checkBlockBody,
  checkValue,
  describeType,
  isExpression,
  TerraformIssue,
} from '../../../validation/terraform/schema-walk';

/** A schema shaped like the provider's, small enough to read in the test. */
const SCHEMA: TerraformBlockSchema = {
  attributes: {
    name: { type: 'string', required: true },
    size: { type: 'number' },
    enabled: { type: 'bool' },
    zones: { type: { list: 'string' } },
    groups: { type: { set: 'string' } },
    tags: { type: { map: 'string' } },
    rules: {
      type: {
        list: {
          object: { attributes: { port: { type: 'number', required: true } }, blocks: {}, computed: [] },
        },
      },
    },
  },
  blocks: {
    scope: {
      nesting: 'list',
      minItems: 1,
      maxItems: 1,
      block: { attributes: { type: { type: 'string', required: true } }, blocks: {}, computed: [] },
    },
    target: { nesting: 'set', block: { attributes: { arn: { type: 'string' } }, blocks: {}, computed: [] } },
    timeouts: {
      nesting: 'single',
      maxItems: 1,
      block: { attributes: { create: { type: 'string' } }, blocks: {}, computed: [] },
    },
  },
  computed: ['arn'],
};

function check(body: Record<string, unknown>, extraKeys: readonly string[] = []): TerraformIssue[] {
  const issues: TerraformIssue[] = [];
  checkBlockBody(body, SCHEMA, ['resource', 't', 'x'], (i) => issues.push(i), { what: 't.x', extraKeys });
  return issues;
}

const VALID = { name: 'a', scope: { type: 'cluster' } };

describe('isExpression', () => {
  it('sees interpolations and directives, not their escapes', () => {
    expect(isExpression('${var.name}')).toBe(true);
    expect(isExpression('arn:${data.aws_partition.current.partition}:iam')).toBe(true);
    expect(isExpression('%{ if var.x }a%{ endif }')).toBe(true);
    expect(isExpression('$${literal}')).toBe(false);
    expect(isExpression('%%{literal}')).toBe(false);
    expect(isExpression('plain $ and { }')).toBe(false);
    expect(isExpression(3)).toBe(false);
  });
});

describe('describeType', () => {
  it('names nested collection types', () => {
    expect(describeType({ set: 'string' })).toBe('a set of strings');
    expect(describeType({ map: { list: 'number' } })).toBe('a map of lists of numbers');
    expect(describeType({ object: SCHEMA })).toBe('an object');
  });
});

describe('checkValue', () => {
  const issues = (value: unknown, type: Parameters<typeof checkValue>[1]): string[] => {
    const out: TerraformIssue[] = [];
    checkValue(value, type, ['v'], (i) => out.push(i));
    return out.map((i) => i.message);
  };

  it("accepts what Terraform converts: numbers and bools as strings, '12' as a number, 'true' as a bool", () => {
    expect(issues(12, 'string')).toEqual([]);
    expect(issues(false, 'string')).toEqual([]);
    expect(issues('12', 'number')).toEqual([]);
    expect(issues('-1.5e3', 'number')).toEqual([]);
    expect(issues('true', 'bool')).toEqual([]);
    expect(issues(null, 'number')).toEqual([]);
  });

  it('rejects what Terraform cannot convert', () => {
    expect(issues('twelve', 'number')).toEqual(['v expects a number, found a string']);
    expect(issues(1, 'bool')).toEqual(['v expects a bool, found a number']);
    expect(issues('yes', 'bool')).toEqual(['v expects a bool, found a string']);
    expect(issues({ a: 1 }, 'string')).toEqual(['v expects a string, found an object']);
    expect(issues(['a'], 'string')).toEqual(['v expects a string, found an array']);
  });

  it('accepts an expression string wherever a value is expected', () => {
    expect(issues('${var.size}', 'number')).toEqual([]);
    expect(issues('${var.zones}', { list: 'string' })).toEqual([]);
    expect(issues('${local.tags}', { map: 'string' })).toEqual([]);
  });
});

describe('checkBlockBody', () => {
  it('passes a valid body, comments and caller-checked keys included', () => {
    expect(check({ ...VALID, '//': 'note', count: 2 }, ['count'])).toEqual([]);
    expect(
      check({
        ...VALID,
        size: 3,
        enabled: true,
        zones: ['a', '${var.zone}'],
        groups: [],
        tags: { team: 'x' },
        rules: [{ port: 443 }],
        target: [{ arn: 'a' }, { arn: 'b' }],
        timeouts: { create: '10m' },
      }),
    ).toEqual([]);
  });

  it('names an unknown argument with the closest known name, and an unknown one without', () => {
    expect(check({ ...VALID, tagz: {}, colour: 'red' })).toEqual([
      {
        severity: 'error',
        path: ['resource', 't', 'x', 'tagz'],
        check: 'terraform/unknown-argument',
        message: "t.x has no argument or block named 'tagz'",
        fix: "Did you mean 'tags'?",
      },
      {
        severity: 'error',
        path: ['resource', 't', 'x', 'colour'],
        check: 'terraform/unknown-argument',
        message: "t.x has no argument or block named 'colour'",
        fix: 'Check the name against the provider documentation',
      },
    ]);
  });

  it('reports missing required arguments and blocks (null counts as missing)', () => {
    expect(check({ name: null }).map((i) => [i.path.join('.'), i.message])).toEqual([
      ['resource.t.x.name', 't.x is missing the required argument name'],
      ['resource.t.x.scope', 't.x is missing the required block scope'],
    ]);
  });

  it('checks element types inside lists, maps and nested objects, at their paths', () => {
    expect(
      check({ ...VALID, zones: ['a', { b: 1 }], tags: { team: ['x'] }, rules: [{ port: 'https' }, {}] }).map(
        (i) => [i.path.join('.'), i.message],
      ),
    ).toEqual([
      ['resource.t.x.zones.1', 'zones[1] expects a string, found an object'],
      ['resource.t.x.tags.team', 'team expects a string, found an array'],
      ['resource.t.x.rules.0.port', 'port expects a number, found a string'],
      ['resource.t.x.rules.1.port', 'rules[1] is missing the required argument port'],
    ]);
  });

  it('counts blocks against max_items and min_items', () => {
    expect(
      check({ ...VALID, scope: [{ type: 'a' }, { type: 'b' }] }).map((i) => [i.check, i.message]),
    ).toEqual([['terraform/items', 'scope allows at most 1 block, found 2']]);
    expect(check({ ...VALID, scope: [] }).map((i) => [i.check, i.message])).toEqual([
      ['terraform/items', 'scope needs at least 1 block, found 0'],
    ]);
    expect(check({ ...VALID, timeouts: [{}, {}] }).map((i) => i.message)).toEqual([
      'timeouts allows at most 1 block, found 2',
    ]);
  });

  it('refuses a nested block written as a string, even an expression, and points at dynamic', () => {
    const [issue] = check({ ...VALID, target: '${var.targets}' });
    expect(issue).toMatchObject({
      path: ['resource', 't', 'x', 'target'],
      message: 'target is a nested block, found a string',
      check: 'terraform/type',
    });
    expect(issue.fix).toContain('"dynamic": { "target"');
  });

  it('checks dynamic blocks: known names, for_each, and the content against the block schema', () => {
    expect(
      check({
        name: 'a',
        dynamic: { scope: { for_each: '${var.scopes}', content: { type: '${scope.value}' } } },
      }),
    ).toEqual([]);
    expect(
      check({
        ...VALID,
        dynamic: { targte: { for_each: '${x}', content: {} }, target: { content: { arm: 'x' } } },
      }).map((i) => [i.path.join('.'), i.message, i.fix]),
    ).toEqual([
      [
        'resource.t.x.dynamic.targte',
        "dynamic block 'targte' is not a nested block here",
        "Did you mean 'target'?",
      ],
      ['resource.t.x.dynamic.target', "dynamic block 'target' needs for_each", undefined],
      [
        'resource.t.x.dynamic.target.content.arm',
        "target has no argument or block named 'arm'",
        "Did you mean 'arn'?",
      ],
    ]);
  });

  it('reports an attribute only the provider sets', () => {
    expect(check({ ...VALID, arn: 'x' })).toEqual([
      {
        severity: 'error',
        path: ['resource', 't', 'x', 'arn'],
        check: 'terraform/computed',
        message: 'arn is set by the provider (read-only) and cannot be written in t.x',
        fix: 'Remove it; other resources read it as t.x.arn',
      },
    ]);
  });

  it('reads the pinned schema: aws_eks_access_policy_association needs exactly one access_scope', () => {
    const schema = AWS_RESOURCE_SCHEMAS.aws_eks_access_policy_association;
    const issues: TerraformIssue[] = [];
    checkBlockBody(
      { cluster_name: 'shop', policy_arn: 'arn', principal_arn: 'arn' },
      schema,
      ['resource', 'aws_eks_access_policy_association', 'admin'],
      (i) => issues.push(i),
      { what: 'aws_eks_access_policy_association.admin' },
    );
    expect(issues.map((i) => i.message)).toEqual([
      'aws_eks_access_policy_association.admin is missing the required block access_scope',
    ]);
  });
});
