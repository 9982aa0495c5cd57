/**
 * The controller's identity (Pod Identity or IRSA) and the IAM policies the cluster names:
 * OIDC provider, extra node-role policies, permissions boundary.
 */
import { CheckContext } from './check-context';
import { RawCluster } from '../parse/raw-fleet';
import { show } from '../shared/show-value';

export const OIDC_PROVIDER_ARN =
  /^arn:(aws|aws-cn|aws-us-gov):iam::([0-9]{12}):oidc-provider\/([A-Za-z0-9.-]+(\/[A-Za-z0-9._-]+)*)$/;
const POLICY_ARN = /^arn:(aws|aws-cn|aws-us-gov):iam::([0-9]{12}|aws):policy\/[\w+=,.@/-]+$/;

export function checkControllerIdentity(ctx: CheckContext): void {
  const raw = ctx.raw;
  const aws: RawCluster['aws'] | undefined = raw.aws;
  const iam = raw.iam ?? {};
  const identity = iam.identity ?? 'pod-identity';
  if (identity === 'irsa' && iam.oidcProviderArn === undefined) {
    ctx.error(
      ['iam', 'identity'],
      'IRSA needs the cluster’s OIDC provider, but iam.oidcProviderArn is missing',
      'Add iam.oidcProviderArn: arn:aws:iam::<account>:oidc-provider/oidc.eks.<region>.amazonaws.com/id/<ID> (or use identity: pod-identity)',
    );
  }
  if (iam.oidcProviderArn !== undefined) {
    const m = OIDC_PROVIDER_ARN.exec(iam.oidcProviderArn);
    if (identity !== 'irsa') {
      ctx.error(
        ['iam', 'oidcProviderArn'],
        'oidcProviderArn is only used with identity: irsa',
        'Remove it, or set iam.identity: irsa',
      );
    } else if (!m) {
      ctx.error(
        ['iam', 'oidcProviderArn'],
        `'${show(iam.oidcProviderArn)}' is not an IAM OIDC provider ARN`,
        'Write arn:aws:iam::<account>:oidc-provider/oidc.eks.<region>.amazonaws.com/id/<ID> (aws eks describe-cluster shows the issuer)',
      );
    } else if (aws !== undefined && m[2] !== aws.accountId) {
      ctx.error(
        ['iam', 'oidcProviderArn'],
        `the OIDC provider is in account ${m[2]}, but the cluster is in ${aws.accountId}`,
        'Use the OIDC provider of this cluster’s account',
      );
    }
  }
  (iam.nodeRoleExtraPolicyArns ?? []).forEach((arn, i) => {
    if (!POLICY_ARN.test(arn))
      ctx.error(
        ['iam', 'nodeRoleExtraPolicyArns', i],
        `'${show(arn)}' is not an IAM policy ARN`,
        'Write arn:aws:iam::aws:policy/<name> or arn:aws:iam::<account>:policy/<name>',
      );
  });
  if (iam.permissionsBoundaryArn !== undefined && !POLICY_ARN.test(iam.permissionsBoundaryArn)) {
    ctx.error(
      ['iam', 'permissionsBoundaryArn'],
      `'${show(iam.permissionsBoundaryArn)}' is not an IAM policy ARN`,
      'Write arn:aws:iam::<account>:policy/<name>',
    );
  }
}
