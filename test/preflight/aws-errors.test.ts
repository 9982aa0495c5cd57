import { createClients } from '../../preflight/aws-clients';
import { preflightCli } from '../../preflight/cli';
import { preflightCluster } from './account';
import { closedPort, FakeAwsState } from './fake-aws-server';
import { AccountFixture, run } from './run-cli';

const account = new AccountFixture();
afterEach(() => account.stop());
const withAccount = (...a: Parameters<AccountFixture['start']>) => account.start(...a);

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
