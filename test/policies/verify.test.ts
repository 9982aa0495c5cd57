import { IAMClient } from '@aws-sdk/client-iam';
import { controllerScenarios } from '../../policies/scenarios/scenarios';
import { contextEntries, verifyCluster } from '../../policies/verify';
import { ACCOUNT, clusterModel, fullCluster } from './fixtures';
import { FakeIam, deployedState, startFakeIam } from './fake-iam-server';

/** Fake static credentials, accepted only by the local fake IAM. */
const ACCESS_KEY = 'AKIAFAKEFORTESTSONLY';

function client(endpoint: string, accessKeyId = ACCESS_KEY) {
  return new IAMClient({
    region: 'eu-west-1',
    endpoint,
    credentials: { accessKeyId, secretAccessKey: 'fake-secret-for-tests-only' },
    maxAttempts: 1,
  });
}

describe('policies verify against a local IAM stand-in', () => {
  let iam: FakeIam;
  afterEach(async () => iam?.close());

  it('finds no drift when the generated stack is deployed, and all scenarios pass in IAM simulation', async () => {
    const cluster = fullCluster();
    iam = await startFakeIam(deployedState(cluster), ACCOUNT, ACCESS_KEY);
    const result = await verifyCluster(client(iam.endpoint), cluster);
    expect(result.findings).toEqual([]);
    expect(result.simulatedDocuments).toBe('deployed');
    expect(result.scenariosRun).toBe(controllerScenarios(cluster).length);
    const actions = new Set(iam.calls.map((c) => c.action));
    expect([...actions].sort()).toEqual([
      'GetPolicy',
      'GetPolicyVersion',
      'GetRole',
      'ListAttachedRolePolicies',
      'ListRolePolicies',
      'SimulateCustomPolicy',
    ]);
    // The default version IAM reported is the one read.
    expect(
      iam.calls
        .filter((c) => c.action === 'GetPolicyVersion')
        .every((c) => c.params.get('VersionId') === 'v3'),
    ).toBe(true);
    expect(iam.calls.every((c) => c.accessKey === ACCESS_KEY)).toBe(true);
  });

  it('reports each kind of drift and the scenarios it breaks', async () => {
    const cluster = clusterModel();
    const state = deployedState(cluster);
    const policyArn = `arn:aws:iam::${ACCOUNT}:policy/KarpenterControllerNodeLifecyclePolicy-ticketing`;
    const policy = state.policies.get(policyArn)!;
    policy.document = {
      ...policy.document,
      Statement: policy.document.Statement.filter((s) => s.Sid !== 'AllowScopedDeletion'),
    };
    const controller = state.roles.get('KarpenterControllerRole-ticketing')!;
    controller.attached.push('arn:aws:iam::aws:policy/AdministratorAccess');
    controller.inline.set('debug', {
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['ec2:*', 's3:GetObject'], Resource: '*' }],
    });
    const node = state.roles.get('KarpenterNodeRole-ticketing')!;
    node.attached = node.attached.filter((a) => !a.endsWith('/AmazonSSMManagedInstanceCore'));
    node.trust = {
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'AllowEC2ToAssumeNodeRole',
          Effect: 'Allow',
          Principal: { Service: 'lambda.amazonaws.com' },
          Action: 'sts:AssumeRole',
        },
      ],
    };
    iam = await startFakeIam(state, ACCOUNT, ACCESS_KEY);

    const result = await verifyCluster(client(iam.endpoint), cluster);
    const lines = result.findings.map((f) => `${f.kind}: ${f.subject}: ${f.message}`);
    expect(lines).toEqual([
      'drift: role KarpenterNodeRole-ticketing: trust policy: changed statements AllowEC2ToAssumeNodeRole',
      'drift: role KarpenterNodeRole-ticketing: managed policy arn:aws:iam::aws:policy/AmazonSSMManagedInstanceCore is not attached',
      'drift: role KarpenterControllerRole-ticketing: managed policy arn:aws:iam::aws:policy/AdministratorAccess is attached but not generated',
      'drift: role KarpenterControllerRole-ticketing: inline policy debug is not generated (grants ec2:*, s3:GetObject); remove it or add what it needs to the fleet description',
      'drift: policy KarpenterControllerNodeLifecyclePolicy-ticketing: missing statements AllowScopedDeletion',
      "scenario: scenario terminate-instance: terminate the cluster's node: IAM says implicitDeny, expected allowed",
      "scenario: scenario delete-launch-template: delete the cluster's launch template: IAM says implicitDeny, expected allowed",
    ]);
  });

  it('reports a stack that was never deployed and simulates the generated policies instead', async () => {
    iam = await startFakeIam({ roles: new Map(), policies: new Map() }, ACCOUNT, ACCESS_KEY);
    const result = await verifyCluster(client(iam.endpoint), clusterModel());
    expect(result.simulatedDocuments).toBe('generated');
    expect(result.findings.filter((f) => f.kind === 'missing').map((f) => f.subject)).toEqual([
      'role KarpenterNodeRole-ticketing',
      'role KarpenterControllerRole-ticketing',
      'policy KarpenterControllerNodeLifecyclePolicy-ticketing',
      'policy KarpenterControllerIAMIntegrationPolicy-ticketing',
      'policy KarpenterControllerEKSIntegrationPolicy-ticketing',
      'policy KarpenterControllerInterruptionPolicy-ticketing',
      'policy KarpenterControllerResourceDiscoveryPolicy-ticketing',
    ]);
    expect(result.findings.filter((f) => f.kind === 'scenario')).toEqual([]);
  });

  it('passes typed context entries to the simulator', () => {
    const s = controllerScenarios(clusterModel()).find((x) => x.id === 'create-tags-node-claim')!;
    const entries = contextEntries(s);
    expect(entries.find((e) => e.ContextKeyName === 'aws:TagKeys')).toEqual({
      ContextKeyName: 'aws:TagKeys',
      ContextKeyValues: ['karpenter.sh/nodeclaim', 'Name'],
      ContextKeyType: 'stringList',
    });
    expect(entries.find((e) => e.ContextKeyName === 'aws:SecureTransport')?.ContextKeyType).toBe('boolean');
    expect(entries.map((e) => e.ContextKeyName)).toEqual([...entries.map((e) => e.ContextKeyName)].sort());
  });
});
