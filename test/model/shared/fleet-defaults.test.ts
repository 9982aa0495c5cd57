import {
  defaultControllerRoleName,
  defaultDiscoveryTerms,
  defaultNodeRoleName,
  defaultQueueName,
  FLEET_DEFAULTS,
} from '../../../model/shared/fleet-defaults';

describe('fleet defaults', () => {
  it('derives names from the cluster name', () => {
    expect(defaultControllerRoleName('shop')).toBe('KarpenterControllerRole-shop');
    expect(defaultNodeRoleName('shop')).toBe('KarpenterNodeRole-shop');
    expect(defaultQueueName('shop')).toBe('shop');
    expect(defaultDiscoveryTerms('shop')).toEqual([{ tags: { 'karpenter.sh/discovery': 'shop' } }]);
  });

  it('is secure by default: IMDSv2 with hop limit 1', () => {
    expect(FLEET_DEFAULTS.metadataOptions).toEqual({
      httpEndpoint: 'enabled',
      httpProtocolIPv6: 'disabled',
      httpPutResponseHopLimit: 1,
      httpTokens: 'required',
    });
  });
});
