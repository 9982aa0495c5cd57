import { awsSideModel } from '../../../../policies/aws-side';
import { ackObjects, AckObject, ACK_NAMESPACE } from '../../../../policies/targets/ack/ack-manifests';
import { cloudFormationTemplate } from '../../../../policies/targets/cloudformation/template';
import { ClusterModel } from '../../../../model/shared/fleet-model';
import { clusterModel } from '../../fixtures';

type Cfn = { Resources: Record<string, { Type: string; Properties: Record<string, unknown> }> };

/** The same cluster on CloudFormation and on ACK (everything else equal). */
function both(overrides: Parameters<typeof clusterModel>[0] = {}): {
  cfn: Cfn;
  ack: AckObject[];
  c: ClusterModel;
} {
  const cfnCluster = clusterModel({ ...overrides, aws: { ...overrides.aws, managedBy: 'cloudformation' } });
  const c = clusterModel({
    ...overrides,
    aws: {
      ...overrides.aws,
      managedBy: 'ack',
      ack: { destination: { name: 'hub' }, deletionPolicy: 'retain' },
    },
  });
  return {
    cfn: cloudFormationTemplate(cfnCluster, awsSideModel(cfnCluster)) as unknown as Cfn,
    ack: ackObjects(c, awsSideModel(c)),
    c,
  };
}

const ofType = (cfn: Cfn, type: string) => Object.values(cfn.Resources).filter((r) => r.Type === type);
const ofKind = (ack: AckObject[], kind: string) => ack.filter((o) => o.kind === kind);
const spec = (o: AckObject) => o.spec as Record<string, unknown>;
const byName = (a: { name: unknown }, b: { name: unknown }) => String(a.name).localeCompare(String(b.name));
const cfnByName = (rs: { Properties: Record<string, unknown> }[], key: string) =>
  new Map(rs.map((r) => [r.Properties[key] as string, r]));

describe('a cluster switched from cloudformation to ack', () => {
  const full = {
    iam: { createInstanceProfile: true, createSpotServiceLinkedRole: true },
    queueKmsKeyArn: 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab',
  };

  it('has the same managed policies, statement for statement, under the same names and paths', () => {
    const { cfn, ack } = both(full);
    const cfnPolicies = ofType(cfn, 'AWS::IAM::ManagedPolicy').map((r) => ({
      name: r.Properties.ManagedPolicyName,
      path: r.Properties.Path,
      document: r.Properties.PolicyDocument,
    }));
    const ackPolicies = ofKind(ack, 'Policy').map((o) => ({
      name: spec(o).name,
      path: spec(o).path,
      document: JSON.parse(spec(o).policyDocument as string) as unknown,
    }));
    expect(ackPolicies.length).toBeGreaterThanOrEqual(5);
    expect(ackPolicies.sort(byName)).toEqual(cfnPolicies.sort(byName));
  });

  it('has the same roles and trust, the node role with the same AWS managed policies and the controller with its policies by reference', () => {
    const { cfn, ack } = both(full);
    const cfnRoles = cfnByName(ofType(cfn, 'AWS::IAM::Role'), 'RoleName');
    const ackRoles = ofKind(ack, 'Role');
    expect(ackRoles.map((o) => spec(o).name).sort()).toEqual([...cfnRoles.keys()].sort());
    for (const role of ackRoles) {
      const r = cfnRoles.get(spec(role).name as string);
      expect(JSON.parse(spec(role).assumeRolePolicyDocument as string)).toEqual(
        r?.Properties.AssumeRolePolicyDocument,
      );
      expect(spec(role).path).toBe(r?.Properties.Path);
    }
    const node = ackRoles.find((o) => o.metadata.name === 'ticketing-node-role') as AckObject;
    expect(spec(node).policies).toEqual(
      (cfnRoles.get('KarpenterNodeRole-ticketing')?.Properties.ManagedPolicyArns as unknown[]).filter(
        (a) => typeof a === 'string',
      ),
    );
    const controller = ackRoles.find((o) => o.metadata.name === 'ticketing-controller-role') as AckObject;
    expect(spec(controller).policyRefs).toEqual(
      ofKind(ack, 'Policy').map((p) => ({ from: { name: p.metadata.name } })),
    );
  });

  it('has the same queue (name, retention, key, policy) and the five rules with the literal queue ARN as target', () => {
    const { cfn, ack } = both(full);
    const [q] = ofType(cfn, 'AWS::SQS::Queue');
    const [qp] = ofType(cfn, 'AWS::SQS::QueuePolicy');
    const [queue] = ofKind(ack, 'Queue');
    expect(spec(queue).queueName).toBe(q.Properties.QueueName);
    expect(spec(queue).messageRetentionPeriod).toBe(String(q.Properties.MessageRetentionPeriod));
    expect(spec(queue).kmsMasterKeyID).toBe(q.Properties.KmsMasterKeyId);
    expect(JSON.parse(spec(queue).policy as string)).toEqual(qp.Properties.PolicyDocument);

    const cfnRules = cfnByName(ofType(cfn, 'AWS::Events::Rule'), 'Name');
    const rules = ofKind(ack, 'Rule');
    expect(rules).toHaveLength(5);
    expect(rules.map((r) => spec(r).name).sort()).toEqual([...cfnRules.keys()].sort());
    for (const r of rules) {
      expect(JSON.parse(spec(r).eventPattern as string)).toEqual(
        cfnRules.get(spec(r).name as string)?.Properties.EventPattern,
      );
      expect(spec(r).state).toBe('ENABLED');
      expect(spec(r).targets).toEqual([
        {
          id: 'KarpenterInterruptionQueueTarget',
          arn: 'arn:aws:sqs:eu-west-1:111122223333:ticketing',
        },
      ]);
    }
  });

  it('has the instance profile, access entry, Pod Identity association and Spot service-linked role where asked', () => {
    const { ack } = both(full);
    expect(ack.map((o) => o.kind)).toEqual([
      'Role',
      'AccessEntry',
      'InstanceProfile',
      ...ofKind(ack, 'Policy').map(() => 'Policy'),
      'Role',
      'PodIdentityAssociation',
      'Queue',
      'Rule',
      'Rule',
      'Rule',
      'Rule',
      'Rule',
      'ServiceLinkedRole',
    ]);
    const [entry] = ofKind(ack, 'AccessEntry');
    expect(spec(entry)).toMatchObject({
      clusterName: 'ticketing',
      type: 'EC2_LINUX',
      principalARN: 'arn:aws:iam::111122223333:role/KarpenterNodeRole-ticketing',
    });
    expect(spec(ofKind(ack, 'InstanceProfile')[0]).roleRef).toEqual({
      from: { name: 'ticketing-node-role' },
    });
    expect(spec(ofKind(ack, 'PodIdentityAssociation')[0])).toMatchObject({
      namespace: 'kube-system',
      serviceAccount: 'karpenter',
      roleRef: { from: { name: 'ticketing-controller-role' } },
    });
    expect(spec(ofKind(ack, 'ServiceLinkedRole')[0]).awsServiceName).toBe('spot.amazonaws.com');
    expect(new Set(ack.map((o) => o.metadata.namespace))).toEqual(new Set([ACK_NAMESPACE]));
  });

  it('with IRSA writes no association: the controller role trusts the OIDC provider', () => {
    const oidc = 'arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/EXAMPLE';
    const { ack } = both({
      iam: {
        identity: {
          type: 'irsa',
          oidcProviderArn: oidc,
          oidcIssuer: 'oidc.eks.eu-west-1.amazonaws.com/id/EXAMPLE',
        },
      },
    });
    expect(ofKind(ack, 'PodIdentityAssociation')).toEqual([]);
    const controller = ofKind(ack, 'Role')[1];
    expect(spec(controller).assumeRolePolicyDocument).toContain(oidc);
  });
});

describe('ACK deletion policy and region', () => {
  it('retains roles, the Spot service-linked role and the queue by default, not the policies or rules', () => {
    const { ack } = both({ iam: { createSpotServiceLinkedRole: true } });
    const retained = ack
      .filter((o) => o.metadata.annotations['services.k8s.aws/deletion-policy'] === 'retain')
      .map((o) => o.kind);
    expect(retained).toEqual(['Role', 'Role', 'Queue', 'ServiceLinkedRole']);
    for (const o of ack) expect(o.metadata.annotations['services.k8s.aws/region']).toBe('eu-west-1');
  });

  it('writes delete when aws.ack.deletionPolicy is delete', () => {
    const c = clusterModel({
      aws: { managedBy: 'ack', ack: { destination: { name: 'hub' }, deletionPolicy: 'delete' } },
    });
    const roles = ackObjects(c, awsSideModel(c)).filter((o) => o.kind === 'Role');
    expect(roles.map((o) => o.metadata.annotations['services.k8s.aws/deletion-policy'])).toEqual([
      'delete',
      'delete',
    ]);
  });
});
