/** Capacity reservation terms (the 1.14.1 CRD rules) and where a pool asks for reserved capacity. */
import { reservedCapacityPaths } from '../../../../model/check/node-class/check-capacity-reservations';
import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

/** MINIMAL (6 lines) + karpenter (7-8) + nodeClasses (9) + `  c:` (10) + alias (11) + terms key (12). */
const withTerms = (terms: string) =>
  `${MINIMAL}karpenter:\n  featureGates: { reservedCapacity: true }\nnodeClasses:\n  c:\n    alias: al2023@v20260714\n    capacityReservationSelectorTerms:\n${terms}`;

describe('capacity reservation selector terms', () => {
  it('accepts a term by id and a term by tags, owner and match criteria', () => {
    const { cluster, warnings } = loadCluster(
      withTerms(
        '      - id: cr-0123456789abcdef0\n      - tags: { team: ml }\n        ownerID: "121212121212"\n        instanceMatchCriteria: open\n',
      ),
    );
    expect(warnings).toEqual([]);
    expect(cluster.nodeClasses[0].capacityReservationSelectorTerms).toEqual([
      { id: 'cr-0123456789abcdef0' },
      { ownerID: '121212121212', tags: { team: 'ml' }, instanceMatchCriteria: 'open' },
    ]);
  });

  it('refuses a term that selects nothing and empty tag values', () => {
    expect(
      errorsOfCluster(withTerms('      - ownerID: "121212121212"\n      - tags: { team: "" }\n')),
    ).toEqual([
      'clusters/demo.yaml:13:9 nodeClasses.c.capacityReservationSelectorTerms[0]: capacity reservation selector term selects nothing. Give id (cr-...), or tags (with optional ownerID and instanceMatchCriteria).',
      "clusters/demo.yaml:14:23 nodeClasses.c.capacityReservationSelectorTerms[1].tags.team: empty tag keys or values cannot select anything. Give the tag and its value, or '*' for any value.",
    ]);
  });
});

describe('reservedCapacityPaths', () => {
  it('finds reserved in the shorthand (list or in) and in capacity-type requirements with In', () => {
    expect(reservedCapacityPaths({ nodeClass: 'c', capacityTypes: ['on-demand', 'reserved'] })).toEqual([
      ['capacityTypes', 1],
    ]);
    expect(reservedCapacityPaths({ nodeClass: 'c', capacityTypes: { in: ['reserved'] } })).toEqual([
      ['capacityTypes', 'in', 0],
    ]);
    expect(
      reservedCapacityPaths({
        nodeClass: 'c',
        requirements: [
          { key: 'karpenter.sh/capacity-type', operator: 'NotIn', values: ['reserved'] },
          { key: 'karpenter.sh/capacity-type', operator: 'In', values: ['spot', 'reserved'] },
        ],
      }),
    ).toEqual([['requirements', 1, 'values', 1]]);
    expect(reservedCapacityPaths({ nodeClass: 'c', capacityTypes: { notIn: ['reserved'] } })).toEqual([]);
  });
});
