import * as path from 'path';
import { distPaths } from '../../model/shared/dist-layout';
import { defaultCheckDeps } from '../../review/check-wiring';

describe('defaultCheckDeps', () => {
  it('wires the real loader and generators: the example fleet loads and synthesizes its pools', () => {
    const root = path.resolve(__dirname, '..', '..');
    const deps = defaultCheckDeps(root);
    const { fleet } = deps.loadFleet(root);
    const files = deps.synthesize(fleet);
    const ticketing = fleet.clusters.find((c) => c.name === 'ticketing');
    expect(ticketing).toBeDefined();
    for (const pool of ticketing?.nodePools ?? [])
      expect(files.has(distPaths.nodePool('ticketing', pool.name))).toBe(true);
    expect(typeof deps.policies).toBe('function');
  });
});
