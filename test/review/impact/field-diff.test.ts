import { canonical, diffFields } from '../../../review/impact/field-diff';
import { formatPath } from '../../../review/impact/field-path';

const show = (b: unknown, a: unknown) => diffFields(b, a).map((c) => `${c.kind} ${formatPath(c.path)}`);

describe('diffFields', () => {
  it('reports added, removed and changed map keys in sorted order', () => {
    expect(show({ b: 1, a: 1, c: { x: 1 } }, { a: 2, c: { x: 1, y: 2 }, d: 1 })).toEqual([
      'changed a',
      'removed b',
      'added c.y',
      'added d',
    ]);
  });

  it('matches list elements by key, deviceName or name', () => {
    const before = [
      { key: 'a', values: ['1'] },
      { key: 'b', values: ['2'] },
    ];
    const after = [
      { key: 'z', values: ['0'] },
      { key: 'a', values: ['1'] },
      { key: 'b', values: ['3'] },
    ];
    expect(show({ r: before }, { r: after })).toEqual(['changed r[b].values[0]', 'added r[z]']);
    expect(show([{ deviceName: '/dev/xvda', size: 1 }], [{ deviceName: '/dev/xvda', size: 2 }])).toEqual([
      'changed [/dev/xvda].size',
    ]);
  });

  it('falls back to positions when identities repeat', () => {
    expect(
      show(
        [
          { key: 'a', effect: 'NoSchedule' },
          { key: 'a', effect: 'NoExecute' },
        ],
        [{ key: 'a', effect: 'NoSchedule' }],
      ),
    ).toEqual(['removed [1]']);
  });

  it('reports a pure reordering once', () => {
    const d = diffFields({ l: ['a', 'b'] }, { l: ['b', 'a'] });
    expect(d).toEqual([{ path: [{ key: 'l' }], kind: 'reordered', before: ['a', 'b'], after: ['b', 'a'] }]);
  });

  it('quotes keys that are not plain identifiers', () => {
    expect(
      show({ tags: { 'karpenter.sh/discovery': 'a' } }, { tags: { 'karpenter.sh/discovery': 'b' } }),
    ).toEqual(['changed tags["karpenter.sh/discovery"]']);
  });

  it('finds nothing between equal values with keys in another order', () => {
    expect(diffFields({ a: 1, b: [{ x: 1, y: 2 }] }, { b: [{ y: 2, x: 1 }], a: 1 })).toEqual([]);
    expect(canonical({ b: 1, a: [2] })).toBe('{"a":[2],"b":1}');
  });
});
