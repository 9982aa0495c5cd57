import { CelCompileError } from '../../../validation/kubernetes/cel-environment';
import { CompiledRules, parseFieldPath } from '../../../validation/kubernetes/rule-engine';
import { buildRuleTable } from '../../../validation/kubernetes/rule-table';

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

describe('results remembered by structure', () => {
  const listSchema = {
    type: 'object',
    properties: {
      spec: {
        type: 'object',
        properties: {
          values: {
            type: 'array',
            'x-kubernetes-validations': [
              { rule: 'self.all(x, x >= 0)', message: 'values must not be negative' },
              { rule: 'self.all(x, x != null)', message: 'values must not be null' },
            ],
            items: { type: 'number', nullable: true },
          },
        },
      },
    },
  };

  test('identical objects get identical findings, each at its own path', () => {
    const r = new CompiledRules(buildRuleTable(schema));
    const bad = () => ({ spec: { replicas: 11, name: '' } });
    const first = r.evaluate(bad());
    const second = r.evaluate(bad());
    expect(second).toEqual(first);
    expect(second.map((v) => [v.path.join('.'), v.message])).toEqual([
      ['spec', 'replicas is 11, at most 10'],
      ['spec.name', 'name may not be empty'],
    ]);
  });

  test('a remembered pass does not hide a different object that fails', () => {
    const r = new CompiledRules(buildRuleTable(schema));
    expect(r.evaluate({ spec: { replicas: 3, name: 'a' } })).toEqual([]);
    expect(r.evaluate({ spec: { replicas: 12, name: 'a' } }).map((v) => v.message)).toEqual([
      'replicas is 12, at most 10',
    ]);
    expect(r.evaluate({ spec: { replicas: 3, name: 'a' } })).toEqual([]);
  });

  test('NaN and null, which print alike as JSON, are never confused', () => {
    const fresh = (v: unknown) => new CompiledRules(buildRuleTable(listSchema)).evaluate(v);
    const withNull = { spec: { values: [1, null] } };
    const withNaN = { spec: { values: [1, NaN] } };
    expect(fresh(withNull).map((v) => v.message)).toContain('values must not be null');
    expect(fresh(withNaN).map((v) => v.message)).not.toContain('values must not be null');
    const shared = new CompiledRules(buildRuleTable(listSchema));
    expect(shared.evaluate(withNull)).toEqual(fresh(withNull));
    expect(shared.evaluate(withNaN)).toEqual(fresh(withNaN));
    expect(shared.evaluate(withNull)).toEqual(fresh(withNull));
  });

  test('transition rules are never remembered: the previous object decides', () => {
    const r = new CompiledRules(buildRuleTable(schema));
    const now = { spec: { replicas: 1, name: 'a', ports: [{ port: 80, protocol: 'TCP' }] } };
    expect(r.evaluate(now, { spec: { ports: [{ port: 80, protocol: 'TCP' }] } })).toEqual([]);
    expect(
      r.evaluate(now, { spec: { ports: [{ port: 80, protocol: 'UDP' }] } }).map((v) => v.message),
    ).toEqual(['protocol is immutable']);
  });
});
