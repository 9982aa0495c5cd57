import { distPaths } from '../../model/shared/dist-layout';
import { FleetModel } from '../../model/shared/fleet-model';
import { groupDigest, knownPreviousDigests, withPreviousDigests } from '../../validation/previous-digests';
import { groupPrevious, previousDigests } from '../../validation/previous-groups';
import { validateDist } from '../../validation/validate-dist';
import { ClusterFindingsCache } from '../../validation/validate-tree';
import { Finding } from '../../validation/finding';
import { buildCluster } from '../support/fleet-fixtures';
import { CLUSTER, distFiles } from './fixtures';

describe("the previous dist/'s groups and digests", () => {
  const files = new Map([
    [distPaths.nodePool('b', 'general'), 'kind: NodePool\n'],
    ['fleet/root-a.yaml', 'kind: Application\n'],
    [distPaths.nodePool('a', 'general'), 'kind: NodePool # a\n'],
    ['a/README.md', 'not validated\n'],
    [distPaths.nodeClass('a', 'default'), 'kind: EC2NodeClass\n'],
  ]);

  it('groups each cluster folder in tree order, the rest as loose, and leaves out what validation does not read', () => {
    const groups = groupPrevious(files);
    expect([...groups.clusters.keys()]).toEqual(['b', 'a']);
    expect(groups.clusters.get('a')).toEqual([
      [distPaths.nodePool('a', 'general'), 'kind: NodePool # a\n'],
      [distPaths.nodeClass('a', 'default'), 'kind: EC2NodeClass\n'],
    ]);
    expect(groups.loose).toEqual([['fleet/root-a.yaml', 'kind: Application\n']]);
  });

  it('digests each group by its names and texts; a text changed in one cluster changes that digest only', () => {
    const d = previousDigests(files);
    expect(d.clusters.get('a')).toBe(groupDigest(groupPrevious(files).clusters.get('a') ?? []));
    const edited = new Map(files).set(distPaths.nodePool('a', 'general'), 'kind: NodePool # edited\n');
    const e = previousDigests(edited);
    expect(e.clusters.get('a')).not.toBe(d.clusters.get('a'));
    expect(e.clusters.get('b')).toBe(d.clusters.get('b'));
    expect(e.loose).toBe(d.loose);
  });

  it('remembers digests for exactly the Map object they were computed with', () => {
    const copy = new Map(files);
    const d = previousDigests(copy);
    expect(withPreviousDigests(copy, d)).toBe(copy);
    expect(knownPreviousDigests(copy)).toBe(d);
    expect(knownPreviousDigests(new Map(files))).toBeUndefined();
  });

  it('validation keys the findings cache alike whether the digests came with the files or not', () => {
    const fleet: FleetModel = { clusters: [buildCluster({ name: CLUSTER })] };
    const keysOf = (previous: Map<string, string>) => {
      const keys: string[] = [];
      const cache: ClusterFindingsCache = {
        get: (key) => {
          keys.push(key);
          return undefined;
        },
        set: (_key: string, _findings: readonly Finding[]) => undefined,
      };
      validateDist(distFiles(), fleet, { cfnLint: false, previous, cache });
      return keys;
    };
    const plain = keysOf(new Map(distFiles()));
    const withDigests = new Map(distFiles());
    expect(keysOf(withPreviousDigests(withDigests, previousDigests(withDigests)))).toEqual(plain);
    expect(plain.length).toBeGreaterThan(0);
    // And they are what it uses: digests given for other texts key it otherwise.
    const other = new Map(distFiles());
    const d = previousDigests(other);
    const shifted = new Map([...d.clusters].map(([c, v]) => [c, `${v}0`]));
    expect(keysOf(withPreviousDigests(other, { loose: d.loose, clusters: shifted }))).not.toEqual(plain);
  });
});
