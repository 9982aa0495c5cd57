import { leafPaths, reachedLeafPaths, SchemaNode } from './schema-leaf-paths';

const schema: SchemaNode = {
  type: 'object',
  properties: {
    weight: { type: 'integer' },
    limits: { type: 'object', additionalProperties: { 'x-kubernetes-int-or-string': true } },
    template: {
      type: 'object',
      properties: {
        taints: {
          type: 'array',
          items: { type: 'object', properties: { key: { type: 'string' }, effect: { type: 'string' } } },
        },
        tags: { type: 'array', items: { type: 'string' } },
        free: { type: 'object' },
      },
    },
  },
};

describe('schema leaf paths', () => {
  it('lists every leaf: scalars, list items, map values and free-form objects', () => {
    expect(leafPaths(schema)).toEqual([
      'limits.*',
      'template.free',
      'template.tags[]',
      'template.taints[].effect',
      'template.taints[].key',
      'weight',
    ]);
  });

  it('finds the leaves a value sets, in the same notation, ignoring unknown keys', () => {
    const value = {
      weight: 10,
      limits: { cpu: '10', memory: '1Gi' },
      template: { taints: [{ key: 'a' }, { key: 'b', effect: 'NoSchedule' }], unknown: 1 },
    };
    expect(reachedLeafPaths(schema, value)).toEqual([
      'limits.*',
      'template.taints[].effect',
      'template.taints[].key',
      'weight',
    ]);
  });

  it('does not count a null or an empty list as reaching a leaf', () => {
    expect(reachedLeafPaths(schema, { weight: null, template: { tags: [] } })).toEqual([]);
  });
});
