import { ClusterModel } from '../../model/fleet-model';
import { createClients } from '../../preflight/aws-clients';
import { CHECK_IDS, CheckResult } from '../../preflight/check-result';
import { parsePreflightArgs, preflightCli } from '../../preflight/cli';
import { clusterModel, nodePool } from '../policies/fixtures';
import { preflightCluster, readyAccount } from './account';
import { closedPort, FakeAws, FakeAwsState, startFakeAws } from './fake-aws-server';

/** Fake static credentials, accepted only by the local fake. */
const ACCESS_KEY = 'AKIAFAKEPREFLIGHT000';

interface Run {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

async function run(cluster: ClusterModel, endpoint: string, extra: string[] = []): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await preflightCli(
    ['--cluster', cluster.name, '--endpoint-url', endpoint, ...extra],
    { out: (l) => out.push(l), err: (l) => err.push(l), cwd: '/' },
    {
      loadFleet: () => ({ fleet: { clusters: [cluster] }, warnings: [] }),
      createClients: (o) =>
        createClients({
          ...o,
          credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: 'fake-secret-for-tests-only' },
          maxAttempts: 1,
        }),
    },
    '/nonexistent-project',
  );
  return { code, out, err };
}

async function runJson(
  cluster: ClusterModel,
  endpoint: string,
): Promise<{ code: number; checks: CheckResult[] }> {
  const r = await run(cluster, endpoint, ['--format', 'json']);
  return { code: r.code, checks: (JSON.parse(r.out.join('\n')) as { checks: CheckResult[] }).checks };
}

describe('npm run preflight against a local AWS stand-in', () => {
  let aws: FakeAws | undefined;
  afterEach(async () => {
    await aws?.close();
    aws = undefined;
  });

  async function withAccount(cluster: ClusterModel, change: (s: FakeAwsState) => void = () => undefined) {
    const state = readyAccount(cluster);
    change(state);
    aws = await startFakeAws(state, ACCESS_KEY);
    return aws.endpoint;
  }

  it('passes every check on an account that is ready', async () => {
    const cluster = preflightCluster();
    const r = await run(cluster, await withAccount(cluster));
    expect(r.err).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.out[0]).toBe('preflight ticketing (account 111122223333, eu-west-1)');
    expect(r.out.slice(1, -1).every((l) => l.startsWith('  PASS '))).toBe(true);
    expect(r.out).toContain(
      '  PASS spot-service-linked-role: role AWSServiceRoleForEC2Spot: exists; node pools general may use Spot.',
    );
    expect(r.out).toContain(
      '  PASS key-policy: volume key arn:aws:kms:eu-west-1:111122223333:alias/ebs-nodes: admits the Spot service-linked role, the controller role through EC2, EC2 via the account.',
    );
    expect(r.out).toContain(
      '  PASS subnets: node class encrypted-0: 3 subnets (subnet-01, subnet-02, subnet-03) in eu-west-1a, eu-west-1b, eu-west-1c.',
    );
    // x2gd.large is offered only in a zone without subnets; m6g.large is on-demand only but still counts for arm.
    expect(r.out).toContain(
      '  PASS instance-offerings: node pool arm: 2 instance types offered in eu-west-1a, eu-west-1b, eu-west-1c satisfy the requirements (few: Karpenter has little room to find capacity).',
    );
    expect(r.out[r.out.length - 1]).toBe('preflight ticketing: 26 passed, 0 failed, 0 skipped.');
    const checked = new Set(r.out.slice(1, -1).map((l) => /^ {2}PASS (\S+):/.exec(l)?.[1]));
    expect([...checked].sort()).toEqual([...CHECK_IDS].sort());
    // Read-only: only Describe/Get/List operations reached the account, all signed with the given key.
    expect(aws!.calls.every((c) => /^(Describe|Get|List)/.test(c.operation))).toBe(true);
    expect(aws!.calls.every((c) => c.accessKey === ACCESS_KEY)).toBe(true);
  });

  it('writes the same results as JSON with --format json', async () => {
    const cluster = preflightCluster();
    const { code, checks } = await runJson(cluster, await withAccount(cluster));
    expect(code).toBe(0);
    expect(checks).toHaveLength(26);
    expect(checks[0]).toEqual({
      check: 'cluster',
      subject: 'EKS cluster ticketing',
      status: 'pass',
      message: 'status ACTIVE, VPC vpc-0cluster',
    });
  });

  /** One account change, and the failure it must produce. */
  interface FailureCase {
    readonly name: string;
    readonly cluster?: () => ClusterModel;
    readonly change: (s: FakeAwsState, c: ClusterModel) => void;
    readonly expect: Partial<CheckResult> & { readonly check: CheckResult['check'] };
    readonly fix: RegExp;
  }

  const failures: FailureCase[] = [
    {
      name: 'the EKS cluster does not exist',
      change: (s) => {
        s.cluster = undefined;
      },
      expect: {
        check: 'cluster',
        message: 'not found in account 111122223333, region eu-west-1; every check that needs it was skipped',
      },
      fix: /correct `name`\/`aws.region` in clusters\/ticketing.yaml/,
    },
    {
      name: 'no subnet carries the discovery tag',
      change: (s) => {
        for (const sub of s.subnets) sub.tags = {};
      },
      expect: {
        check: 'subnets',
        subject: 'node class encrypted-0',
        message:
          'no subnet matches subnetSelectorTerms (karpenter.sh/discovery=ticketing): nodes never launch',
        source: { file: 'clusters/ticketing.yaml', line: 30, col: 5 },
      },
      fix: /aws ec2 create-tags --resources <subnet-ids> --tags Key=karpenter.sh\/discovery,Value=ticketing/,
    },
    {
      name: 'a selected subnet is in another VPC',
      change: (s) => {
        s.subnets[3].tags = { 'karpenter.sh/discovery': 'ticketing' };
      },
      expect: {
        check: 'subnets',
        subject: 'node class encrypted-0',
        message: "subnets subnet-other (VPC vpc-0other) are outside the cluster's VPC vpc-0cluster",
      },
      fix: /narrow subnetSelectorTerms of node class encrypted-0/,
    },
    {
      name: "a pool's zones have no subnet",
      cluster: () =>
        preflightCluster({
          nodePools: [
            nodePool('zonal', [
              { key: 'topology.kubernetes.io/zone', operator: 'In', values: ['eu-west-1z'] },
            ]),
          ],
        }),
      change: () => undefined,
      expect: {
        check: 'subnets',
        subject: 'node pool zonal',
        message:
          "its topology.kubernetes.io/zone requirements leave none of the zones of node class encrypted-0's subnets (eu-west-1a, eu-west-1b, eu-west-1c)",
        source: { file: 'clusters/ticketing.yaml', line: 60, col: 5 },
      },
      fix: /allow one of eu-west-1a, eu-west-1b, eu-west-1c/,
    },
    {
      name: 'no security group matches',
      change: (s) => {
        s.securityGroups = s.securityGroups.filter((g) => g.id !== 'sg-0nodes');
      },
      expect: {
        check: 'security-groups',
        subject: 'node class encrypted-0',
        message:
          'no security group matches securityGroupSelectorTerms (karpenter.sh/discovery=ticketing): nodes never launch',
      },
      fix: /--resources <security-group-ids>/,
    },
    {
      name: 'a selected security group is in another VPC',
      change: (s) => {
        s.securityGroups[1].tags = { 'karpenter.sh/discovery': 'ticketing' };
      },
      expect: {
        check: 'security-groups',
        message:
          "security groups sg-0other (VPC vpc-0other) are outside the cluster's VPC vpc-0cluster: launches fail",
      },
      fix: /narrow securityGroupSelectorTerms/,
    },
    {
      name: 'the Spot service-linked role is missing',
      change: (s) => {
        s.roles.clear();
      },
      expect: {
        check: 'spot-service-linked-role',
        message:
          'missing, and node pools general may use Spot: every Spot launch fails with AuthFailure.ServiceLinkedRoleCreationNotPermitted',
      },
      fix: /aws iam create-service-linked-role --aws-service-name spot.amazonaws.com/,
    },
    {
      name: 'the Spot service-linked role is missing and the stack does not create it',
      cluster: () =>
        preflightCluster({ iam: { ...preflightCluster().iam, createSpotServiceLinkedRole: false } }),
      change: (s) => {
        s.roles.clear();
      },
      expect: { check: 'spot-service-linked-role', subject: 'role AWSServiceRoleForEC2Spot' },
      fix: /^aws iam create-service-linked-role --aws-service-name spot.amazonaws.com \(or set iam.createSpotServiceLinkedRole: true in clusters\/ticketing.yaml and deploy the stack\)$/,
    },
    {
      name: 'the OIDC provider is missing (IRSA)',
      change: (s) => {
        s.oidcProviders.clear();
      },
      expect: {
        check: 'controller-identity',
        message: 'missing: the controller cannot assume its role (IRSA)',
      },
      fix: /eksctl utils associate-iam-oidc-provider --cluster ticketing --region eu-west-1 --approve/,
    },
    {
      name: "the OIDC provider is another cluster's",
      change: (s) => {
        s.cluster!.oidcIssuer = 'oidc.eks.eu-west-1.amazonaws.com/id/OTHER';
      },
      expect: {
        check: 'controller-identity',
        message:
          "belongs to issuer oidc.eks.eu-west-1.amazonaws.com/id/ABCDEF0123456789, but the cluster's issuer is oidc.eks.eu-west-1.amazonaws.com/id/OTHER",
      },
      fix: /oidc-provider\/oidc.eks.eu-west-1.amazonaws.com\/id\/OTHER/,
    },
    {
      name: 'the Pod Identity agent add-on is missing',
      cluster: () =>
        preflightCluster({ iam: { ...preflightCluster().iam, identity: { type: 'pod-identity' } } }),
      change: (s) => {
        s.addons.clear();
      },
      expect: {
        check: 'controller-identity',
        subject: 'add-on eks-pod-identity-agent',
        message: 'not installed: the controller gets no credentials (Pod Identity)',
      },
      fix: /aws eks create-addon --cluster-name ticketing --addon-name eks-pod-identity-agent/,
    },
    {
      name: 'the cluster is not registered for zonal shift',
      change: (s) => {
        s.cluster!.zonalShift = false;
      },
      expect: {
        check: 'zonal-shift',
        message:
          "not registered for zonal shift, but Karpenter's zonal shift is on (iam.zonalShift): the controller fails at start",
      },
      fix: /aws eks update-cluster-config --name ticketing --region eu-west-1 --zonal-shift-config enabled=true/,
    },
    {
      name: "the node role's access entry is missing",
      change: (s) => {
        s.accessEntries.clear();
      },
      expect: { check: 'access-entry', message: 'missing: nodes with the node role cannot join the cluster' },
      fix: /aws eks create-access-entry --cluster-name ticketing --principal-arn arn:aws:iam::111122223333:role\/karpenter\/KarpenterNodeRole-ticketing --type EC2_LINUX/,
    },
    {
      name: 'the cluster has no access entries (ConfigMap authentication)',
      change: (s) => {
        s.cluster!.authenticationMode = 'CONFIG_MAP';
      },
      expect: {
        check: 'access-entry',
        message:
          'the cluster authenticates with the aws-auth ConfigMap only, so it has no access entries and nodes cannot join',
      },
      fix: /--access-config authenticationMode=API_AND_CONFIG_MAP/,
    },
    {
      name: 'the interruption queue is missing',
      change: (s) => {
        s.queues.clear();
      },
      expect: {
        check: 'interruption-queue',
        message: 'missing: Karpenter (settings.interruptionQueue) fails to start its interruption controller',
      },
      fix: /aws cloudformation deploy --template-file dist\/ticketing\/cloudformation\/karpenter.json --stack-name Karpenter-ticketing/,
    },
    {
      name: 'an interruption rule is missing',
      change: (s) => {
        s.rules.delete('Karpenter-ticketing-Spot');
      },
      expect: {
        check: 'interruption-rules',
        subject: 'rule Karpenter-ticketing-Spot',
        message: 'missing: EC2 Spot Instance Interruption Warning events never reach the queue',
      },
      fix: /aws cloudformation deploy/,
    },
    {
      name: 'an interruption rule is disabled',
      change: (s) => {
        s.rules.get('Karpenter-ticketing-Health')!.state = 'DISABLED';
      },
      expect: {
        check: 'interruption-rules',
        subject: 'rule Karpenter-ticketing-Health',
        message: 'is DISABLED',
      },
      fix: /aws events enable-rule --name Karpenter-ticketing-Health --region eu-west-1/,
    },
    {
      name: 'an interruption rule targets another queue',
      change: (s) => {
        s.rules.get('Karpenter-ticketing-Rebalance')!.targets = ['arn:aws:sqs:eu-west-1:111122223333:other'];
      },
      expect: {
        check: 'interruption-rules',
        message:
          'does not target the queue arn:aws:sqs:eu-west-1:111122223333:ticketing (targets: arn:aws:sqs:eu-west-1:111122223333:other)',
      },
      fix: /aws cloudformation deploy/,
    },
    {
      name: 'the queue key does not admit EventBridge',
      change: (s) => {
        s.keys[0].policy = JSON.stringify({ Version: '2012-10-17', Statement: [] });
      },
      expect: {
        check: 'key-policy',
        subject: 'queue key arn:aws:kms:eu-west-1:111122223333:key/0b5e9a4c-1111-2222-3333-444455556666',
        message: 'its policy does not admit EventBridge (kms:Decrypt, kms:GenerateDataKey)',
      },
      fix: /stack output InterruptionQueueKeyPolicyStatement .*aws kms put-key-policy --key-id arn:aws:kms:eu-west-1:111122223333:key\/0b5e9a4c/,
    },
    {
      name: 'a volume key does not admit the Spot service-linked role',
      change: (s) => {
        const key = s.keys[1];
        const doc = JSON.parse(key.policy) as { Statement: { Sid: string }[] };
        doc.Statement = doc.Statement.filter((st) => !st.Sid.startsWith('AllowSpotRole'));
        key.policy = JSON.stringify(doc);
      },
      expect: {
        check: 'key-policy',
        subject: 'volume key arn:aws:kms:eu-west-1:111122223333:key/12345678-90ab-cdef-1234-567890abcdef',
        message:
          'its policy does not admit the Spot service-linked role (kms:Decrypt, kms:DescribeKey, kms:Encrypt, kms:GenerateDataKeyWithoutPlaintext, kms:ReEncryptFrom, kms:ReEncryptTo, kms:CreateGrant)',
      },
      fix: /stack output VolumeKeyPolicyStatements/,
    },
    {
      name: 'a volume key admits the controller only outside EC2 and denies grants',
      change: (s) => {
        const key = s.keys[2];
        key.policy = JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            ...(JSON.parse(key.policy) as { Statement: object[] }).Statement,
            { Sid: 'NoGrants', Effect: 'Deny', Principal: '*', Action: 'kms:CreateGrant', Resource: '*' },
          ],
        });
      },
      expect: {
        check: 'key-policy',
        subject: 'volume key arn:aws:kms:eu-west-1:111122223333:key/9f9f9f9f-aaaa-bbbb-cccc-dddddddddddd',
        message:
          'its policy does not admit the Spot service-linked role (kms:CreateGrant); the controller role through EC2 (kms:CreateGrant); EC2 via the account (kms:CreateGrant)',
      },
      fix: /VolumeKeyPolicyStatements/,
    },
    {
      name: 'a volume key alias does not exist',
      change: (s) => {
        s.keys = s.keys.filter((k) => k.aliases.length === 0);
      },
      expect: {
        check: 'key-policy',
        subject: 'volume key arn:aws:kms:eu-west-1:111122223333:alias/ebs-nodes',
        message: 'not found in the account and region',
      },
      fix: /create the key or correct the reference in clusters\/ticketing.yaml/,
    },
    {
      name: 'a volume key is disabled',
      change: (s) => {
        s.keys[1].state = 'Disabled';
      },
      expect: { check: 'key-policy', message: 'is Disabled, not Enabled' },
      fix: /aws kms enable-key --key-id arn:aws:kms:eu-west-1:111122223333:key\/12345678-90ab/,
    },
    {
      name: 'the pinned AMI alias does not resolve in the region',
      change: (s) => {
        s.ssmParameters.clear();
      },
      expect: {
        check: 'ami-alias',
        subject: 'node class encrypted-0 alias al2023@v20250505',
        message: expect.stringMatching(
          /^resolves to no AMI for Kubernetes 1\.33 in eu-west-1 \(none of \/aws\/service\/eks\/optimized-ami\/1\.33\/amazon-linux-2023\/x86_64\/standard\/amazon-eks-node-al2023-x86_64-standard-1\.33-v20250505\/image_id, .* exists\): no node of this class can launch$/,
        ) as unknown as string,
      },
      fix: /aws ssm get-parameters-by-path --path \/aws\/service\/eks\/optimized-ami\/1.33\/amazon-linux-2023\/x86_64\/standard --recursive --region eu-west-1/,
    },
    {
      name: "a pool's requirements leave no offered instance type",
      cluster: () =>
        preflightCluster({
          nodePools: [
            nodePool('gpu', [
              { key: 'kubernetes.io/arch', operator: 'In', values: ['amd64'] },
              { key: 'karpenter.k8s.aws/instance-family', operator: 'In', values: ['c6g', 'm5'] },
              { key: 'karpenter.k8s.aws/instance-cpu', operator: 'Gt', values: ['8'] },
              { key: 'team', operator: 'In', values: ['a'] },
            ]),
          ],
        }),
      change: () => undefined,
      expect: {
        check: 'instance-offerings',
        subject: 'node pool gpu',
        message:
          'no instance type offered in eu-west-1a, eu-west-1b, eu-west-1c satisfies the requirements: karpenter.k8s.aws/instance-cpu Gt [8] leaves none of the 2 left by the requirements before it',
        source: { file: 'clusters/ticketing.yaml', line: 60, col: 5 },
      },
      fix: /widen or correct that requirement in clusters\/ticketing.yaml/,
    },
  ];

  it('skips the policy of a key in another account, which only that account can read', async () => {
    const shared = 'arn:aws:kms:eu-west-1:444455556666:key/shared';
    const base = preflightCluster();
    const cluster = {
      ...base,
      karpenter: { ...base.karpenter, interruptionQueue: { name: 'ticketing', kmsKeyArn: shared } },
    };
    const { code, checks } = await runJson(
      cluster,
      await withAccount(cluster, (s) => {
        s.keys[0].policy = '{}';
      }),
    );
    expect(code).toBe(0);
    expect(checks.find((c) => c.subject === `queue key ${shared}`)).toEqual({
      check: 'key-policy',
      subject: `queue key ${shared}`,
      status: 'skip',
      message:
        'belongs to account 444455556666, whose key policy only that account can read; ask its owner to add the statements of stack output InterruptionQueueKeyPolicyStatement',
    });
  });

  it('skips what needs the cluster when it does not exist', async () => {
    const cluster = preflightCluster();
    const { checks } = await runJson(
      cluster,
      await withAccount(cluster, (s) => {
        s.cluster = undefined;
      }),
    );
    expect(checks.filter((c) => c.status === 'skip').map((c) => c.check)).toEqual([
      'controller-identity',
      'zonal-shift',
      'access-entry',
      'subnets',
      'security-groups',
      'instance-offerings',
    ]);
  });

  it.each(failures.map((f) => [f.name, f] as const))('fails when %s', async (_name, f) => {
    const cluster = (f.cluster ?? preflightCluster)();
    const endpoint = await withAccount(cluster, (s) => f.change(s, cluster));
    const { code, checks } = await runJson(cluster, endpoint);
    expect(code).toBe(1);
    const failed = checks.filter((c) => c.status === 'fail');
    expect(failed).toContainEqual(expect.objectContaining({ ...f.expect, status: 'fail' }));
    const hit = failed.find((c) => c.check === f.expect.check)!;
    expect(hit.fix).toMatch(f.fix);
  });

  it('prints a failure with its place in the fleet description and the fix, and exits 1', async () => {
    const cluster = preflightCluster();
    const r = await run(
      cluster,
      await withAccount(cluster, (s) => {
        s.roles.clear();
      }),
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      '  FAIL spot-service-linked-role: clusters/ticketing.yaml:1:1 role AWSServiceRoleForEC2Spot: missing, and node pools general may use Spot: every Spot launch fails with AuthFailure.ServiceLinkedRoleCreationNotPermitted.',
    );
    expect(r.out).toContain(
      '       fix: deploy the stack (iam.createSpotServiceLinkedRole makes it create the role), or aws iam create-service-linked-role --aws-service-name spot.amazonaws.com and set iam.createSpotServiceLinkedRole: false.',
    );
    expect(r.out[r.out.length - 1]).toBe('preflight ticketing: 25 passed, 1 failed, 0 skipped.');
  });

  it('skips what does not apply: no Spot pool, zonal shift off, no customer keys', async () => {
    const cluster = clusterModel({ iam: { zonalShift: false } });
    const onDemand = {
      ...cluster,
      nodePools: [
        nodePool(
          'od',
          [{ key: 'karpenter.sh/capacity-type', operator: 'In', values: ['on-demand'] }],
          'default',
        ),
      ],
    };
    const r = await runJson(onDemand, await withAccount(onDemand, (s) => s.roles.clear()));
    expect(r.code).toBe(0);
    expect(r.checks.filter((c) => c.status === 'skip')).toEqual([
      {
        check: 'spot-service-linked-role',
        subject: 'role AWSServiceRoleForEC2Spot',
        status: 'skip',
        message: 'no node pool may use Spot',
      },
      {
        check: 'zonal-shift',
        subject: 'EKS cluster ticketing',
        status: 'skip',
        message: "Karpenter's zonal shift is off (iam.zonalShift)",
      },
      {
        check: 'key-policy',
        subject: 'customer KMS keys',
        status: 'skip',
        message: 'none: the queue uses SSE-SQS and no node class names a volume key',
      },
    ]);
    expect(r.checks.find((c) => c.check === 'controller-identity')).toMatchObject({
      status: 'pass',
      message: 'installed, ACTIVE (Pod Identity)',
    });
  });

  describe('AWS errors end the run with exit code 2, one sentence, no stack trace', () => {
    const cases: [string, (s: FakeAwsState) => void, RegExp][] = [
      [
        'access denied',
        (s) =>
          s.failures.set('DescribeSubnets', {
            status: 403,
            code: 'UnauthorizedOperation',
            message: 'You are not authorized to perform this operation.',
          }),
        /^preflight ticketing: EC2 DescribeSubnets was denied \(UnauthorizedOperation: You are not authorized to perform this operation\.\)\. The caller needs read access to account 111122223333: ec2:Describe\*, .*kms:GetKeyPolicy.*\. Nothing was changed; the checks did not finish\.$/,
      ],
      [
        'throttling',
        (s) =>
          s.failures.set('GetKeyPolicy', {
            status: 400,
            code: 'ThrottlingException',
            message: 'Rate exceeded',
          }),
        /^preflight ticketing: KMS GetKeyPolicy was throttled \(ThrottlingException: Rate exceeded\)\. Run the preflight again in a minute\. Nothing was changed/,
      ],
      [
        'access denied by IAM',
        (s) =>
          s.failures.set('GetRole', {
            status: 403,
            code: 'AccessDenied',
            message: 'User is not authorized to perform: iam:GetRole',
          }),
        /^preflight ticketing: IAM GetRole was denied \(AccessDenied: User is not authorized to perform: iam:GetRole\)\./,
      ],
    ];
    it.each(cases)('%s', async (_name, change, message) => {
      const cluster = preflightCluster();
      const r = await run(cluster, await withAccount(cluster, change));
      expect(r.code).toBe(2);
      expect(r.err).toHaveLength(1);
      expect(r.err[0]).toMatch(message);
      expect(r.err.join('\n')).not.toMatch(/\n\s+at /);
      expect(r.err[0]).not.toMatch(/\.\.|\?\./);
    });

    it('rejected credentials', async () => {
      const cluster = preflightCluster();
      const endpoint = await withAccount(cluster);
      const out: string[] = [];
      const err: string[] = [];
      const code = await preflightCli(
        ['--cluster', 'ticketing', '--endpoint-url', endpoint],
        { out: (l) => out.push(l), err: (l) => err.push(l), cwd: '/' },
        {
          loadFleet: () => ({ fleet: { clusters: [cluster] }, warnings: [] }),
          createClients: (o) =>
            createClients({
              ...o,
              credentials: { accessKeyId: 'AKIAWRONG', secretAccessKey: 'x' },
              maxAttempts: 1,
            }),
        },
      );
      expect(code).toBe(2);
      expect(err).toEqual([
        expect.stringMatching(
          /^preflight ticketing: AWS rejected or could not find the credentials at EKS DescribeCluster \(UnrecognizedClientException: The security token included in the request is invalid\.\)\. Set AWS_PROFILE/,
        ),
      ]);
    });

    it('network failure', async () => {
      const cluster = preflightCluster();
      const r = await run(cluster, await closedPort());
      expect(r.code).toBe(2);
      expect(r.err).toEqual([
        expect.stringMatching(
          /^preflight ticketing: EKS DescribeCluster could not reach AWS \(ECONNREFUSED: .*\)\. Check the network, proxy and --endpoint-url\. Nothing was changed; the checks did not finish\.$/,
        ),
      ]);
    });

    it('reports the error as JSON too with --format json', async () => {
      const cluster = preflightCluster();
      const r = await run(
        cluster,
        await withAccount(cluster, (s) =>
          s.failures.set('GetParameter', { status: 400, code: 'AccessDeniedException', message: 'no' }),
        ),
        ['--format', 'json'],
      );
      expect(r.code).toBe(2);
      expect(JSON.parse(r.out.join('\n'))).toEqual({
        cluster: 'ticketing',
        ok: false,
        error: {
          service: 'SSM',
          operation: 'GetParameter',
          code: 'AccessDeniedException',
          kind: 'access-denied',
          message: expect.stringMatching(/^SSM GetParameter was denied/),
        },
      });
    });
  });
});

describe('preflight command line', () => {
  it('requires --cluster and knows its flags', () => {
    expect(parsePreflightArgs([])).toBe('--cluster is required');
    expect(parsePreflightArgs(['--cluster', 'a', '--format', 'yaml'])).toBe(
      "--format must be text or json, not 'yaml'",
    );
    expect(parsePreflightArgs(['--cluster'])).toBe('--cluster needs a value');
    expect(parsePreflightArgs(['--bogus'])).toBe("unknown argument '--bogus'");
    expect(
      parsePreflightArgs(['--cluster=a', '--endpoint-url', 'http://127.0.0.1:1', '--format=json']),
    ).toEqual({
      cluster: 'a',
      endpointUrl: 'http://127.0.0.1:1',
      format: 'json',
      help: false,
    });
  });

  it('exits 2 with usage for a bad command line or an unknown cluster, without touching AWS', async () => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (l: string) => err.push(l), cwd: '/' };
    const deps = {
      loadFleet: () => ({ fleet: { clusters: [preflightCluster()] }, warnings: [] }),
      createClients: () => {
        throw new Error('must not create clients');
      },
    };
    expect(await preflightCli([], io, deps)).toBe(2);
    expect(err[0]).toMatch(/^preflight: --cluster is required\.\nusage: npm run preflight -- --cluster NAME/);
    expect(await preflightCli(['--cluster', 'nope'], io, deps)).toBe(2);
    expect(err[1]).toBe("preflight: no cluster named 'nope' in the fleet description (clusters: ticketing).");
  });
});
