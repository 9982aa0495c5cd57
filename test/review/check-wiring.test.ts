import { distPaths } from '../../model/shared/dist-layout';
import { defaultCheckDeps } from '../../review/check-wiring';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';

describe('defaultCheckDeps', () => {
  it('wires the real loader and generators: the demo fleet loads and synthesizes its pools', () => {
    const root = DEMO_FLEET_ROOT;
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
