import {
  isZoneIdForm,
  knownRegions,
  partitionOfRegion,
  regionOfZoneId,
  regionOfZoneName,
  regionsOf,
  zoneIdPrefix,
} from '../../../model/facts/aws-regions';

describe('AWS regions and zones', () => {
  it('takes the regions of each partition from the SDK partition data, without pseudo-regions', () => {
    expect(regionsOf('aws')).toEqual(expect.arrayContaining(['eu-west-1', 'us-east-1', 'ap-northeast-2']));
    expect(regionsOf('aws')).not.toContain('aws-global');
    expect(regionsOf('aws-cn')).toEqual(['cn-north-1', 'cn-northwest-1']);
    expect(regionsOf('aws-us-gov')).toEqual(['us-gov-east-1', 'us-gov-west-1']);
    expect(knownRegions()).not.toContain('eu-isoe-west-1');
  });

  it('finds the partition of a region', () => {
    expect(partitionOfRegion('eu-central-1')).toBe('aws');
    expect(partitionOfRegion('cn-north-1')).toBe('aws-cn');
    expect(partitionOfRegion('us-gov-west-1')).toBe('aws-us-gov');
    expect(partitionOfRegion('eu-centrall-1')).toBeUndefined();
    expect(partitionOfRegion('xx-foo-9')).toBeUndefined();
  });

  it('derives the zone ID prefix of a region', () => {
    expect(zoneIdPrefix('eu-west-1')).toBe('euw1');
    expect(zoneIdPrefix('us-east-1')).toBe('use1');
    expect(zoneIdPrefix('ap-northeast-2')).toBe('apne2');
    expect(zoneIdPrefix('us-gov-west-1')).toBe('usgw1');
    expect(zoneIdPrefix('cn-northwest-1')).toBe('cnnw1');
    expect(zoneIdPrefix('ca-central-1')).toBe('cac1');
    expect(zoneIdPrefix('nowhere')).toBeUndefined();
  });

  it('finds the region of zone names, Local Zones included', () => {
    expect(regionOfZoneName('eu-west-1a')).toBe('eu-west-1');
    expect(regionOfZoneName('us-west-2-lax-1a')).toBe('us-west-2');
    expect(regionOfZoneName('us-east-1')).toBeUndefined();
    expect(regionOfZoneName('euwest-1a')).toBeUndefined();
    expect(regionOfZoneName('eu-west-1ab')).toBeUndefined();
  });

  it('finds the region of zone IDs', () => {
    expect(isZoneIdForm('euw1-az2')).toBe(true);
    expect(isZoneIdForm('usw2-lax1-az1')).toBe(true);
    expect(isZoneIdForm('eu-west-1a')).toBe(false);
    expect(regionOfZoneId('euw1-az2')).toBe('eu-west-1');
    expect(regionOfZoneId('use1-az6')).toBe('us-east-1');
    expect(regionOfZoneId('usw2-lax1-az1')).toBe('us-west-2');
    expect(regionOfZoneId('xyz9-az1')).toBeUndefined();
  });
});
