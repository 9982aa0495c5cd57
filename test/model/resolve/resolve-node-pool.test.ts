import { resolveNodePool } from '../../../model/resolve/resolve-node-pool';

const source = { file: 'clusters/shop.yaml', line: 20, col: 3 };

describe('resolveNodePool', () => {
  it('turns quantities and budget node counts into text', () => {
    const pool = resolveNodePool(
      'p',
      {
        nodeClass: 'd',
        limits: { cpu: 100, memory: '400Gi' },
        disruption: { budgets: [{ nodes: 0, schedule: '@daily', duration: '8h', reasons: ['Drifted'] }] },
      },
      source,
    );
    expect(pool.limits).toEqual({ cpu: '100', memory: '400Gi' });
    expect(pool.disruption.budgets).toEqual([
      { nodes: '0', schedule: '@daily', duration: '8h', reasons: ['Drifted'] },
    ]);
  });

  it('keeps taints in order and optional fields only when set', () => {
    const pool = resolveNodePool(
      'p',
      {
        nodeClass: 'd',
        taints: [
          { key: 'b', effect: 'NoSchedule' },
          { key: 'a', value: 'x', effect: 'NoExecute' },
        ],
        weight: 5,
        terminationGracePeriod: '48h',
        smokeTest: true,
      },
      source,
    );
    expect(pool.taints).toEqual([
      { key: 'b', effect: 'NoSchedule' },
      { key: 'a', value: 'x', effect: 'NoExecute' },
    ]);
    expect([pool.weight, pool.terminationGracePeriod, pool.smokeTest]).toEqual([5, '48h', true]);
    expect(resolveNodePool('p', { nodeClass: 'd' }, source)).not.toHaveProperty('weight');
  });
});
