import {
  DEFAULTS,
  diagnosticsOf,
  errorsOf,
  errorsOfCluster,
  load,
  loadCluster,
  MINIMAL,
  minimalFor,
  sources,
} from './fleet-files';

describe('fleet-file helpers', () => {
  it('MINIMAL with DEFAULTS loads as one cluster named after its file', () => {
    const { cluster, warnings } = loadCluster(MINIMAL);
    expect(cluster.name).toBe('demo');
    expect(cluster.aws.accountId).toBe('111122223333');
    expect(cluster.gitops.destination).toEqual({ name: 'demo' });
    expect(warnings).toEqual([]);
    expect(MINIMAL.split('\n').filter((l) => l !== '')).toHaveLength(6);
  });

  it('sources puts every file under clusters/', () => {
    expect(sources({ 'a.yaml': 'x' })).toEqual([{ path: 'clusters/a.yaml', text: 'x' }]);
  });

  it('minimalFor gives each cluster its own destination, so two clusters load together', () => {
    expect(minimalFor('other')).toContain('name: other');
    const fleet = load({
      '_defaults.yaml': DEFAULTS,
      'a.yaml': minimalFor('a'),
      'b.yaml': minimalFor('b'),
    }).fleet;
    expect(fleet.clusters.map((c) => c.gitops.destination)).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it('errorsOf formats every diagnostic as file:line:col path: message', () => {
    const errors = errorsOfCluster(MINIMAL + 'kubernetesVersion: banana\n');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatch(/^clusters\/demo\.yaml:7:\d+ kubernetesVersion: /);
    expect(
      errorsOf({ '_defaults.yaml': DEFAULTS, 'demo.yaml': MINIMAL + 'kubernetesVersion: banana\n' }),
    ).toEqual(errors);
  });

  it('diagnosticsOf fails when the fleet loads', () => {
    expect(() => diagnosticsOf({ '_defaults.yaml': DEFAULTS, 'demo.yaml': MINIMAL })).toThrow(
      'expected a refusal, but it succeeded',
    );
  });
});
