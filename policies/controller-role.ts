/**
 * The controller role: its trust (EKS Pod Identity or IRSA, per cluster), the managed
 * policies attached to it, and for Pod Identity the association with the controller's
 * service account.
 */
import { ClusterModel } from '../model';
import { CfnResource, getAtt, ref } from './cfn';
import { controllerPolicies } from './controller-policies';
import { PolicyDocument, policyDocument, statement } from './policy-document';
import { resourceTags } from './tags';

export const CONTROLLER_ROLE_ID = 'KarpenterControllerRole';
export const POD_IDENTITY_ASSOCIATION_ID = 'KarpenterControllerPodIdentityAssociation';

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

export function controllerRoleResources(cluster: ClusterModel): Record<string, CfnResource> {
  const out: Record<string, CfnResource> = {
    [CONTROLLER_ROLE_ID]: {
      Type: 'AWS::IAM::Role',
      Properties: {
        RoleName: cluster.iam.controllerRoleName,
        Description: `Karpenter controller of EKS cluster ${cluster.name}`,
        Path: cluster.iam.path,
        AssumeRolePolicyDocument: controllerTrustPolicy(cluster),
        ManagedPolicyArns: controllerPolicies(cluster).map((p) => ref(p.logicalId)),
        ...(cluster.iam.permissionsBoundaryArn !== undefined
          ? { PermissionsBoundary: cluster.iam.permissionsBoundaryArn }
          : {}),
        Tags: resourceTags(cluster),
      },
    },
  };
  for (const p of controllerPolicies(cluster))
    out[p.logicalId] = {
      Type: 'AWS::IAM::ManagedPolicy',
      Properties: {
        ManagedPolicyName: p.name,
        Description: p.description,
        Path: cluster.iam.path,
        PolicyDocument: p.document,
      },
    };
  if (cluster.iam.identity.type === 'pod-identity')
    out[POD_IDENTITY_ASSOCIATION_ID] = {
      Type: 'AWS::EKS::PodIdentityAssociation',
      Properties: {
        ClusterName: cluster.name,
        Namespace: cluster.karpenter.namespace,
        ServiceAccount: cluster.karpenter.serviceAccount,
        RoleArn: getAtt(CONTROLLER_ROLE_ID, 'Arn'),
        Tags: resourceTags(cluster),
      },
    };
  return out;
}
