import Ajv from 'ajv';
import {
  rootSchema,
  shareRepeatedSubschemas,
  toAjvSchema,
} from '../../../validation/kubernetes/structural-schema';
import { ARTIFACT_AJV_OPTIONS } from '../../../validation/kubernetes/artifacts';

const ajv = new Ajv({ ...ARTIFACT_AJV_OPTIONS });
const valid = (schema: object, data: unknown) => {
  const v = ajv.compile(schema);
  return v(data) ? [] : (v.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);
};

describe('toAjvSchema', () => {
  test('objects with properties are closed', () => {
    const s = toAjvSchema({ type: 'object', properties: { a: { type: 'string' } } });
    expect(valid(s, { a: 'x' })).toEqual([]);
    expect(valid(s, { b: 'x' })).toEqual([' additionalProperties']);
  });

  test('preserve-unknown-fields stays open; a typed map checks its values', () => {
    expect(
      valid(toAjvSchema({ type: 'object', 'x-kubernetes-preserve-unknown-fields': true }), { any: [1] }),
    ).toEqual([]);
    const map = toAjvSchema({ type: 'object', additionalProperties: { type: 'string' } });
    expect(valid(map, { a: 'x' })).toEqual([]);
    expect(valid(map, { a: 1 })).toEqual(['/a type']);
  });

  test('an object without properties keeps nothing (the API server prunes every field)', () => {
    expect(valid(toAjvSchema({ type: 'object' }), { a: 1 })).toEqual([' additionalProperties']);
  });

  test('int-or-string, nullable, formats kept but unchecked, OpenAPI boolean exclusiveMinimum', () => {
    const ios = toAjvSchema({
      'x-kubernetes-int-or-string': true,
      anyOf: [{ type: 'integer' }, { type: 'string' }],
    });
    expect(valid(ios, 3)).toEqual([]);
    expect(valid(ios, '30%')).toEqual([]);
    expect(valid(ios, 1.5)).toEqual([' type']);
    expect(valid(toAjvSchema({ type: 'string', nullable: true }), null)).toEqual([]);
    expect(valid(toAjvSchema({ type: 'string' }), null)).toEqual([' type']);
    // The API server strips formats it does not validate (int32 included): no range.
    expect(valid(toAjvSchema({ type: 'integer', format: 'int32' }), 2 ** 31)).toEqual([]);
    expect(toAjvSchema({ type: 'string', format: 'date-time' }).format).toBe('date-time');
    expect(toAjvSchema({ nullable: true, 'x-kubernetes-preserve-unknown-fields': true })['x-nullable']).toBe(
      true,
    );
    expect(valid(toAjvSchema({ type: 'integer', minimum: 0, exclusiveMinimum: true }), 0)).toEqual([
      ' exclusiveMinimum',
    ]);
  });

  test('embedded resources need apiVersion and kind', () => {
    const s = toAjvSchema({
      type: 'object',
      'x-kubernetes-embedded-resource': true,
      'x-kubernetes-preserve-unknown-fields': true,
    });
    expect(valid(s, { apiVersion: 'v1', kind: 'Pod', spec: {} })).toEqual([]);
    expect(valid(s, { spec: {} })).toEqual([' required', ' required']);
  });

  test('root gets apiVersion, kind and a closed ObjectMeta', () => {
    const s = rootSchema({ type: 'object', properties: { spec: { type: 'object', properties: {} } } });
    expect(valid(s, { apiVersion: 'a/v1', kind: 'K', metadata: { name: 'n', labels: { a: 'b' } } })).toEqual(
      [],
    );
    expect(valid(s, { apiVersion: 'a/v1', kind: 'K', metadata: { nmae: 'n' } })).toEqual([
      '/metadata additionalProperties',
    ]);
  });

  test('repeated large subschemas become $refs without changing what validates', () => {
    const big = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field${i}`, { type: 'string' }])),
    };
    const s = toAjvSchema({ type: 'object', properties: { a: big, b: big } });
    const shared = shareRepeatedSubschemas(s);
    expect(shared.definitions).toBeDefined();
    expect((shared.properties as Record<string, unknown>).a).toEqual({ $ref: '#/definitions/s0' });
    expect(valid(shared, { a: { field1: 'x' }, b: { field2: 'y' } })).toEqual([]);
    expect(valid(shared, { a: { field1: 1 } })).toEqual(['/a/field1 type']);
  });
});
