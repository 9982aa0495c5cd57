/** The controller's identity: IRSA needs an OIDC provider of the cluster's account. */
import { errorsOfCluster, MINIMAL } from '../../support/fleet-files';

describe('controller identity checks', () => {
  it('IRSA without an OIDC provider, and a malformed one', () => {
    expect(errorsOfCluster(MINIMAL + 'iam:\n  identity: irsa\n')).toEqual([
      'clusters/demo.yaml:8:13 iam.identity: IRSA needs the cluster’s OIDC provider, but iam.oidcProviderArn is missing. Add iam.oidcProviderArn: arn:aws:iam::<account>:oidc-provider/oidc.eks.<region>.amazonaws.com/id/<ID> (or use identity: pod-identity).',
    ]);
    expect(
      errorsOfCluster(
        MINIMAL + 'iam:\n  identity: irsa\n  oidcProviderArn: arn:aws:iam::111122223333:role/x\n',
      ),
    ).toEqual([
      "clusters/demo.yaml:9:20 iam.oidcProviderArn: 'arn:aws:iam::111122223333:role/x' is not an IAM OIDC provider ARN. Write arn:aws:iam::<account>:oidc-provider/oidc.eks.<region>.amazonaws.com/id/<ID> (aws eks describe-cluster shows the issuer).",
    ]);
  });

  it('an OIDC provider of another account', () => {
    expect(
      errorsOfCluster(
        MINIMAL +
          'iam:\n  identity: irsa\n  oidcProviderArn: arn:aws:iam::999999999999:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABC\n',
      ),
    ).toEqual([
      'clusters/demo.yaml:9:20 iam.oidcProviderArn: the OIDC provider is in account 999999999999, but the cluster is in 111122223333. Use the OIDC provider of this cluster’s account.',
    ]);
  });
});
