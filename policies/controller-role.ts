/**
 * The controller role's trust: EKS Pod Identity or IRSA, per cluster (the role itself, its
 * policies and the Pod Identity association are parts of the neutral model, policies/aws-side.ts).
 */
import { ClusterModel } from '../model';
import { PolicyDocument, policyDocument, statement } from './policy-document';

/** Service principal of EKS Pod Identity (the same in every partition). */
export const POD_IDENTITY_PRINCIPAL = 'pods.eks.amazonaws.com';
/** Audience of the projected service-account token IRSA exchanges. */
export const IRSA_AUDIENCE = 'sts.amazonaws.com';

/** `system:serviceaccount:<namespace>:<name>`, the `sub` of the controller's token. */
export function serviceAccountSubject(cluster: ClusterModel): string {
  return `system:serviceaccount:${cluster.karpenter.namespace}:${cluster.karpenter.serviceAccount}`;
}

/**
 * Pod Identity: only EKS Pod Identity, for this account, cluster, namespace and service
 * account (session tags EKS sets on the request). IRSA: only the cluster's OIDC provider,
 * for tokens of the controller's service account issued to STS.
 */
export function controllerTrustPolicy(cluster: ClusterModel): PolicyDocument {
  const identity = cluster.iam.identity;
  if (identity.type === 'pod-identity')
    return policyDocument([
      statement({
        Sid: 'AllowEksPodIdentityForKarpenterServiceAccount',
        Effect: 'Allow',
        Principal: { Service: POD_IDENTITY_PRINCIPAL },
        Action: ['sts:AssumeRole', 'sts:TagSession'],
        Condition: {
          StringEquals: {
            'aws:SourceAccount': cluster.aws.accountId,
            'aws:RequestTag/eks-cluster-name': cluster.name,
            'aws:RequestTag/kubernetes-namespace': cluster.karpenter.namespace,
            'aws:RequestTag/kubernetes-service-account': cluster.karpenter.serviceAccount,
          },
        },
      }),
    ]);
  return policyDocument([
    statement({
      Sid: 'AllowIrsaForKarpenterServiceAccount',
      Effect: 'Allow',
      Principal: { Federated: identity.oidcProviderArn },
      Action: 'sts:AssumeRoleWithWebIdentity',
      Condition: {
        StringEquals: {
          [`${identity.oidcIssuer}:aud`]: IRSA_AUDIENCE,
          [`${identity.oidcIssuer}:sub`]: serviceAccountSubject(cluster),
        },
      },
    }),
  ]);
}
