import { CelCompileError } from '../../validation/cel-environment';
import { CompiledRules, parseFieldPath } from '../../validation/rule-engine';
import { buildRuleTable } from '../../validation/rule-table';

const schema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      'x-kubernetes-validations': [
        {
          rule: 'self.replicas <= 10',
          messageExpression: "'replicas is ' + string(self.replicas) + ', at most 10'",
        },
        { rule: 'self.name != ""', message: 'name may not be empty', fieldPath: '.name' },
      ],
      properties: {
        replicas: { type: 'integer' },
        name: { type: 'string' },
        ports: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': ['port'],
          items: {
            type: 'object',
            'x-kubernetes-validations': [
              { rule: 'self.protocol == oldSelf.protocol', message: 'protocol is immutable' },
            ],
            properties: { port: { type: 'integer' }, protocol: { type: 'string' } },
          },
        },
        tags: {
          type: 'object',
          additionalProperties: {
            type: 'string',
            'x-kubernetes-validations': [
              { rule: 'self.size() <= 3', message: 'tag values are at most 3 characters' },
            ],
          },
        },
      },
    },
  },
};

const table = buildRuleTable(schema);
const rules = new CompiledRules(table);

describe('rule table', () => {
  test('records rule, message, messageExpression, fieldPath and the schema location', () => {
    expect(table.rules.map((r) => [r.location, r.transition])).toEqual([
      ['spec', false],
      ['spec', false],
      ['spec.ports[*]', true],
      ['spec.tags{*}', false],
    ]);
    expect(table.rules[1]).toMatchObject({ fieldPath: '.name', message: 'name may not be empty' });
    expect(table.plan.p?.spec.p?.ports).toMatchObject({ lt: 'map', lk: ['port'] });
  });
});

describe('CompiledRules', () => {
  test('messageExpression is evaluated for the message', () => {
    expect(rules.evaluate({ spec: { replicas: 12, name: 'a' } })).toEqual([
      expect.objectContaining({ path: ['spec'], message: 'replicas is 12, at most 10' }),
    ]);
  });

  test('fieldPath moves the finding to the field', () => {
    expect(rules.evaluate({ spec: { replicas: 1, name: '' } }).map((v) => v.path)).toEqual([
      ['spec', 'name'],
    ]);
  });

  test('typed map values are each self', () => {
    const v = rules.evaluate({ spec: { replicas: 1, name: 'a', tags: { a: 'ok', b: 'long' } } });
    expect(v.map((x) => [x.path, x.message])).toEqual([
      [['spec', 'tags', 'b'], 'tag values are at most 3 characters'],
    ]);
  });

  test('transition rules on list-map items pair items by their keys, not their index', () => {
    const before = {
      spec: {
        replicas: 1,
        name: 'a',
        ports: [
          { port: 80, protocol: 'TCP' },
          { port: 53, protocol: 'UDP' },
        ],
      },
    };
    const reordered = {
      spec: {
        replicas: 1,
        name: 'a',
        ports: [
          { port: 53, protocol: 'UDP' },
          { port: 80, protocol: 'TCP' },
        ],
      },
    };
    expect(rules.evaluate(reordered, before)).toEqual([]);
    const changed = {
      spec: {
        replicas: 1,
        name: 'a',
        ports: [
          { port: 53, protocol: 'TCP' },
          { port: 443, protocol: 'TCP' },
        ],
      },
    };
    expect(rules.evaluate(changed, before).map((x) => [x.path, x.message])).toEqual([
      [['spec', 'ports', 0], 'protocol is immutable'],
    ]);
    expect(rules.evaluate(changed)).toEqual([]);
  });

  test('duplicate list-map keys are reported', () => {
    const v = rules.evaluate({ spec: { replicas: 1, name: 'a', ports: [{ port: 80 }, { port: 80 }] } });
    expect(v.map((x) => x.path)).toEqual([['spec', 'ports', 1]]);
  });

  test('a table with a rule that does not compile cannot be built', () => {
    const bad = buildRuleTable({ type: 'string', 'x-kubernetes-validations': [{ rule: 'self.isURL()' }] });
    expect(() => new CompiledRules(bad)).toThrow(CelCompileError);
  });

  test('parseFieldPath', () => {
    expect(parseFieldPath(".spec.ports[2]['x.y']")).toEqual(['spec', 'ports', 2, 'x.y']);
  });
});
