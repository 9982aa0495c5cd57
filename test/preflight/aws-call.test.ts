import { AwsCallError, awsCall, awsReadPages, errorName } from '../../preflight/aws-call';

function sdkError(name: string, message: string, extra: object = {}): Error {
  return Object.assign(new Error(message), { name, $metadata: { httpStatusCode: 400 }, ...extra });
}

async function thrown(e: unknown): Promise<AwsCallError> {
  try {
    await awsCall('EC2', 'DescribeSubnets', () => Promise.reject(e));
  } catch (err) {
    return err as AwsCallError;
  }
  throw new Error('awsCall did not throw');
}

describe('AWS call errors', () => {
  it('returns expected errors for the caller to turn into findings', async () => {
    const r = await awsCall(
      'IAM',
      'GetRole',
      () => Promise.reject(sdkError('NoSuchEntityException', 'gone')),
      ['NoSuchEntityException'],
    );
    expect(r).toEqual({ ok: false, name: 'NoSuchEntityException', message: 'gone' });
    expect(await awsCall('IAM', 'GetRole', () => Promise.resolve(42))).toEqual({ ok: true, value: 42 });
  });

  it('classifies access denied, throttling, credentials and network failures', async () => {
    expect((await thrown(sdkError('UnauthorizedOperation', 'no'))).kind).toBe('access-denied');
    expect((await thrown(sdkError('AccessDeniedException', 'no'))).kind).toBe('access-denied');
    expect((await thrown(sdkError('RequestLimitExceeded', 'slow down'))).kind).toBe('throttled');
    expect((await thrown(sdkError('ThrottlingException', 'slow down'))).kind).toBe('throttled');
    expect((await thrown(sdkError('ExpiredToken', 'old'))).kind).toBe('credentials');
    const wrapped = Object.assign(
      new Error('AWS SDK error wrapper for Error: connect ECONNREFUSED 127.0.0.1:1'),
      {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
      },
    );
    const net = await thrown(wrapped);
    expect([net.kind, net.errorName, net.detail]).toEqual([
      'network',
      'ECONNREFUSED',
      'connect ECONNREFUSED 127.0.0.1:1',
    ]);
    expect((await thrown(sdkError('InternalFailure', 'oops'))).kind).toBe('other');
    expect(errorName('plain')).toBe('Error');
  });
});

describe('awsReadPages', () => {
  it("reads every page the SDK's paginator yields, following NextToken with the real EC2 client", async () => {
    // A client whose send answers two pages: the paginator (paginateDescribeSubnets) follows the token.
    const { EC2Client, paginateDescribeSubnets } = await import('@aws-sdk/client-ec2');
    const client = new EC2Client({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
    });
    const seen: (string | undefined)[] = [];
    client.send = (async (command: { input: { NextToken?: string } }) => {
      seen.push(command.input.NextToken);
      return command.input.NextToken === undefined
        ? { Subnets: [{ SubnetId: 'subnet-1' }], NextToken: 't2' }
        : { Subnets: [{ SubnetId: 'subnet-2' }] };
    }) as never;
    const pages = await awsReadPages('EC2', 'DescribeSubnets', () =>
      paginateDescribeSubnets({ client }, { Filters: [] }),
    );
    expect(pages.flatMap((p) => (p.Subnets ?? []).map((s) => s.SubnetId))).toEqual(['subnet-1', 'subnet-2']);
    expect(seen).toEqual([undefined, 't2']);
  });

  it('reports a failure on a later page like any AWS call', async () => {
    async function* pages() {
      yield 1;
      throw sdkError('UnauthorizedOperation', 'no');
    }
    await expect(awsReadPages('EC2', 'DescribeSubnets', pages)).rejects.toMatchObject({
      name: 'AwsCallError',
      operation: 'DescribeSubnets',
      kind: 'access-denied',
    });
  });
});
