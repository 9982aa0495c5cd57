/** Karpenter's side of "landed": Ready for the current generation, drift, launches, limits. */
import { claimsByPool, notReady, poolNodeProblems, poolNodes } from '../../promote/karpenter-landed';
import { nodeClaim } from './gate-fixtures';

describe('karpenter landed', () => {
  it('reads Ready for the current generation only', () => {
    const obj = (conditions: object[], generation = 3) => ({
      metadata: { name: 'x', generation },
      status: { conditions },
    });
    expect(notReady(obj([{ type: 'Ready', status: 'True', observedGeneration: 3 }]))).toBeUndefined();
    // Karpenter 1.0 conditions may lack observedGeneration: Ready counts as is.
    expect(notReady(obj([{ type: 'Ready', status: 'True' }]))).toBeUndefined();
    expect(notReady(obj([]))).toBe('no Ready condition yet');
    expect(notReady(obj([{ type: 'Ready', status: 'Unknown', observedGeneration: 3 }]))).toBe(
      'not Ready (Unknown)',
    );
    expect(notReady(obj([{ type: 'Ready', status: 'True', observedGeneration: 2 }]))).toBe(
      'Ready is for generation 2, not yet for the current spec (generation 3)',
    );
  });

  it('counts drifted and launching nodes per pool; a node being deleted is not launching', () => {
    const claims = [
      nodeClaim('a', 'general', { Launched: 'True', Registered: 'True', Initialized: 'True' }),
      nodeClaim('b', 'general', {
        Launched: 'True',
        Registered: 'True',
        Initialized: 'True',
        Drifted: 'True',
      }),
      nodeClaim('c', 'general', { Launched: 'True', Registered: 'Unknown', Initialized: 'Unknown' }),
      {
        ...nodeClaim('d', 'general', { Launched: 'False' }),
        metadata: {
          name: 'd',
          labels: { 'karpenter.sh/nodepool': 'general' },
          deletionTimestamp: '2026-11-25T10:00:00Z',
        },
      },
      nodeClaim('e', 'gpu', { Drifted: 'True', Initialized: 'True' }),
      { metadata: { name: 'orphan' } },
    ];
    const byPool = claimsByPool(claims);
    expect([...byPool.keys()]).toEqual(['general', 'gpu']);
    expect(poolNodes(byPool.get('general')!)).toEqual({ total: 4, drifted: 1, launching: 1 });
    expect(poolNodes(byPool.get('gpu')!)).toEqual({ total: 1, drifted: 1, launching: 0 });
  });

  it('compares nodes and status.resources with spec.limits as quantities', () => {
    const pool = {
      spec: { limits: { cpu: '100', memory: '1Ti', nodes: '3', 'nvidia.com/gpu': '8' } },
      status: { resources: { cpu: '100500m', memory: '1024Gi', 'nvidia.com/gpu': '4' } },
    };
    expect(poolNodeProblems(pool, { total: 4, drifted: 0, launching: 0 })).toEqual([
      'cpu 100500m is over its limit 100',
      'nodes 4 is over its limit 3',
    ]);
    expect(poolNodeProblems({ spec: {}, status: {} }, { total: 1, drifted: 1, launching: 0 })).toEqual([
      '1 of 1 node still drifted',
    ]);
  });
});
