import { canMatchSamePod, overlappingPools, PoolShape, satisfiable } from '../../validation/pool-overlap';

const pool = (name: string, over: Partial<PoolShape> = {}): PoolShape => ({
  name,
  weight: 0,
  requirements: [{ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand'] }],
  labels: {},
  taints: [],
  ...over,
});

describe('satisfiable', () => {
  test.each([
    [
      [
        { key: 'k', operator: 'In', values: ['a', 'b'] },
        { key: 'k', operator: 'In', values: ['b'] },
      ],
      true,
    ],
    [
      [
        { key: 'k', operator: 'In', values: ['a'] },
        { key: 'k', operator: 'In', values: ['b'] },
      ],
      false,
    ],
    [
      [
        { key: 'k', operator: 'In', values: ['a'] },
        { key: 'k', operator: 'NotIn', values: ['a'] },
      ],
      false,
    ],
    [
      [
        { key: 'k', operator: 'Exists' },
        { key: 'k', operator: 'DoesNotExist' },
      ],
      false,
    ],
    [
      [
        { key: 'k', operator: 'NotIn', values: ['a'] },
        { key: 'k', operator: 'DoesNotExist' },
      ],
      true,
    ],
    [
      [
        { key: 'k', operator: 'Gt', values: ['4'] },
        { key: 'k', operator: 'Lt', values: ['5'] },
      ],
      false,
    ],
    [
      [
        { key: 'k', operator: 'Gt', values: ['4'] },
        { key: 'k', operator: 'Lte', values: ['5'] },
      ],
      true,
    ],
    [
      [
        { key: 'k', operator: 'Gte', values: ['5'] },
        { key: 'k', operator: 'Lte', values: ['5'] },
        { key: 'k', operator: 'NotIn', values: ['5'] },
      ],
      false,
    ],
    [
      [
        { key: 'k', operator: 'In', values: ['3', '8'] },
        { key: 'k', operator: 'Gt', values: ['5'] },
      ],
      true,
    ],
  ])('%j → %s', (reqs, expected) => {
    expect(satisfiable(reqs)).toBe(expected);
  });
});

describe('canMatchSamePod', () => {
  test('identical pools overlap', () => {
    expect(canMatchSamePod(pool('a'), pool('b'))).toBe(true);
  });

  test('disjoint requirements on a shared key do not overlap', () => {
    const a = pool('a', { requirements: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] }] });
    const b = pool('b', { requirements: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] }] });
    expect(canMatchSamePod(a, b)).toBe(false);
  });

  test('template labels act as requirements', () => {
    expect(canMatchSamePod(pool('a', { labels: { team: 'x' } }), pool('b', { labels: { team: 'y' } }))).toBe(
      false,
    );
    expect(canMatchSamePod(pool('a', { labels: { team: 'x' } }), pool('b'))).toBe(true);
  });

  test('a hard taint only one pool has makes it opt-in: no overlap; same taints overlap; PreferNoSchedule ignored', () => {
    const gpu = { key: 'nvidia.com/gpu', effect: 'NoSchedule' };
    expect(canMatchSamePod(pool('a', { taints: [gpu] }), pool('b'))).toBe(false);
    expect(canMatchSamePod(pool('a', { taints: [gpu] }), pool('b', { taints: [gpu] }))).toBe(true);
    expect(
      canMatchSamePod(pool('a', { taints: [{ key: 'x', effect: 'PreferNoSchedule' }] }), pool('b')),
    ).toBe(true);
  });
});

describe('overlappingPools', () => {
  test('pairs only pools of equal weight', () => {
    const pairs = overlappingPools([pool('a'), pool('b', { weight: 10 }), pool('c')]);
    expect(pairs.map(([x, y]) => `${x.name}+${y.name}`)).toEqual(['a+c']);
  });
});
