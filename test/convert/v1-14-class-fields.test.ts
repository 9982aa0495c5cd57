/** Converting manifests that use the Karpenter 1.14.1 fields of NodePool and EC2NodeClass loses nothing. */
import { convertFixtures, entries, nodeClass, pool } from './convert-helpers';

describe('Karpenter 1.14.1 NodePool and EC2NodeClass fields', () => {
  const result = convertFixtures(['v1/karpenter-1.14.yaml'], { cluster: 'training' });

  test('no errors, nothing reported as dropped', () => {
    expect(result.diagnostics).toEqual([]);
    expect(result.entries.filter((e) => e.action === 'dropped')).toEqual([]);
    // Synth's own check of the output finds only what the input already had: a pool without limits.
    expect(result.entries.filter((e) => e.level === 'warning').map((e) => [e.action, e.message])).toEqual([
      ['checked', "synth warns: NodePool 'balanced' has no limits: Karpenter may launch nodes without bound"],
    ]);
    // The gates the 1.14 fields need are turned on in the converted file.
    expect(result.description?.karpenter).toEqual({
      featureGates: { reservedCapacity: true, staticCapacity: true },
    });
  });

  test('every new node class field and the object annotations are carried over under their names', () => {
    const c = nodeClass(result, 'training');
    expect(c.metadata).toEqual({
      annotations: { 'kubernetes.io/description': 'EFA GPU nodes in reservations' },
    });
    expect(c.capacityReservationSelectorTerms).toEqual([
      { id: 'cr-0123456789abcdef0' },
      {
        ownerID: '121212121212',
        tags: { 'example.com/purpose': 'training' },
        instanceMatchCriteria: 'targeted',
      },
    ]);
    expect(c.networkInterfaces).toEqual([
      { networkCardIndex: 0, deviceIndex: 0, interfaceType: 'interface' },
      { networkCardIndex: 1, deviceIndex: 0, interfaceType: 'efa-only' },
    ]);
    expect(c.cpuOptions).toEqual({ nestedVirtualization: 'disabled' });
    expect(c.placementGroupSelector).toEqual({ name: 'training-pg' });
    expect(c.ipPrefixCount).toBe(1);
    expect(c.connectionTracking).toEqual({
      tcpEstablishedTimeout: 3600,
      udpStreamTimeout: 120,
      udpTimeout: 30,
    });
    expect(c.context).toBe('c-0123456789abcdef0');
    const [root] = c.blockDeviceMappings as { ebs: Record<string, unknown> }[];
    expect(root.ebs.volumeInitializationRate).toBe(250);
    expect(root.ebs.snapshotID).toBe('snap-0123456789abcdef0');
  });

  test('a static pool stays static, with its object annotations', () => {
    const p = pool(result, 'static-gpu');
    expect(p.replicas).toBe(2);
    expect(p.limits).toEqual({ nodes: '4' });
    expect(p.metadata).toEqual({ annotations: { 'kubernetes.io/description': 'Two GPU nodes kept warm' } });
    expect(p.capacityTypes).toEqual(['reserved', 'on-demand']);
    expect(entries(result, 'NodePool/static-gpu spec.replicas')).toEqual([]);
  });

  test('consolidation policy Balanced and the Gte operator are kept', () => {
    const p = pool(result, 'balanced');
    expect(p.disruption).toEqual({ consolidationPolicy: 'Balanced', consolidateAfter: '5m' });
    expect(p.requirements).toEqual([
      { key: 'karpenter.k8s.aws/instance-generation', operator: 'Gte', values: ['6'] },
    ]);
  });
});
