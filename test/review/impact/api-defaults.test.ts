import { withApiDefaults } from '../../../review/impact/api-defaults';
import { classifyResource } from '../../../review/impact/classify-resource';
import { clone, nodeClass, nodePool, Obj, setPath } from '../dist-fixtures';

describe('withApiDefaults', () => {
  it('fills NodePool expireAfter and disruption defaults where absent, keeps given values', () => {
    const p = withApiDefaults('NodePool', {
      spec: { template: { spec: {} }, disruption: { consolidateAfter: '2m' } },
    });
    expect(p).toEqual({
      spec: {
        template: { spec: { expireAfter: '720h' } },
        disruption: {
          consolidationPolicy: 'WhenEmptyOrUnderutilized',
          consolidateAfter: '2m',
          budgets: [{ nodes: '10%' }],
        },
      },
    });
  });

  it('fills EC2NodeClass metadataOptions field by field', () => {
    expect(
      withApiDefaults('EC2NodeClass', { spec: { metadataOptions: { httpPutResponseHopLimit: 2 } } }),
    ).toEqual({
      spec: {
        metadataOptions: {
          httpEndpoint: 'enabled',
          httpProtocolIPv6: 'disabled',
          httpPutResponseHopLimit: 2,
          httpTokens: 'required',
        },
      },
    });
  });

  it('leaves non-objects alone and does not modify its input', () => {
    expect(withApiDefaults('NodePool', 'x')).toBe('x');
    const input = { spec: {} };
    withApiDefaults('EC2NodeClass', input);
    expect(input).toEqual({ spec: {} });
  });

  it('makes writing a default explicitly no change at all', () => {
    const before = nodeClass('c', 'al2023@v20260714');
    delete (before.spec as Obj).metadataOptions;
    const after = clone(before);
    setPath(after, 'spec.metadataOptions', { httpTokens: 'required' });
    expect(classifyResource('EC2NodeClass', before, after)).toEqual({ changes: [], impact: 'none' });
    const pool = nodePool('p', 'c', ['spot']);
    const explicit = clone(pool);
    setPath(pool, 'spec.template.spec.expireAfter', undefined);
    expect(classifyResource('NodePool', pool, explicit).changes).toEqual([]);
  });
});
