/**
 * Reserved capacity and placement groups end to end on the IAM side: the controller may launch
 * into a capacity reservation (also one shared from another account) and a placement group, and
 * discover both, as the official Karpenter 1.14.1 policy allows.
 */
import { controllerPolicies } from '../../policies/controller-policies';
import { ACCOUNT, clusterModel } from './fixtures';
import { roleArn, simulate } from '../../policies/scenarios/simulate-scenario';

const cluster = clusterModel();
const policies = controllerPolicies(cluster).map((p) => ({ name: p.name, document: p.document }));
const region = cluster.aws.region;

async function decide(action: string, resource: string, context: Record<string, string> = {}) {
  return (
    await simulate(
      {
        principal: roleArn(ACCOUNT, cluster.iam.controllerRoleName),
        action,
        resource,
        accountId: ACCOUNT,
        context: { 'aws:SecureTransport': 'true', 'aws:RequestedRegion': region, ...context },
      },
      policies,
    )
  ).decision;
}

describe('controller IAM for reserved capacity and placement groups', () => {
  it.each([
    ['ec2:RunInstances', `arn:aws:ec2:${region}:${ACCOUNT}:capacity-reservation/cr-0123456789abcdef0`],
    ['ec2:CreateFleet', `arn:aws:ec2:${region}:${ACCOUNT}:capacity-reservation/cr-0123456789abcdef0`],
    ['ec2:RunInstances', `arn:aws:ec2:${region}:444455556666:capacity-reservation/cr-0fedcba9876543210`],
    ['ec2:CreateFleet', `arn:aws:ec2:${region}:${ACCOUNT}:placement-group/training-cluster-pg`],
  ])('allows %s on %s', async (action, resource) => {
    expect(await decide(action, resource)).toBe('allowed');
  });

  it.each(['ec2:DescribeCapacityReservations', 'ec2:DescribePlacementGroups'])(
    'allows %s in the cluster region',
    async (action) => {
      expect(await decide(action, '*')).toBe('allowed');
    },
  );

  it('does not allow launching into a reservation in another region', async () => {
    expect(
      await decide(
        'ec2:RunInstances',
        `arn:aws:ec2:eu-central-1:${ACCOUNT}:capacity-reservation/cr-0123456789abcdef0`,
        { 'aws:RequestedRegion': 'eu-central-1' },
      ),
    ).toBe('denied');
  });
});
