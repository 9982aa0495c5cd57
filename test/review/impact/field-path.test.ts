import { formatPath, pathKeys, startsWith } from '../../../review/impact/field-path';

describe('field paths', () => {
  const p = [
    { key: 'spec' },
    { key: 'requirements' },
    { idField: 'key', id: 'kubernetes.io/arch' },
    { key: 'values' },
    { index: 0 },
  ];

  it('format keys, identities and indexes compactly', () => {
    expect(formatPath(p)).toBe('spec.requirements[kubernetes.io/arch].values[0]');
    expect(formatPath([{ key: 'tags' }, { key: 'team name' }])).toBe('tags["team name"]');
    expect(formatPath([])).toBe('');
  });

  it('match prefixes by map keys, # for any list element', () => {
    expect(pathKeys(p)).toEqual(['spec', 'requirements', '#', 'values', '#']);
    expect(startsWith(p, ['spec', 'requirements'])).toBe(true);
    expect(startsWith(p, ['spec', 'requirements', '#', 'values'])).toBe(true);
    expect(startsWith(p, ['spec', 'limits'])).toBe(false);
    expect(startsWith([{ key: 'spec' }], ['spec', 'limits'])).toBe(false);
  });
});
