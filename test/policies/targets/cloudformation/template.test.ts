import { UserError } from '../../../../model/shared/diagnostics';
import { MANAGED_BY, TAGS } from '../../../../model/facts/constants';
import { cloudFormationTemplate, renderTemplate } from '../../../../policies/targets/cloudformation/template';
import { ACCOUNT, REGION, clusterModel, fullCluster } from '../../fixtures';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function template(cluster = clusterModel()): Json {
  return JSON.parse(renderTemplate(cloudFormationTemplate(cluster))) as Json;
}

describe('template of a basic Pod Identity cluster', () => {
  const t = template();
  const r = t.Resources;

  it('has no Parameters and exactly the expected resources', () => {
    expect(t.Parameters).toBeUndefined();
    expect(Object.keys(r)).toEqual([
      'CapacityReservationInterruptionRule',
      'EKSIntegrationPolicy',
      'IAMIntegrationPolicy',
      'InstanceStateChangeRule',
      'InterruptionPolicy',
      'KarpenterControllerPodIdentityAssociation',
      'KarpenterControllerRole',
      'KarpenterInterruptionQueue',
      'KarpenterInterruptionQueuePolicy',
      'KarpenterNodeAccessEntry',
      'KarpenterNodeRole',
      'NodeLifecyclePolicy',
      'RebalanceRule',
      'ResourceDiscoveryPolicy',
      'ScheduledChangeRule',
      'SpotInterruptionRule',
    ]);
  });

  it('creates the node role with the four required managed policies and an EC2 trust', () => {
    const p = r.KarpenterNodeRole.Properties;
    expect(p.RoleName).toBe('KarpenterNodeRole-ticketing');
    expect(p.Path).toBe('/');
    expect(p.ManagedPolicyArns).toEqual([
      'arn:aws:iam::aws:policy/AmazonEKS_CNI_Policy',
      'arn:aws:iam::aws:policy/AmazonEKSWorkerNodePolicy',
      'arn:aws:iam::aws:policy/AmazonEC2ContainerRegistryPullOnly',
      'arn:aws:iam::aws:policy/AmazonSSMManagedInstanceCore',
    ]);
    expect(p.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Sid: 'AllowEC2ToAssumeNodeRole',
        Effect: 'Allow',
        Principal: { Service: 'ec2.amazonaws.com' },
        Action: 'sts:AssumeRole',
      },
    ]);
    expect(p.PermissionsBoundary).toBeUndefined();
  });

  it('gives the node role an EC2_LINUX access entry on the cluster', () => {
    expect(r.KarpenterNodeAccessEntry).toEqual({
      Type: 'AWS::EKS::AccessEntry',
      Properties: {
        ClusterName: 'ticketing',
        PrincipalArn: { 'Fn::GetAtt': ['KarpenterNodeRole', 'Arn'] },
        Type: 'EC2_LINUX',
        Tags: expect.any(Array),
      },
    });
  });

  it('trusts EKS Pod Identity for the controller service account only, and associates it', () => {
    const trust = r.KarpenterControllerRole.Properties.AssumeRolePolicyDocument.Statement;
    expect(trust).toHaveLength(1);
    expect(trust[0].Principal).toEqual({ Service: 'pods.eks.amazonaws.com' });
    expect(trust[0].Action).toEqual(['sts:AssumeRole', 'sts:TagSession']);
    expect(trust[0].Condition.StringEquals).toEqual({
      'aws:SourceAccount': ACCOUNT,
      'aws:RequestTag/eks-cluster-name': 'ticketing',
      'aws:RequestTag/kubernetes-namespace': 'kube-system',
      'aws:RequestTag/kubernetes-service-account': 'karpenter',
    });
    expect(r.KarpenterControllerPodIdentityAssociation.Properties).toMatchObject({
      ClusterName: 'ticketing',
      Namespace: 'kube-system',
      ServiceAccount: 'karpenter',
      RoleArn: { 'Fn::GetAtt': ['KarpenterControllerRole', 'Arn'] },
    });
  });

  it('attaches exactly the five always-on controller policies, by reference', () => {
    expect(r.KarpenterControllerRole.Properties.ManagedPolicyArns).toEqual([
      { Ref: 'NodeLifecyclePolicy' },
      { Ref: 'IAMIntegrationPolicy' },
      { Ref: 'EKSIntegrationPolicy' },
      { Ref: 'InterruptionPolicy' },
      { Ref: 'ResourceDiscoveryPolicy' },
    ]);
    expect(r.NodeLifecyclePolicy.Properties.ManagedPolicyName).toBe(
      'KarpenterControllerNodeLifecyclePolicy-ticketing',
    );
    expect(r.ZonalShiftPolicy).toBeUndefined();
    expect(r.VolumeEncryptionPolicy).toBeUndefined();
  });

  it('creates the queue with 300 s retention and SSE-SQS, named as the Helm values name it', () => {
    expect(r.KarpenterInterruptionQueue.Properties).toMatchObject({
      QueueName: 'ticketing',
      MessageRetentionPeriod: 300,
      SqsManagedSseEnabled: true,
    });
    expect(r.KarpenterInterruptionQueue.Properties.KmsMasterKeyId).toBeUndefined();
  });

  it('lets only its rules and SQS send, and denies non-TLS access', () => {
    const p = r.KarpenterInterruptionQueuePolicy.Properties;
    expect(p.Queues).toEqual([{ Ref: 'KarpenterInterruptionQueue' }]);
    const [events, sqs, deny] = p.PolicyDocument.Statement;
    expect(events.Principal).toEqual({ Service: 'events.amazonaws.com' });
    expect(events.Action).toBe('sqs:SendMessage');
    expect(events.Condition.ArnEquals['aws:SourceArn']).toEqual([
      `arn:aws:events:${REGION}:${ACCOUNT}:rule/Karpenter-ticketing-Health`,
      `arn:aws:events:${REGION}:${ACCOUNT}:rule/Karpenter-ticketing-Spot`,
      `arn:aws:events:${REGION}:${ACCOUNT}:rule/Karpenter-ticketing-Rebalance`,
      `arn:aws:events:${REGION}:${ACCOUNT}:rule/Karpenter-ticketing-StateChange`,
      `arn:aws:events:${REGION}:${ACCOUNT}:rule/Karpenter-ticketing-Reservation`,
    ]);
    expect(sqs.Principal).toEqual({ Service: 'sqs.amazonaws.com' });
    expect(deny).toEqual({
      Sid: 'DenyHTTP',
      Effect: 'Deny',
      Principal: '*',
      Action: 'sqs:*',
      Resource: `arn:aws:sqs:${REGION}:${ACCOUNT}:ticketing`,
      Condition: { Bool: { 'aws:SecureTransport': 'false' } },
    });
  });

  it('names every rule explicitly and targets the queue', () => {
    for (const id of [
      'ScheduledChangeRule',
      'SpotInterruptionRule',
      'RebalanceRule',
      'InstanceStateChangeRule',
      'CapacityReservationInterruptionRule',
    ]) {
      expect(r[id].Properties.Name).toMatch(/^Karpenter-ticketing-[A-Za-z]+$/);
      expect(r[id].Properties.State).toBe('ENABLED');
      expect(r[id].Properties.Targets).toEqual([
        {
          Id: 'KarpenterInterruptionQueueTarget',
          Arn: { 'Fn::GetAtt': ['KarpenterInterruptionQueue', 'Arn'] },
        },
      ]);
    }
  });

  it('tags every taggable resource with the cluster tags and managed-by, sorted', () => {
    const expected = [
      { Key: TAGS.managedBy, Value: MANAGED_BY },
      { Key: 'cost-center', Value: '42' },
      { Key: 'team', Value: 'platform' },
    ];
    for (const id of [
      'KarpenterNodeRole',
      'KarpenterControllerRole',
      'KarpenterInterruptionQueue',
      'SpotInterruptionRule',
      'KarpenterNodeAccessEntry',
      'KarpenterControllerPodIdentityAssociation',
    ])
      expect([id, r[id].Properties.Tags]).toEqual([id, expected]);
  });

  it('outputs the role ARNs and the queue name', () => {
    expect(Object.keys(t.Outputs)).toEqual([
      'ControllerRoleArn',
      'InterruptionQueueArn',
      'InterruptionQueueName',
      'NodeRoleArn',
      'NodeRoleName',
    ]);
    expect(t.Outputs.InterruptionQueueName.Value).toEqual({
      'Fn::GetAtt': ['KarpenterInterruptionQueue', 'QueueName'],
    });
    expect(t.Outputs.ControllerRoleArn.Value).toEqual({ 'Fn::GetAtt': ['KarpenterControllerRole', 'Arn'] });
  });

  it('contains no intrinsic string interpolation a name could break out of', () => {
    expect(JSON.stringify(t)).not.toContain('Fn::Sub');
    expect(JSON.stringify(t)).not.toContain('${');
  });
});

describe('template of a cluster with every option', () => {
  const cluster = fullCluster();
  const t = template(cluster);
  const r = t.Resources;

  it('trusts the OIDC provider for the service account with aud and sub conditions (IRSA)', () => {
    const identity = cluster.iam.identity as { oidcProviderArn: string; oidcIssuer: string };
    expect(r.KarpenterControllerRole.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Sid: 'AllowIrsaForKarpenterServiceAccount',
        Effect: 'Allow',
        Principal: { Federated: identity.oidcProviderArn },
        Action: 'sts:AssumeRoleWithWebIdentity',
        Condition: {
          StringEquals: {
            [`${identity.oidcIssuer}:aud`]: 'sts.amazonaws.com',
            [`${identity.oidcIssuer}:sub`]: 'system:serviceaccount:kube-system:karpenter',
          },
        },
      },
    ]);
    expect(r.KarpenterControllerPodIdentityAssociation).toBeUndefined();
  });

  it('applies the permissions boundary and path to both roles and to the policies', () => {
    for (const id of ['KarpenterNodeRole', 'KarpenterControllerRole']) {
      expect(r[id].Properties.PermissionsBoundary).toBe(`arn:aws:iam::${ACCOUNT}:policy/PlatformBoundary`);
      expect(r[id].Properties.Path).toBe('/karpenter/');
    }
    expect(r.NodeLifecyclePolicy.Properties.Path).toBe('/karpenter/');
    const passRole = r.IAMIntegrationPolicy.Properties.PolicyDocument.Statement[0];
    expect(passRole.Resource).toBe(`arn:aws:iam::${ACCOUNT}:role/karpenter/KarpenterNodeRole-ticketing`);
  });

  it('adds the extra node policy after the required ones', () => {
    expect(r.KarpenterNodeRole.Properties.ManagedPolicyArns).toHaveLength(5);
    expect(r.KarpenterNodeRole.Properties.ManagedPolicyArns[4]).toBe(
      `arn:aws:iam::${ACCOUNT}:policy/NodeExtras`,
    );
  });

  it('creates the instance profile, the Spot service-linked role, zonal-shift and KMS policies', () => {
    expect(r.KarpenterNodeInstanceProfile.Properties).toEqual({
      InstanceProfileName: 'KarpenterNodeRole-ticketing',
      Path: '/karpenter/',
      Roles: [{ Ref: 'KarpenterNodeRole' }],
    });
    expect(r.SpotServiceLinkedRole.Properties.AWSServiceName).toBe('spot.amazonaws.com');
    expect(r.ZonalShiftPolicy.Properties.PolicyDocument.Statement[0].Condition.StringEquals).toEqual({
      'arc-zonal-shift:ResourceIdentifier': `arn:aws:eks:${REGION}:${ACCOUNT}:cluster/ticketing`,
    });
    expect(t.Outputs.NodeInstanceProfileName.Value).toEqual({ Ref: 'KarpenterNodeInstanceProfile' });
  });

  it('scopes volume-key use to the node classes keys, through EC2 only', () => {
    const [use, useByAlias, grant, grantByAlias] =
      r.VolumeEncryptionPolicy.Properties.PolicyDocument.Statement;
    expect(use.Resource).toEqual([
      `arn:aws:kms:${REGION}:${ACCOUNT}:key/12345678-90ab-cdef-1234-567890abcdef`,
      `arn:aws:kms:${REGION}:${ACCOUNT}:key/9f9f9f9f-aaaa-bbbb-cccc-dddddddddddd`,
    ]);
    expect(use.Condition).toEqual({ StringEquals: { 'kms:ViaService': `ec2.${REGION}.amazonaws.com` } });
    expect(useByAlias.Condition['ForAnyValue:StringEquals']).toEqual({
      'kms:ResourceAliases': ['alias/ebs-nodes'],
    });
    expect(grant.Action).toBe('kms:CreateGrant');
    expect(grant.Condition.Bool).toEqual({ 'kms:GrantIsForAWSResource': 'true' });
    expect(grantByAlias.Resource).toBe(`arn:aws:kms:${REGION}:${ACCOUNT}:key/*`);
  });

  it('encrypts the queue with the customer key and emits the key-policy statement EventBridge needs', () => {
    const key = cluster.karpenter.interruptionQueue.kmsKeyArn;
    expect(r.KarpenterInterruptionQueue.Properties.KmsMasterKeyId).toBe(key);
    expect(r.KarpenterInterruptionQueue.Properties.SqsManagedSseEnabled).toBeUndefined();
    const statement = JSON.parse(t.Outputs.InterruptionQueueKeyPolicyStatement.Value);
    expect(statement).toMatchObject({
      Effect: 'Allow',
      Principal: { Service: 'events.amazonaws.com' },
      Action: ['kms:Decrypt', 'kms:GenerateDataKey'],
      Resource: '*',
    });
    expect(t.Metadata.KarpenterGitops.InterruptionQueueKeyPolicy).toMatchObject({
      KeyArn: key,
      Statement: statement,
    });
    const decrypt = r.InterruptionPolicy.Properties.PolicyDocument.Statement[1];
    expect(decrypt).toEqual({
      Sid: 'AllowInterruptionQueueDecryption',
      Effect: 'Allow',
      Action: 'kms:Decrypt',
      Resource: key,
      Condition: { StringEquals: { 'kms:ViaService': `sqs.${REGION}.amazonaws.com` } },
    });
  });
});

describe('partitions', () => {
  it('builds aws-cn ARNs and service principals from the model', () => {
    const t = template(clusterModel({ aws: { partition: 'aws-cn', region: 'cn-north-1' } }));
    const text = JSON.stringify(t.Resources);
    expect(text).not.toMatch(/arn:aws:/);
    expect(t.Resources.KarpenterNodeRole.Properties.ManagedPolicyArns[0]).toBe(
      'arn:aws-cn:iam::aws:policy/AmazonEKS_CNI_Policy',
    );
    expect(t.Resources.KarpenterNodeRole.Properties.AssumeRolePolicyDocument.Statement[0].Principal).toEqual({
      Service: 'ec2.amazonaws.com.cn',
    });
    expect(t.Resources.EKSIntegrationPolicy.Properties.PolicyDocument.Statement[0].Resource).toBe(
      `arn:aws-cn:eks:cn-north-1:${ACCOUNT}:cluster/ticketing`,
    );
  });
});

describe('rendering', () => {
  it('is byte-identical for the same model, whatever the insertion order of tags', () => {
    const a = renderTemplate(cloudFormationTemplate(clusterModel({ tags: { b: '2', a: '1' } })));
    const b = renderTemplate(cloudFormationTemplate(clusterModel({ tags: { a: '1', b: '2' } })));
    expect(a).toBe(b);
    expect(a.endsWith('}\n')).toBe(true);
    expect(a.split('\n')[1]).toBe('  "AWSTemplateFormatVersion": "2010-09-09",');
  });

  it('refuses names over AWS limits with the cluster file and field', () => {
    const long = 'a'.repeat(60);
    let error: unknown;
    try {
      cloudFormationTemplate(
        clusterModel({ name: long, iam: { nodeRoleName: `KarpenterNodeRole-${long}` } }),
      );
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UserError);
    const message = (error as UserError).message;
    expect(message).toContain(
      `clusters/${long}.yaml:1:1 iam.nodeRoleName: node role name 'KarpenterNodeRole-${long}' is 78 characters; IAM allows at most 64.`,
    );
    expect(message).toContain('EventBridge allows at most 64');
  });
});
