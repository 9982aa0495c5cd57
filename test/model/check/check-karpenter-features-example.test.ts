/** The committed training example: its gates are on, reach the Helm values, and it loads without warnings. */
import { resolve } from 'node:path';
import { karpenterValues } from '../../../charts/helm-values/karpenter-values';
import { loadFleet } from '../../../io/read-fleet';

describe('clusters/training.yaml', () => {
  const { fleet, warnings } = loadFleet(resolve(__dirname, '..', '..', '..'));
  const training = fleet.clusters.find((c) => c.name === 'training')!;

  it('loads without warnings', () => {
    expect(warnings.filter((w) => w.file === 'clusters/training.yaml')).toEqual([]);
  });

  it('has a reserved pool, an on-demand fallback with lower weight, and a static EFA pool', () => {
    const pools = Object.fromEntries(training.nodePools.map((p) => [p.name, p]));
    expect(pools.reserved.requirements[0]).toEqual({
      key: 'karpenter.sh/capacity-type',
      operator: 'In',
      values: ['reserved'],
    });
    expect(pools['on-demand-fallback'].requirements[0].values).toEqual(['on-demand']);
    expect(pools['on-demand-fallback'].weight).toBeLessThan(pools.reserved.weight!);
    expect(pools['efa-static'].replicas).toBe(2);
    const classes = Object.fromEntries(training.nodeClasses.map((c) => [c.name, c]));
    expect(classes['reserved-gpu'].capacityReservationSelectorTerms.map((t) => Object.keys(t))).toEqual([
      ['id'],
      ['ownerID', 'tags', 'instanceMatchCriteria'],
    ]);
    expect(classes['efa-gpu'].networkInterfaces.filter((n) => n.interfaceType === 'efa-only')).toHaveLength(
      4,
    );
    expect(classes['efa-gpu'].placementGroupSelector).toEqual({ name: 'training-cluster-pg' });
  });

  it('the gates it needs are in its Helm values', () => {
    const settings = karpenterValues(training).settings as Record<string, unknown>;
    expect(settings.featureGates).toEqual({ reservedCapacity: true, staticCapacity: true });
  });
});
