import { obj, shorthand, str, withoutRequired } from '../../../model/schema/schema-builders';

describe('schema builders', () => {
  it('objects are closed and list their required keys', () => {
    expect(obj({ a: str() }, ['a'])).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
      additionalProperties: false,
    });
  });

  it('withoutRequired strips required arrays at every depth but keeps a field named required', () => {
    const s = obj({ required: obj({ x: str() }, ['x']), b: obj({ y: str() }, ['y']) }, ['b']);
    expect(withoutRequired(s)).toEqual({
      type: 'object',
      properties: {
        required: { type: 'object', properties: { x: { type: 'string' } }, additionalProperties: false },
        b: { type: 'object', properties: { y: { type: 'string' } }, additionalProperties: false },
      },
      additionalProperties: false,
    });
  });

  it('a shorthand is a list or an in/notIn map', () => {
    const s = shorthand(str()) as { if: unknown; then: { type: string }; else: { properties: object } };
    expect(s.if).toEqual({ type: 'array' });
    expect(s.then.type).toBe('array');
    expect(Object.keys(s.else.properties)).toEqual(['in', 'notIn', 'minValues']);
  });
});
