import { clusterOfDistPath, distPaths, fleetWidePath } from '../../../model/shared/dist-layout';

describe('clusterOfDistPath', () => {
  it('names the cluster of its folder, its root and its ApplicationSet parameters, and none for fleet-wide files', () => {
    expect(clusterOfDistPath(distPaths.nodePool('shop', 'general'))).toBe('shop');
    expect(clusterOfDistPath(distPaths.policyProof('shop', 'terraform'))).toBe('shop');
    expect(clusterOfDistPath(distPaths.fleetRoot('shop'))).toBe('shop');
    expect(clusterOfDistPath(distPaths.fleetClusterParams('shop'))).toBe('shop');
    for (const p of [
      distPaths.fleetAppProject('argocd'),
      distPaths.fleetApplicationSet('argocd'),
      distPaths.fleetArgoCdConfigPatch('argocd'),
      'fleet/clusters/shop.yaml',
      'fleet/clusters/a/b.json',
      'README.md',
    ]) {
      expect({ p, cluster: clusterOfDistPath(p) }).toEqual({ p, cluster: undefined });
    }
  });

  it('leaves to fleetWidePath exactly the files of dist/fleet/ no cluster owns', () => {
    expect(fleetWidePath(distPaths.fleetAppProject('argocd'))).toBe(true);
    expect(fleetWidePath(distPaths.fleetRoot('shop'))).toBe(false);
    expect(fleetWidePath(distPaths.fleetClusterParams('shop'))).toBe(false);
    expect(fleetWidePath(distPaths.nodePool('shop', 'general'))).toBe(false);
    // A file of dist/fleet/ in no cluster's name (none is generated so) is the fleet's: someone owns it.
    expect(fleetWidePath('fleet/clusters/shop.yaml')).toBe(true);
    expect(fleetWidePath('fleet')).toBe(false);
    for (const p of [
      'fleet/root-shop.yaml',
      'fleet/clusters/shop.json',
      'fleet/clusters/shop.yaml',
      'fleet/x',
      'shop/a/b',
    ])
      expect({ p, owners: Number(fleetWidePath(p)) + Number(clusterOfDistPath(p) !== undefined) }).toEqual({
        p,
        owners: 1,
      });
  });
});
