/** Runs the preflight CLI in-process against the local fake AWS, with fake static credentials. */
import { ClusterModel } from '../../model/shared/fleet-model';
import { createClients } from '../../preflight/aws-clients';
import { CheckResult } from '../../preflight/check-result';
import { preflightCli } from '../../preflight/cli';
import { FakeAws, FakeAwsState, startFakeAws } from './fake-aws-server';
import { readyAccount } from './account';

/** Fake static credentials, accepted only by the local fake. */
export const ACCESS_KEY = 'AKIAFAKEPREFLIGHT000';

export interface Run {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

export async function run(cluster: ClusterModel, endpoint: string, extra: string[] = []): Promise<Run> {
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

export async function runJson(
  cluster: ClusterModel,
  endpoint: string,
): Promise<{ code: number; checks: CheckResult[] }> {
  const r = await run(cluster, endpoint, ['--format', 'json']);
  return { code: r.code, checks: (JSON.parse(r.out.join('\n')) as { checks: CheckResult[] }).checks };
}

/** Starts the fake with the ready account of `cluster`, changed by `change`; `stop()` in afterEach. */
export class AccountFixture {
  aws: FakeAws | undefined;

  async start(cluster: ClusterModel, change: (s: FakeAwsState) => void = () => undefined): Promise<string> {
    const state = readyAccount(cluster);
    change(state);
    this.aws = await startFakeAws(state, ACCESS_KEY);
    return this.aws.endpoint;
  }

  async stop(): Promise<void> {
    await this.aws?.close();
    this.aws = undefined;
  }
}
