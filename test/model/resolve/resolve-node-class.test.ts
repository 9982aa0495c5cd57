import { resolveNodeClass } from '../../../model/resolve/resolve-node-class';

const ctx = {
  clusterName: 'shop',
  nodeRoleName: 'KarpenterNodeRole-shop',
  clusterTags: { team: 'shop', env: 'prod' },
  source: { file: 'clusters/shop.yaml', line: 9, col: 3 },
};

describe('resolveNodeClass', () => {
  it('turns the alias into one alias term and keeps amiFamily only when set', () => {
    const nc = resolveNodeClass('d', { alias: 'al2023@v20260714' }, ctx);
    expect(nc.amiSelectorTerms).toEqual([{ alias: 'al2023@v20260714' }]);
    expect(nc).not.toHaveProperty('amiFamily');
    expect(
      resolveNodeClass('d', { amiFamily: 'AL2023', amiSelectorTerms: [{ id: 'ami-1' }] }, ctx),
    ).toMatchObject({
      amiFamily: 'AL2023',
      amiSelectorTerms: [{ id: 'ami-1' }],
    });
  });

  it('class tags win over cluster tags, keys sorted', () => {
    const nc = resolveNodeClass('d', { alias: 'al2023@v20260714', tags: { env: 'dev', b: '1' } }, ctx);
    expect(nc.tags).toEqual({ b: '1', env: 'dev', team: 'shop' });
    expect(Object.keys(nc.tags)).toEqual(['b', 'env', 'team']);
  });

  it('renders Bottlerocket settings to userData', () => {
    const nc = resolveNodeClass(
      'd',
      { alias: 'bottlerocket@v1.39.1', bottlerocket: { settings: { kernel: { lockdown: 'integrity' } } } },
      ctx,
    );
    expect(nc.userData).toBe('[settings.kernel]\nlockdown = "integrity"\n');
  });

  it('keeps given selector terms, kubelet settings (sorted) and flags', () => {
    const nc = resolveNodeClass(
      'd',
      {
        alias: 'al2023@v20260714',
        subnetSelectorTerms: [{ id: 'subnet-1' }],
        securityGroupSelectorTerms: [{ name: 'sg' }],
        kubelet: { maxPods: 50, systemReserved: { memory: '1Gi', cpu: '100m' } },
        detailedMonitoring: false,
        associatePublicIPAddress: true,
        instanceStorePolicy: 'RAID0',
      },
      ctx,
    );
    expect(nc.subnetSelectorTerms).toEqual([{ id: 'subnet-1' }]);
    expect(nc.securityGroupSelectorTerms).toEqual([{ name: 'sg' }]);
    expect(nc.kubelet).toEqual({ maxPods: 50, systemReserved: { cpu: '100m', memory: '1Gi' } });
    expect(Object.keys(nc.kubelet?.systemReserved ?? {})).toEqual(['cpu', 'memory']);
    expect([nc.detailedMonitoring, nc.associatePublicIPAddress, nc.instanceStorePolicy]).toEqual([
      false,
      true,
      'RAID0',
    ]);
  });
});
