import { DEFAULTS, errorsOf, load, MINIMAL, minimalFor } from '../../support/fleet-files';

const ack = (extra: string) =>
  MINIMAL.replace('  region: eu-west-1\n', `  region: eu-west-1\n  managedBy: ack\n${extra}`);

describe('aws.ack', () => {
  it('defaults the destination to the workload cluster and the deletion policy to retain', () => {
    const { fleet } = load({ '_defaults.yaml': DEFAULTS, 'demo.yaml': ack('') });
    expect(fleet.clusters[0].aws.ack).toEqual({ destination: { name: 'demo' }, deletionPolicy: 'retain' });
  });

  it('accepts the destination of another cluster of the fleet, and in-cluster', () => {
    const hub = load({
      '_defaults.yaml': DEFAULTS,
      'demo.yaml': ack('  ack:\n    destination: hub\n'),
      'hub.yaml': minimalFor('hub'),
    });
    expect(hub.fleet.clusters.find((c) => c.name === 'demo')?.aws.ack?.destination).toEqual({ name: 'hub' });
    const inCluster = load({
      '_defaults.yaml': DEFAULTS,
      'demo.yaml': ack('  ack:\n    destination: in-cluster\n    deletionPolicy: delete\n'),
    });
    expect(inCluster.fleet.clusters[0].aws.ack).toEqual({
      destination: { name: 'in-cluster' },
      deletionPolicy: 'delete',
    });
  });

  it('refuses a destination Argo CD does not know, at its line', () => {
    expect(
      errorsOf({
        '_defaults.yaml': DEFAULTS,
        'demo.yaml': ack('  ack:\n    destination: hubs\n'),
        'hub.yaml': minimalFor('hub'),
      }),
    ).toEqual([
      "clusters/demo.yaml:6:18 aws.ack.destination: aws.ack.destination 'hubs' is not a cluster Argo CD knows in this fleet (the gitops.destination names of its clusters, or in-cluster: demo, hub, in-cluster). Did you mean 'hub'? Name the Argo CD cluster where the ACK controllers run (as registered in Argo CD and named by a cluster of this fleet), or remove aws.ack.destination to apply the objects to the workload cluster.",
    ]);
  });

  it('refuses aws.ack on a cluster that is not on ack', () => {
    expect(
      errorsOf({
        '_defaults.yaml': DEFAULTS,
        'demo.yaml': MINIMAL.replace(
          '  region: eu-west-1\n',
          '  region: eu-west-1\n  ack:\n    destination: demo\n',
        ),
      }),
    ).toEqual([
      'clusters/demo.yaml:5:5 aws.ack: aws.ack is set, but cluster demo has aws.managedBy: cloudformation, so no ACK objects are written. Set aws.managedBy: ack, or remove aws.ack.',
    ]);
  });
});
