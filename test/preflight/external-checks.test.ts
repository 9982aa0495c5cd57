import { IAMClient } from '@aws-sdk/client-iam';
import { AwsCallError } from '../../preflight/aws-call';
import { createClients, PreflightClients } from '../../preflight/aws-clients';
import { checkExternalPermissions, checkExternalRules } from '../../preflight/external-checks';
import { INTERRUPTION_EVENTS } from '../../policies/interruption-events';
import { queueArn } from '../../policies/interruption-queue';
import { awsSideModel } from '../../policies/aws-side';
import { arnBuilder } from '../../policies/partition';
import { clusterModel } from '../policies/fixtures';
import { FakeIam, startFakeIam } from '../policies/fake-iam-server';
import { preflightCluster, readyAccount } from './account';
import { FakeAws, startFakeAws } from './fake-aws-server';
import { ACCESS_KEY } from './run-cli';

const credentials = { accessKeyId: ACCESS_KEY, secretAccessKey: 'fake-secret-for-tests-only' };

describe('preflight of an external cluster', () => {
  let aws: FakeAws | undefined;
  let iam: FakeIam | undefined;
  afterEach(async () => {
    await aws?.close();
    await iam?.close();
    aws = undefined;
    iam = undefined;
  });

  it('finds the rules by the queue they target, whatever they are called, and names each event without one', async () => {
    const cluster = preflightCluster({ aws: { ...preflightCluster().aws, managedBy: 'external' } });
    const state = readyAccount(cluster);
    state.rules = new Map(
      INTERRUPTION_EVENTS.filter((e) => e.kind !== 'capacityReservationInterruption').map((e, i) => [
        `KarpenterEvent${i}-20260101abcdef`,
        {
          state: e.kind === 'rebalanceRecommendation' ? 'DISABLED' : 'ENABLED',
          targets: [queueArn(cluster)],
          pattern: JSON.stringify({ source: [e.source], 'detail-type': [e.detailType] }),
        },
      ]),
    );
    aws = await startFakeAws(state, ACCESS_KEY);
    const clients = createClients({
      region: cluster.aws.region,
      endpoint: aws.endpoint,
      credentials,
      maxAttempts: 1,
    });
    const results = await checkExternalRules(clients, cluster);
    expect(results.map((r) => [r.status, r.subject, r.message])).toEqual([
      ['pass', 'AWS Health Event events', 'rule KarpenterEvent0-20260101abcdef sends them to the queue'],
      [
        'pass',
        'EC2 Spot Instance Interruption Warning events',
        'rule KarpenterEvent1-20260101abcdef sends them to the queue',
      ],
      [
        'fail',
        'EC2 Instance Rebalance Recommendation events',
        'rule KarpenterEvent2-20260101abcdef targets the queue but is not enabled',
      ],
      [
        'pass',
        'EC2 Instance State-change Notification events',
        'rule KarpenterEvent3-20260101abcdef sends them to the queue',
      ],
      [
        'fail',
        'EC2 Capacity Reservation Instance Interruption Warning events',
        `no EventBridge rule sends them to the queue ${queueArn(cluster)}: Karpenter never sees them`,
      ],
    ]);
    expect(aws.calls.map((c) => c.operation)).toContain('ListRuleNamesByTarget');
  });

  it('proves the existing controller role with its own policies, and fails with what it denies', async () => {
    const cluster = clusterModel({
      aws: { managedBy: 'external' },
      iam: { controllerRoleName: 'KarpenterController-ticketing', nodeRoleName: 'Karpenter-ticketing' },
    });
    const side = awsSideModel(cluster);
    const arn = arnBuilder(cluster.aws);
    const statements = side.controllerPolicies.flatMap((p) => p.document.Statement);
    const roles = (allow: typeof statements) =>
      new Map([
        [
          'Karpenter-ticketing',
          {
            arn: arn.role('Karpenter-ticketing', '/'),
            path: '/',
            trust: side.nodeRole.trust,
            attached: [arn.awsManagedPolicy('AmazonEKSWorkerNodePolicy')],
            inline: new Map(),
          },
        ],
        [
          'KarpenterController-ticketing',
          {
            arn: arn.role('KarpenterController-ticketing', '/'),
            path: '/',
            trust: side.controllerRole!.trust,
            attached: [],
            inline: new Map([['Karpenter', { Version: '2012-10-17' as const, Statement: allow }]]),
          },
        ],
      ]);
    const clientsFor = (endpoint: string): PreflightClients =>
      ({
        iam: new IAMClient({ region: 'eu-west-1', endpoint, credentials, maxAttempts: 1 }),
      }) as unknown as PreflightClients;
    iam = await startFakeIam(
      { roles: roles(statements), policies: new Map() },
      cluster.aws.accountId,
      ACCESS_KEY,
    );
    const ok = await checkExternalPermissions(clientsFor(iam.endpoint), cluster);
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({
      check: 'controller-identity',
      status: 'pass',
      subject: 'role KarpenterController-ticketing permissions',
    });
    expect(ok[0].message).toMatch(
      /^\d+ scenarios decided as the cluster needs by IAM's simulator with the role's own policies$/,
    );
    await iam.close();
    iam = await startFakeIam(
      { roles: roles(statements.filter((s) => s.Sid !== 'AllowPassingInstanceRole')), policies: new Map() },
      cluster.aws.accountId,
      ACCESS_KEY,
    );
    const denied = await checkExternalPermissions(clientsFor(iam.endpoint), cluster);
    expect(denied.length).toBeGreaterThan(0);
    expect(denied.every((r) => r.status === 'fail' && r.check === 'controller-identity')).toBe(true);
    expect(denied.map((r) => r.message).join('\n')).toContain('and Karpenter needs it');
  });

  it('turns an IAM error while proving the roles into one AwsCallError, not a raw SDK exception', async () => {
    const cluster = clusterModel({ name: 'ticketing' });
    iam = await startFakeIam({ roles: new Map(), policies: new Map() }, cluster.aws.accountId, ACCESS_KEY);
    const clients = {
      iam: new IAMClient({
        region: 'eu-west-1',
        endpoint: iam.endpoint,
        maxAttempts: 1,
        credentials: { accessKeyId: 'AKIAWRONGKEY', secretAccessKey: 'fake' },
      }),
    } as unknown as PreflightClients;
    const thrown = await checkExternalPermissions(clients, cluster).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(AwsCallError);
    expect(thrown).toMatchObject({ service: 'IAM', kind: 'credentials' });
    expect((thrown as AwsCallError).operation).toContain('SimulateCustomPolicy');
  });
});
