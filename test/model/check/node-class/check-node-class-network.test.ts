/** Network interfaces, placement group, connection tracking of a node class (1.14.1 CRD rules). */
import { errorsOfCluster, loadCluster, MINIMAL } from '../../../support/fleet-files';

/** MINIMAL (6 lines) + nodeClasses (7) + `  c:` (8) + alias (9) + the body from line 10. */
const nodeClass = (body: string) => `${MINIMAL}nodeClasses:\n  c:\n    alias: al2023@v20260714\n${body}`;

describe('node class networking checks', () => {
  it('accepts EFA interfaces with a primary interface, a placement group by name and timeouts', () => {
    const { cluster, warnings } = loadCluster(
      nodeClass(`    networkInterfaces:
      - { networkCardIndex: 0, deviceIndex: 0, interfaceType: interface }
      - { networkCardIndex: 0, deviceIndex: 1, interfaceType: efa-only }
      - { networkCardIndex: 1, deviceIndex: 0, interfaceType: efa-only }
    placementGroupSelector: { name: pg-training }
    connectionTracking: { udpTimeout: 30 }
`),
    );
    expect(warnings).toEqual([]);
    expect(cluster.nodeClasses[0].networkInterfaces).toHaveLength(3);
    expect(cluster.nodeClasses[0].connectionTracking).toEqual({ udpTimeout: 30 });
  });

  it('refuses a malformed placement group id, a selector without a group and out-of-range timeouts', () => {
    expect(errorsOfCluster(nodeClass('    placementGroupSelector: { id: pg_1 }\n'))).toEqual([
      "clusters/demo.yaml:10:35 nodeClasses.c.placementGroupSelector.id: 'pg_1' is not a placement group ID. Write pg- followed by lower-case letters and digits, or select by name.",
    ]);
    expect(errorsOfCluster(nodeClass('    placementGroupSelector: {}\n'))).toEqual([
      'clusters/demo.yaml:10:5 nodeClasses.c.placementGroupSelector: the placement group selector names no placement group. Give exactly one: { id: pg-... } or { name: <placement group name> }.',
    ]);
    expect(errorsOfCluster(nodeClass('    connectionTracking: { udpTimeout: 90 }\n'))).toEqual([
      'clusters/demo.yaml:10:39 nodeClasses.c.connectionTracking.udpTimeout: 90 is out of range. Use a whole number between 30 and 60.',
    ]);
  });

  it('volumeInitializationRate needs a snapshot', () => {
    expect(
      errorsOfCluster(
        nodeClass(`    blockDeviceMappings:
      - deviceName: /dev/xvdb
        ebs: { volumeSize: 100Gi, volumeInitializationRate: 200 }
`),
      ),
    ).toEqual([
      'clusters/demo.yaml:12:35 nodeClasses.c.blockDeviceMappings[0].ebs.volumeInitializationRate: volumeInitializationRate is set but the volume is not created from a snapshot. Add snapshotID (the rate is how fast the snapshot is copied to the volume), or remove volumeInitializationRate.',
    ]);
  });
});
