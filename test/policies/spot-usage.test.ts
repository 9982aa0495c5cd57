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
});
