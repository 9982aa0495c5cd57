import {
  builtInCrdTraits,
  deriveCrdTraits,
  loadCrdTraits,
  objectShape,
  schemaAt,
} from '../../../model/facts/crd-traits';
import {
  SNAPSHOT_AVAILABLE,
  SNAPSHOT_LABEL,
  SNAPSHOT_SKIP_REASON,
  buildSnapshotSchemas,
} from '../../support/upstream-snapshot';

describe('CRD traits of the versions the tool ships', () => {
  it.each(['1.14.1', '1.0.14'])('%s has a typed kubelet and a required consolidateAfter', (version) => {
    const traits = builtInCrdTraits(version);
    expect(traits).toMatchObject({
      kubelet: 'typed',
      enclaveOptions: false,
      consolidateAfterRequired: true,
    });
  });

  it('1.14.1 NodeOverlay already takes Gte and Lte; 1.0.14 has no NodeOverlay', () => {
    expect(builtInCrdTraits('1.14.1')?.nodeOverlayOperators).toEqual([
      'DoesNotExist',
      'Exists',
      'Gt',
      'Gte',
      'In',
      'Lt',
      'Lte',
      'NotIn',
    ]);
    expect(builtInCrdTraits('1.0.14')?.nodeOverlayOperators).toEqual([]);
  });

  it('a version without artifacts has no traits', () => {
    expect(builtInCrdTraits('9.9.9')).toBeUndefined();
  });
});

(SNAPSHOT_AVAILABLE ? describe : describe.skip)(`CRD traits of the snapshot (${SNAPSHOT_LABEL})`, () => {
  it('derives a free-form kubelet from the snapshot artifacts, and the rest as the CRDs show', () => {
    const traits = loadCrdTraits(buildSnapshotSchemas());
    expect(traits).toEqual({
      kubelet: 'free-form',
      // The v1.15 docs announce enclaveOptions; the snapshot's EC2NodeClass does not have it.
      enclaveOptions: false,
      // Still required in the snapshot, with the 0s default of the disruption block.
      consolidateAfterRequired: true,
      consolidateAfterDefault: '0s',
      nodeOverlayOperators: ['DoesNotExist', 'Exists', 'Gt', 'Gte', 'In', 'Lt', 'Lte', 'NotIn'],
    });
  });
});
if (!SNAPSHOT_AVAILABLE) test.skip(SNAPSHOT_SKIP_REASON, () => undefined);

describe('deriveCrdTraits on shapes no shipped version has', () => {
  const nodeClass = (spec: Record<string, unknown>) => ({
    type: 'object',
    properties: { spec: { type: 'object', properties: spec, additionalProperties: false } },
  });

  it('reads enclaveOptions, an optional consolidateAfter and a kubelet behind $ref', () => {
    const traits = deriveCrdTraits({
      ec2NodeClass: {
        ...nodeClass({ kubelet: { $ref: '#/definitions/s0' }, enclaveOptions: { type: 'object' } }),
        definitions: { s0: { type: 'object', additionalProperties: {} } },
      },
      nodePool: {
        type: 'object',
        properties: {
          spec: {
            type: 'object',
            properties: {
              disruption: {
                type: 'object',
                properties: { consolidateAfter: { type: 'string' } },
                default: { consolidateAfter: '0s' },
              },
            },
          },
        },
      },
    });
    expect(traits).toEqual({
      kubelet: 'free-form',
      enclaveOptions: true,
      consolidateAfterRequired: false,
      consolidateAfterDefault: '0s',
      nodeOverlayOperators: [],
    });
  });

  it('a class without kubelet, or no class at all, is absent', () => {
    expect(deriveCrdTraits({ ec2NodeClass: nodeClass({}) }).kubelet).toBe('absent');
    expect(deriveCrdTraits({}).kubelet).toBe('absent');
  });

  it('objectShape: fields listed is typed, an open object is free-form, a closed empty one typed', () => {
    expect(objectShape({ type: 'object', properties: { a: {} }, additionalProperties: false })).toBe('typed');
    expect(objectShape({ type: 'object' })).toBe('free-form');
    expect(objectShape({ type: 'object', additionalProperties: false })).toBe('typed');
  });

  it('schemaAt walks items with [] and stops at a missing property', () => {
    const root = { properties: { a: { items: { properties: { b: { type: 'string' } } } } } };
    expect(schemaAt(root, ['a', '[]', 'b'])).toEqual({ type: 'string' });
    expect(schemaAt(root, ['a', 'x'])).toBeUndefined();
  });
});
