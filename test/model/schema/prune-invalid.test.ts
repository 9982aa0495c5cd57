import { fleetValidators } from '../../../model/schema/fleet-schema';
import { pruneInvalid } from '../../../model/schema/prune-invalid';

const { cluster } = fleetValidators();
const prune = (value: unknown) => {
  expect(cluster(value)).toBe(false);
  return pruneInvalid(
    value,
    cluster.errors ?? [],
    (v) => cluster(v),
    () => cluster.errors ?? [],
  );
};
const base = {
  aws: { accountId: '111122223333', region: 'eu-west-1' },
  gitops: { repoURL: 'x', destination: { name: 'a' } },
};

describe('pruneInvalid', () => {
  it('removes unknown keys and wrongly typed values, keeping the rest', () => {
    const value = {
      ...base,
      colour: 'blue',
      tags: { a: 'x', b: 5 },
      nodePools: { p: { nodeClass: 'd', weight: 0, expireAfter: '30d' } },
    };
    expect(prune(value)).toEqual({
      ...base,
      tags: { a: 'x' },
      nodePools: { p: { nodeClass: 'd', expireAfter: '30d' } },
    });
    // The input is not modified.
    expect((value as { colour?: string }).colour).toBe('blue');
  });

  it('removes a map that misses a required key, and a whole list for a bad item', () => {
    const value = {
      ...base,
      nodePools: {
        p: { nodeclass: 'd' },
        q: {
          nodeClass: 'd',
          taints: [
            { key: 'a', effect: 'NoSchedule' },
            { key: 'b', effect: 'Bad' },
          ],
        },
      },
    };
    expect(prune(value)).toEqual({ ...base, nodePools: { q: { nodeClass: 'd' } } });
  });

  it('gives up when a required top-level key is missing', () => {
    expect(prune({ gitops: base.gitops })).toBeUndefined();
  });
});
