import { formatPath, keyLocAt, locAt, mergeLocated, nodeAt, toPlain } from '../../../model/parse/located';
import { parseFleetSource } from '../../../model/parse/yaml-source';

const parse = (file: string, text: string) => {
  const { root } = parseFleetSource(file, text);
  if (!root) throw new Error('parse failed');
  return root;
};

describe('located trees', () => {
  const defaults = parse(
    'clusters/_defaults.yaml',
    'tags:\n  team: platform\n  env: prod\nlist: [a, b]\ngitops:\n  repoURL: x\n',
  );
  const cluster = parse('clusters/c.yaml', 'tags:\n  team: data\nlist: [c]\n');
  const merged = mergeLocated(defaults, cluster);

  it('deep-merges maps (the cluster wins) and replaces lists whole', () => {
    expect(toPlain(merged)).toEqual({
      tags: { team: 'data', env: 'prod' },
      list: ['c'],
      gitops: { repoURL: 'x' },
    });
  });

  it('keeps the position of the file each merged value came from', () => {
    expect(locAt(merged, ['tags', 'team'])).toEqual({ file: 'clusters/c.yaml', line: 2, col: 9 });
    expect(locAt(merged, ['tags', 'env'])).toEqual({ file: 'clusters/_defaults.yaml', line: 3, col: 8 });
    expect(keyLocAt(merged, ['gitops', 'repoURL'])).toEqual({
      file: 'clusters/_defaults.yaml',
      line: 6,
      col: 3,
    });
    expect(locAt(merged, ['list', 0])).toEqual({ file: 'clusters/c.yaml', line: 3, col: 8 });
  });

  it('falls back to the nearest existing parent for a missing path', () => {
    expect(nodeAt(merged, ['tags', 'missing'])).toBeUndefined();
    expect(locAt(merged, ['tags', 'missing', 'deeper'])).toEqual(locAt(merged, ['tags']));
  });

  it('formats paths with dots for keys (as written) and [i] for list items', () => {
    expect(formatPath(['nodePools', 'gpu', 'taints', 0, 'key'])).toBe('nodePools.gpu.taints[0].key');
    expect(formatPath(['labels', 'node.role'])).toBe('labels.node.role');
    expect(formatPath([])).toBe('');
  });

  it('places a value brought by an alias, and anything inside it, where the alias is used', () => {
    const root = parse('clusters/a.yaml', 'a: &t\n  team: x\n  list: [1]\nb: *t\nc: [*t]\n');
    // The anchor's own text keeps its positions.
    expect(locAt(root, ['a', 'team'])).toEqual({ file: 'clusters/a.yaml', line: 2, col: 9 });
    expect(keyLocAt(root, ['a', 'team'])).toEqual({ file: 'clusters/a.yaml', line: 2, col: 3 });
    // Each use: at the alias, for the value, its keys and its items.
    const b = { file: 'clusters/a.yaml', line: 4, col: 4 };
    expect(locAt(root, ['b'])).toEqual(b);
    expect(locAt(root, ['b', 'team'])).toEqual(b);
    expect(keyLocAt(root, ['b', 'team'])).toEqual(b);
    expect(locAt(root, ['b', 'list', 0])).toEqual(b);
    expect(locAt(root, ['b', 'missing'])).toEqual(b);
    expect(locAt(root, ['c', 0, 'team'])).toEqual({ file: 'clusters/a.yaml', line: 5, col: 5 });
  });
});
