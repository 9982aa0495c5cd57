import { DEFAULTS, errorsOf, errorsOfCluster, loadCluster, MINIMAL } from '../../support/fleet-files';

const withRegion = (region: string, extra = '') =>
  MINIMAL.replace('region: eu-west-1', `region: ${region}`) + extra;

describe('region checks', () => {
  it('a typo of a region gets a did-you-mean', () => {
    expect(errorsOfCluster(withRegion('eu-centrall-1'))).toEqual([
      "clusters/demo.yaml:3:11 aws.region: 'eu-centrall-1' is not an AWS region of the aws, aws-cn, aws-us-gov partitions (regions from @aws-sdk/core@3.981.0). Did you mean 'eu-central-1'? aws ec2 describe-regions lists the region codes.",
    ]);
  });

  it('a made-up region of the right shape is refused', () => {
    expect(errorsOfCluster(withRegion('xx-foo-9'))).toEqual([
      "clusters/demo.yaml:3:11 aws.region: 'xx-foo-9' is not an AWS region of the aws, aws-cn, aws-us-gov partitions (regions from @aws-sdk/core@3.981.0). Write a region code such as eu-west-1 or ap-northeast-2 (aws ec2 describe-regions lists them).",
    ]);
  });

  it('the partition must be the region’s', () => {
    expect(errorsOfCluster(withRegion('us-gov-west-1', ''))).toEqual([
      'clusters/demo.yaml:3:11 aws.region: region us-gov-west-1 is in partition aws-us-gov, not aws. Set aws.partition: aws-us-gov.',
    ]);
    const text = withRegion('cn-north-1').replace(
      '  region: cn-north-1\n',
      '  region: cn-north-1\n  partition: aws-us-gov\n',
    );
    expect(errorsOf({ '_defaults.yaml': DEFAULTS, 'demo.yaml': text })).toEqual([
      'clusters/demo.yaml:4:14 aws.partition: region cn-north-1 is in partition aws-cn, not aws-us-gov. Set aws.partition: aws-cn.',
    ]);
  });

  it('accepts known regions of every supported partition', () => {
    expect(loadCluster(withRegion('ap-southeast-7')).cluster.aws.region).toBe('ap-southeast-7');
    const gov = withRegion('us-gov-east-1').replace(
      '  region: us-gov-east-1\n',
      '  region: us-gov-east-1\n  partition: aws-us-gov\n',
    );
    expect(loadCluster(gov).cluster.aws.partition).toBe('aws-us-gov');
  });
});
