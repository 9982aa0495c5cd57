import { poolMayUseSpot, spotPools } from '../../policies/spot-usage';
import { clusterModel, nodePool as pool } from './fixtures';

const CT = 'karpenter.sh/capacity-type';

describe('pools that may use Spot', () => {
  it('counts a pool without a capacity-type requirement, or one admitting spot', () => {
    expect(poolMayUseSpot(pool('any'))).toBe(true);
    expect(poolMayUseSpot(pool('s', [{ key: CT, operator: 'In', values: ['spot', 'on-demand'] }]))).toBe(
      true,
    );
    expect(poolMayUseSpot(pool('od', [{ key: CT, operator: 'In', values: ['on-demand'] }]))).toBe(false);
    expect(poolMayUseSpot(pool('no', [{ key: CT, operator: 'NotIn', values: ['spot'] }]))).toBe(false);
    expect(
      spotPools({
        ...clusterModel(),
        nodePools: [pool('a'), pool('b', [{ key: CT, operator: 'In', values: ['on-demand'] }])],
      }),
    ).toEqual(['a']);
  });

  it('reads repeated capacity-type requirements as Karpenter intersects them (Requirements.Add)', () => {
    // Changed from the old filter approximation: In [spot] plus In [on-demand] intersect to no value,
    // which Karpenter reads as DoesNotExist; no offering (all carry a capacity type) is left.
    expect(
      poolMayUseSpot(
        pool('both', [
          { key: CT, operator: 'In', values: ['spot'] },
          { key: CT, operator: 'In', values: ['on-demand'] },
        ]),
      ),
    ).toBe(false);
    expect(poolMayUseSpot(pool('not-od', [{ key: CT, operator: 'NotIn', values: ['on-demand'] }]))).toBe(
      true,
    );
    expect(poolMayUseSpot(pool('none', [{ key: CT, operator: 'DoesNotExist' }]))).toBe(false);
  });
});
