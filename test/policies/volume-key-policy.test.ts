import { cloudFormationTemplate } from '../../policies/targets/cloudformation/template';
import { volumeKeyArns, volumeKeyPolicyStatements } from '../../policies/volume-key-policy';
import { ACCOUNT, REGION, clusterModel, fullCluster, nodePool as pool } from './fixtures';

const CT = 'karpenter.sh/capacity-type';
const spotRole = `arn:aws:iam::${ACCOUNT}:role/aws-service-role/spot.amazonaws.com/AWSServiceRoleForEC2Spot`;

describe('volume key-policy statements', () => {
  const withSpot = { ...fullCluster(), nodePools: [pool('general')] };

  it('are absent without a customer volume key', () => {
    expect(volumeKeyPolicyStatements(clusterModel())).toBeUndefined();
    const t = cloudFormationTemplate(clusterModel());
    expect(t.Outputs.VolumeKeyPolicyStatements).toBeUndefined();
    expect((t.Metadata.KarpenterGitops as Record<string, unknown>).VolumeKeyPolicy).toBeUndefined();
  });

  it('admit the Spot service-linked role, the controller through EC2, and EC2 via the account', () => {
    const s = volumeKeyPolicyStatements(withSpot)!;
    expect(s.map((x) => x.Sid)).toEqual([
      'AllowSpotRoleUseOfVolumeKeyticketing',
      'AllowSpotRoleVolumeKeyGrantsticketing',
      'AllowKarpenterControllerVolumeKeyUseticketing',
      'AllowKarpenterControllerVolumeKeyGrantsticketing',
      'AllowEC2ViaAccountVolumeKeyUseticketing',
    ]);
    expect(s[0]).toEqual({
      Sid: 'AllowSpotRoleUseOfVolumeKeyticketing',
      Effect: 'Allow',
      Principal: { AWS: spotRole },
      Action: ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey*', 'kms:ReEncrypt*'],
      Resource: '*',
    });
    expect(s[1]).toMatchObject({
      Action: 'kms:CreateGrant',
      Condition: { Bool: { 'kms:GrantIsForAWSResource': 'true' } },
    });
    const via = { 'kms:ViaService': `ec2.${REGION}.amazonaws.com`, 'kms:CallerAccount': ACCOUNT };
    expect(s[2]).toMatchObject({
      Principal: { AWS: `arn:aws:iam::${ACCOUNT}:role/karpenter/KarpenterControllerRole-ticketing` },
      Condition: { StringEquals: via },
    });
    expect(s[3].Condition).toEqual({ StringEquals: via, Bool: { 'kms:GrantIsForAWSResource': 'true' } });
    expect(s[4]).toMatchObject({
      Principal: { AWS: `arn:aws:iam::${ACCOUNT}:root` },
      Condition: { StringEquals: via },
    });
  });

  it('leave the Spot role out when no pool may use Spot', () => {
    const od = {
      ...fullCluster(),
      nodePools: [pool('od', [{ key: CT, operator: 'In', values: ['on-demand'] }])],
    };
    const text = JSON.stringify(volumeKeyPolicyStatements(od));
    expect(text).not.toContain('AWSServiceRoleForEC2Spot');
    expect(text).toContain('KarpenterControllerRole-ticketing');
  });

  it('are published like the queue key statement: stack output and template metadata', () => {
    const t = cloudFormationTemplate(withSpot);
    const output = t.Outputs.VolumeKeyPolicyStatements;
    expect(output.Description).toMatch(/key policy of every customer KMS key node volumes use/);
    const statements = JSON.parse(output.Value as string);
    expect(statements).toEqual(volumeKeyPolicyStatements(withSpot));
    // CloudFormation output values must stay well under 4 KB.
    expect((output.Value as string).length).toBeLessThan(4096);
    expect((t.Metadata.KarpenterGitops as Record<string, unknown>).VolumeKeyPolicy).toEqual({
      KeyArns: [
        `arn:aws:kms:${REGION}:${ACCOUNT}:key/12345678-90ab-cdef-1234-567890abcdef`,
        `arn:aws:kms:${REGION}:${ACCOUNT}:key/9f9f9f9f-aaaa-bbbb-cccc-dddddddddddd`,
        `arn:aws:kms:${REGION}:${ACCOUNT}:alias/ebs-nodes`,
      ],
      Note: expect.stringMatching(/Add Statement to the policy of each key/),
      Statement: statements,
    });
    expect(volumeKeyArns(withSpot)).toHaveLength(3);
  });

  it('use the partition of the cluster', () => {
    const cn = {
      ...clusterModel({ aws: { partition: 'aws-cn', region: 'cn-north-1' }, volumeKmsKeyIds: ['k'] }),
      nodePools: [pool('p')],
    };
    const text = JSON.stringify(volumeKeyPolicyStatements(cn));
    expect(text).toContain('arn:aws-cn:iam::');
    expect(text).toContain('ec2.cn-north-1.amazonaws.com.cn');
    expect(text).not.toContain('arn:aws:');
  });
});
