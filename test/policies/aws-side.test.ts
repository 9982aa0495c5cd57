import { AWS_SIDE_IDS, awsSideModel, awsTags } from '../../policies/aws-side';
import { controllerPolicies } from '../../policies/controller-policies';
import { scenarioInputs } from '../../policies/scenarios/scenario-inputs';
import { ACCOUNT, REGION, clusterModel, fullCluster } from './fixtures';

describe('the neutral AWS-side model', () => {
  it('a Pod Identity cluster: roles, policies in order, association, queue and five rules, no optional parts', () => {
    const side = awsSideModel(clusterModel());
    expect(side.nodeRole).toMatchObject({
      id: 'KarpenterNodeRole',
      name: 'KarpenterNodeRole-ticketing',
      path: '/',
      policyIds: [],
    });
    expect(side.controllerRole!.policyIds).toEqual(
      controllerPolicies(clusterModel()).map((p) => p.logicalId),
    );
    expect(side.controllerRole!.policyArns).toEqual([]);
    expect(side.podIdentityAssociation).toEqual({
      id: AWS_SIDE_IDS.podIdentityAssociation,
      clusterName: 'ticketing',
      namespace: 'kube-system',
      serviceAccount: 'karpenter',
      roleId: AWS_SIDE_IDS.controllerRole,
    });
    expect(side.accessEntry).toEqual({
      id: 'KarpenterNodeAccessEntry',
      clusterName: 'ticketing',
      roleId: 'KarpenterNodeRole',
      type: 'EC2_LINUX',
      accessPolicies: [],
    });
    expect(side.rules.map((r) => r.name)).toEqual([
      'Karpenter-ticketing-Health',
      'Karpenter-ticketing-Spot',
      'Karpenter-ticketing-Rebalance',
      'Karpenter-ticketing-StateChange',
      'Karpenter-ticketing-Reservation',
    ]);
    expect(side.rules.every((r) => r.queueId === side.queue!.id)).toBe(true);
    expect(side.queue).toMatchObject({ name: 'ticketing', messageRetentionSeconds: 300 });
    expect(side.queue!.kmsKeyArn).toBeUndefined();
    expect(side.instanceProfile).toBeUndefined();
    expect(side.spotServiceLinkedRole).toBeUndefined();
    expect(side.keyPolicies).toEqual({});
    expect([side.accountId, side.region, side.partition]).toEqual([ACCOUNT, REGION, 'aws']);
  });

  it('IRSA and every option: no association, boundary on both roles, profile, Spot role, extra node policies', () => {
    const side = awsSideModel(fullCluster());
    expect(side.podIdentityAssociation).toBeUndefined();
    expect(side.controllerRole!.trust.Statement[0].Action).toBe('sts:AssumeRoleWithWebIdentity');
    expect(side.nodeRole.permissionsBoundaryArn).toBe(side.controllerRole!.permissionsBoundaryArn);
    expect(side.nodeRole.permissionsBoundaryArn).toBe(`arn:aws:iam::${ACCOUNT}:policy/PlatformBoundary`);
    expect(side.instanceProfile).toMatchObject({ roleId: 'KarpenterNodeRole', name: side.nodeRole.name });
    expect(side.spotServiceLinkedRole?.serviceName).toBe('spot.amazonaws.com');
    expect(side.nodeRole.policyArns).toContain(`arn:aws:iam::${ACCOUNT}:policy/NodeExtras`);
  });

  it('tags: sorted by key, the tool’s managed-by wins over a user tag of that key', () => {
    expect(awsTags(clusterModel({ tags: { z: '1', 'app.kubernetes.io/managed-by': 'me', a: '2' } }))).toEqual(
      [
        { key: 'a', value: '2' },
        { key: 'app.kubernetes.io/managed-by', value: 'karpenter-gitops' },
        { key: 'z', value: '1' },
      ],
    );
  });

  it('is what the policy scenarios prove: the same documents, the same queue policy', () => {
    const c = fullCluster();
    const side = awsSideModel(c);
    const inputs = scenarioInputs(c, side);
    expect(inputs.controllerPolicies).toEqual(
      side.controllerPolicies.map((p) => ({ name: p.name, document: p.document })),
    );
    expect(inputs.queuePolicy).toBe(side.queue!.policy);
    expect(inputs.controllerRoleArn).toBe(
      `arn:aws:iam::${ACCOUNT}:role/${c.iam.path.replace(/^\//, '')}${c.iam.controllerRoleName}`,
    );
  });
});
