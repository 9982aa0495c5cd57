/**
 * Who can become the controller: only EKS Pod Identity for this account, cluster,
 * namespace and service account (or, with IRSA, only tokens of that service account from
 * the cluster's OIDC provider), evaluated against the trust policy with the simulator.
 */
import { ClusterModel } from '../../model/shared/fleet-model';
import { controllerTrustPolicy, serviceAccountSubject } from '../../policies/controller-role';
import { arnBuilder } from '../../policies/partition';
import { ContextValue } from '../../policies/scenarios/scenarios';
import { ACCOUNT, clusterModel, fullCluster } from './fixtures';
import { simulate } from '../../policies/scenarios/simulate-scenario';

async function assume(
  cluster: ClusterModel,
  principal: string,
  action: string,
  context: Record<string, ContextValue>,
) {
  const role = arnBuilder(cluster.aws).role(cluster.iam.controllerRoleName, cluster.iam.path);
  const outcome = await simulate(
    {
      principal,
      action,
      resource: role,
      accountId: ACCOUNT,
      context: { 'aws:SecureTransport': 'true', ...context },
    },
    [],
    controllerTrustPolicy(cluster),
  );
  return outcome.decision;
}

describe('controller trust with EKS Pod Identity', () => {
  const cluster = clusterModel();
  const tags = (o: Record<string, string> = {}) => ({
    'aws:SourceAccount': ACCOUNT,
    'aws:RequestTag/eks-cluster-name': 'ticketing',
    'aws:RequestTag/kubernetes-namespace': 'kube-system',
    'aws:RequestTag/kubernetes-service-account': 'karpenter',
    ...o,
  });

  it.each(['sts:AssumeRole', 'sts:TagSession'])(
    'lets Pod Identity %s for the controller service account',
    async (action) => {
      expect(await assume(cluster, 'pods.eks.amazonaws.com', action, tags())).toBe('allowed');
    },
  );

  it.each([
    ['another namespace', { 'aws:RequestTag/kubernetes-namespace': 'default' }],
    ['another service account', { 'aws:RequestTag/kubernetes-service-account': 'attacker' }],
    ['another cluster', { 'aws:RequestTag/eks-cluster-name': 'other-cluster' }],
    ['another account', { 'aws:SourceAccount': '999988887777' }],
  ])('refuses %s', async (_label, override) => {
    expect(await assume(cluster, 'pods.eks.amazonaws.com', 'sts:AssumeRole', tags(override))).toBe('denied');
  });

  it('refuses other services', async () => {
    expect(await assume(cluster, 'ec2.amazonaws.com', 'sts:AssumeRole', tags())).toBe('denied');
  });
});

describe('controller trust with IRSA', () => {
  // The simulator does not know the claim keys of a cluster's own OIDC provider (it drops
  // them from the request), so IRSA trust is checked structurally, statement for statement.
  it('admits only tokens of the controller service account issued for STS', () => {
    const cluster = fullCluster();
    const identity = cluster.iam.identity as { oidcProviderArn: string; oidcIssuer: string };
    expect(controllerTrustPolicy(cluster).Statement).toEqual([
      {
        Sid: 'AllowIrsaForKarpenterServiceAccount',
        Effect: 'Allow',
        Principal: { Federated: identity.oidcProviderArn },
        Action: 'sts:AssumeRoleWithWebIdentity',
        Condition: {
          StringEquals: {
            [`${identity.oidcIssuer}:aud`]: 'sts.amazonaws.com',
            [`${identity.oidcIssuer}:sub`]: serviceAccountSubject(cluster),
          },
        },
      },
    ]);
    expect(
      serviceAccountSubject(clusterModel({ namespace: 'karpenter', serviceAccount: 'controller' })),
    ).toBe('system:serviceaccount:karpenter:controller');
  });
});
