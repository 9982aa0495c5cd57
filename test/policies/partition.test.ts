import { arnBuilder, dnsSuffix, servicePrincipal, viaService } from '../../policies/partition';

describe('partition-aware names', () => {
  it('uses the partition DNS suffix for principals and endpoints', () => {
    expect(dnsSuffix('aws')).toBe('amazonaws.com');
    expect(dnsSuffix('aws-cn')).toBe('amazonaws.com.cn');
    expect(dnsSuffix('aws-us-gov')).toBe('amazonaws.com');
    expect(servicePrincipal('ec2', 'aws-cn')).toBe('ec2.amazonaws.com.cn');
    expect(viaService('sqs', { accountId: '111122223333', region: 'cn-north-1', partition: 'aws-cn' })).toBe(
      'sqs.cn-north-1.amazonaws.com.cn',
    );
  });

  it('builds ARNs with partition, region, account and IAM path', () => {
    const arn = arnBuilder({ accountId: '111122223333', region: 'us-gov-west-1', partition: 'aws-us-gov' });
    expect(arn.role('R', '/a/b/')).toBe('arn:aws-us-gov:iam::111122223333:role/a/b/R');
    expect(arn.policy('P', '/')).toBe('arn:aws-us-gov:iam::111122223333:policy/P');
    expect(arn.ec2('instance', 'own')).toBe('arn:aws-us-gov:ec2:us-gov-west-1:111122223333:instance/*');
    expect(arn.ec2('subnet', 'any')).toBe('arn:aws-us-gov:ec2:us-gov-west-1:*:subnet/*');
    expect(arn.ec2('image', 'none')).toBe('arn:aws-us-gov:ec2:us-gov-west-1::image/*');
    expect(arn.sqsQueue('q')).toBe('arn:aws-us-gov:sqs:us-gov-west-1:111122223333:q');
    expect(arn.ssmServiceParameters()).toBe('arn:aws-us-gov:ssm:us-gov-west-1::parameter/aws/service/*');
    expect(arn.awsManagedPolicy('AmazonEKS_CNI_Policy')).toBe(
      'arn:aws-us-gov:iam::aws:policy/AmazonEKS_CNI_Policy',
    );
  });
});
