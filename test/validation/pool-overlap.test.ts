import { canMatchSamePod, overlappingPools, PoolShape } from '../../validation/pool-overlap';

const pool = (name: string, over: Partial<PoolShape> = {}): PoolShape => ({
  name,
  weight: 0,
  requirements: [{ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'on-demand'] }],
  labels: {},
  taints: [],
  ...over,
});

type Req = PoolShape['requirements'][number];
const on = (pools: readonly Req[][]): [PoolShape, PoolShape] => [
  pool('a', { requirements: pools[0] }),
  pool('b', { requirements: pools[1] }),
];
const r = (operator: string, ...values: string[]): Req => ({ key: 'k', operator, values });

describe('canMatchSamePod follows Karpenter Requirements.Add and Intersects', () => {
  test.each<[string, Req[], Req[], boolean]>([
    ['In [a, b] and In [b] share b', [r('In', 'a', 'b')], [r('In', 'b')], true],
    ['In [a] and In [b] are disjoint', [r('In', 'a')], [r('In', 'b')], false],
    ['In [a] and NotIn [a]: no value, and In needs one', [r('In', 'a')], [r('NotIn', 'a')], false],
    ['Exists and DoesNotExist', [r('Exists')], [r('DoesNotExist')], false],
    ['NotIn [a] and DoesNotExist both admit a node without k', [r('NotIn', 'a')], [r('DoesNotExist')], true],
    ['Gt 4 and Lt 5 leave no integer', [r('Gt', '4')], [r('Lt', '5')], false],
    ['Gt 4 and Lte 5 share 5', [r('Gt', '4')], [r('Lte', '5')], true],
    ['In [3, 8] and Gt 5 share 8', [r('In', '3', '8')], [r('Gt', '5')], true],
    // Verdicts the old filter approximation (label-constraint.ts) got wrong: within one pool Karpenter
    // intersects repeated keys first, and the result is not a plain filter (requirement.go, Intersection).
    // NotIn [8] plus Gt 1 stays NotIn, which admits a node without k: DoesNotExist overlaps it.
    [
      'NotIn [8] + Gt 1 (stays NotIn) and DoesNotExist',
      [r('NotIn', '8'), r('Gt', '1')],
      [r('DoesNotExist')],
      true,
    ],
    // In [a] plus In [b] is the empty set, which Karpenter reads as DoesNotExist.
    ['In [a] + In [b] (DoesNotExist) and NotIn [c]', [r('In', 'a'), r('In', 'b')], [r('NotIn', 'c')], true],
    // Exists plus DoesNotExist is DoesNotExist, not "nothing".
    [
      'Exists + DoesNotExist (DoesNotExist) and DoesNotExist',
      [r('Exists'), r('DoesNotExist')],
      [r('DoesNotExist')],
      true,
    ],
    // Still disjoint after the intersection: DoesNotExist against In.
    ['In [a] + In [b] (DoesNotExist) and In [a]', [r('In', 'a'), r('In', 'b')], [r('In', 'a')], false],
  ])('%s', (_name, a, b, expected) => {
    expect(canMatchSamePod(...on([a, b]))).toBe(expected);
    expect(canMatchSamePod(...on([b, a]))).toBe(expected);
  });

  test('label aliases are normalized as Karpenter does (NormalizedLabels)', () => {
    const a = pool('a', {
      requirements: [{ key: 'beta.kubernetes.io/arch', operator: 'In', values: ['amd64'] }],
    });
    const b = pool('b', { requirements: [{ key: 'kubernetes.io/arch', operator: 'In', values: ['arm64'] }] });
    expect(canMatchSamePod(a, b)).toBe(false);
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
