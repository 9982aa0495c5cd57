import { ClusterModel } from '../../model/fleet-model';
import { createClients } from '../../preflight/aws-clients';
import { CheckResult } from '../../preflight/check-result';
import { parsePreflightArgs, preflightCli } from '../../preflight/cli';
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

async function runJson(cluster: ClusterModel, endpoint: string): Promise<{ code: number; checks: CheckResult[] }> {
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
    expect(r.out).toMatchSnapshot();
    expect(r.code).toBe(0);
  });
});
