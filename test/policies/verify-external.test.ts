import { IAMClient } from '@aws-sdk/client-iam';
import { awsSideModel } from '../../policies/aws-side';
import { arnBuilder } from '../../policies/partition';
import { PolicyDocument } from '../../policies/policy-document';
import { controllerScenarios } from '../../policies/scenarios/scenarios';
import { failsVerification } from '../../policies/verify';
import { verifyExternalCluster } from '../../policies/verify-external';
import { ACCOUNT, clusterModel } from './fixtures';
import { FakeIam, FakeIamState, startFakeIam } from './fake-iam-server';

const ACCESS_KEY = 'AKIAFAKEFORTESTSONLY';

function client(endpoint: string) {
  return new IAMClient({
    region: 'eu-west-1',
    endpoint,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: 'fake-secret-for-tests-only' },
    maxAttempts: 1,
  });
}

/** A cluster whose roles and queue exist (named as terraform-aws-eks's karpenter module names them). */
const cluster = clusterModel({
  aws: { managedBy: 'external' },
  iam: { controllerRoleName: 'KarpenterController-ticketing', nodeRoleName: 'Karpenter-ticketing' },
  queueName: 'Karpenter-ticketing',
});

/**
 * What another tool set up: a node role with the join policies but without SSM, and a controller
 * role holding all of the cluster's statements in ONE inline policy (not the tool's names or split).
 */
function existingState(
  edit: (statements: PolicyDocument['Statement'][number][]) => PolicyDocument['Statement'][number][] = (s) =>
    s,
): FakeIamState {
  const side = awsSideModel(cluster);
  const arn = arnBuilder(cluster.aws);
  const statements = side.controllerPolicies.flatMap((p) => p.document.Statement);
  return {
    policies: new Map(),
    roles: new Map([
      [
        'Karpenter-ticketing',
        {
          arn: arn.role('Karpenter-ticketing', '/'),
          path: '/',
          trust: side.nodeRole.trust,
          attached: [
            'AmazonEKSWorkerNodePolicy',
            'AmazonEC2ContainerRegistryPullOnly',
            'AmazonEKS_CNI_Policy',
          ].map((p) => arn.awsManagedPolicy(p)),
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
          inline: new Map([['KarpenterController', { Version: '2012-10-17', Statement: edit(statements) }]]),
        },
      ],
    ]),
  };
}

describe('policies verify of an external cluster against a local IAM stand-in', () => {
  let iam: FakeIam;
  afterEach(async () => iam?.close());

  it('proves an existing role with differently organised policies, and notes what the team grants another way', async () => {
    iam = await startFakeIam(existingState(), ACCOUNT, ACCESS_KEY);
    const result = await verifyExternalCluster(client(iam.endpoint), cluster);
    expect(result.findings).toEqual([
      {
        kind: 'note',
        subject: 'role Karpenter-ticketing',
        message:
          'AmazonSSMManagedInstanceCore is not attached (the generated node role has it; fine if the team grants it another way)',
      },
    ]);
    expect(result.findings.filter(failsVerification)).toEqual([]);
    expect(result.scenariosRun).toBe(controllerScenarios(cluster).length);
    expect(result.simulatedDocuments).toBe('existing');
    expect(new Set(iam.calls.map((c) => c.action))).not.toContain('GetPolicy');
  });

  it('fails each scenario Karpenter needs that the role denies, and reports broader grants without failing', async () => {
    iam = await startFakeIam(
      existingState((s) => [
        ...s.filter((x) => x.Sid !== 'AllowInterruptionQueueActions'),
        { Sid: 'Broad', Effect: 'Allow', Action: 'ec2:TerminateInstances', Resource: '*' },
      ]),
      ACCOUNT,
      ACCESS_KEY,
    );
    const result = await verifyExternalCluster(client(iam.endpoint), cluster);
    const failing = result.findings.filter(failsVerification);
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.every((f) => f.kind === 'scenario' && /^scenario .*/.test(f.subject))).toBe(true);
    expect(failing.map((f) => f.message).join('\n')).toContain(
      'receive interruption messages: IAM says implicitDeny',
    );
    expect(failing[0].message).toContain('and Karpenter needs it');
    const broader = result.findings.filter((f) => f.kind === 'broader');
    expect(broader.length).toBeGreaterThan(0);
    expect(broader.every((f) => f.message.includes('allows it; the generated policies would not'))).toBe(
      true,
    );
  });

  it('names missing roles, a trust that does not admit the identity, and a node role without the join policy', async () => {
    const state = existingState();
    const controller = state.roles.get('KarpenterController-ticketing');
    if (!controller) throw new Error('fixture');
    controller.trust = {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Principal: { Service: 'ec2.amazonaws.com' }, Action: 'sts:AssumeRole' }],
    };
    const node = state.roles.get('Karpenter-ticketing');
    if (!node) throw new Error('fixture');
    node.attached = [];
    iam = await startFakeIam(state, ACCOUNT, ACCESS_KEY);
    const result = await verifyExternalCluster(client(iam.endpoint), cluster);
    expect(result.findings.filter(failsVerification).map((f) => [f.kind, f.subject, f.message])).toEqual([
      [
        'drift',
        'role Karpenter-ticketing',
        'AmazonEKSWorkerNodePolicy is not attached: nodes cannot join the cluster',
      ],
      [
        'drift',
        'role KarpenterController-ticketing',
        'its trust policy does not admit pods.eks.amazonaws.com (iam.identity: pod-identity): the controller cannot assume it',
      ],
    ]);
    await iam.close();
    iam = await startFakeIam({ roles: new Map(), policies: new Map() }, ACCOUNT, ACCESS_KEY);
    const none = await verifyExternalCluster(client(iam.endpoint), cluster);
    expect(none.findings.map((f) => [f.kind, f.subject])).toEqual([
      ['missing', 'role Karpenter-ticketing'],
      ['missing', 'role KarpenterController-ticketing'],
    ]);
    expect(none.scenariosRun).toBe(0);
  });
});
