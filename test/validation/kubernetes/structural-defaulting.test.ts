import { defaultObject, formatViolations } from '../../../validation/kubernetes/structural-defaulting';
import { rootSchema } from '../../../validation/kubernetes/structural-schema';

const schema = rootSchema({
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        policy: { type: 'string', default: 'WhenEmpty' },
        budgets: {
          type: 'array',
          default: [{ nodes: '10%' }],
          items: {
            type: 'object',
            properties: {
              nodes: { type: 'string', default: '10%' },
              reasons: { type: 'array', items: { type: 'string' } },
            },
          },
        },
        note: { type: 'string', nullable: true },
        weight: { type: 'integer' },
        labels: { type: 'object', additionalProperties: { type: 'string', default: 'x' } },
        when: { type: 'string', format: 'date-time' },
        id: { type: 'string', format: 'uuid' },
        size: { type: 'string', format: 'int32' },
      },
    },
  },
});

describe('defaultObject (apiextensions structural defaulting)', () => {
  test('fills missing fields, recursing into the defaults it wrote and into list items that exist', () => {
    const input = { spec: { budgets: [{ reasons: ['Empty'] }, {}] } };
    expect(defaultObject(input, schema)).toEqual({
      spec: { policy: 'WhenEmpty', budgets: [{ nodes: '10%', reasons: ['Empty'] }, { nodes: '10%' }] },
    });
    expect(input).toEqual({ spec: { budgets: [{ reasons: ['Empty'] }, {}] } }); // not changed
    expect(defaultObject({ spec: {} }, schema)).toEqual({
      spec: { policy: 'WhenEmpty', budgets: [{ nodes: '10%' }] },
    });
  });

  test('does not default into an absent parent', () => {
    expect(defaultObject({ kind: 'X' }, schema)).toEqual({ kind: 'X' });
  });

  test('nulls: non-nullable without default dropped, with default defaulted, nullable kept', () => {
    expect(
      defaultObject({ spec: { weight: null, policy: null, note: null, labels: { a: null } } }, schema),
    ).toEqual({
      spec: { policy: 'WhenEmpty', budgets: [{ nodes: '10%' }], note: null, labels: { a: 'x' } },
    });
  });
});

describe('formatViolations', () => {
  test('reports validated formats on strings with their path, ignores int32 and non-strings', () => {
    const v = formatViolations({ spec: { when: 'yesterday', id: 'nope', size: 'big' } }, schema);
    expect(v.map((x) => [x.path.join('.'), x.format, x.value])).toEqual([
      ['spec.when', 'date-time', 'yesterday'],
      ['spec.id', 'uuid', 'nope'],
    ]);
    expect(formatViolations({ spec: { when: '2025-01-01T00:00:00Z', id: 5 } }, schema)).toEqual([]);
  });
});
