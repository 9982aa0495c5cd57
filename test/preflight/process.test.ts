/**
 * The compiled CLI (`karpenter-gitops preflight`, built by `npm test`) as a user runs it: credentials
 * from the environment (the SDK's default chain), the endpoint from AWS_ENDPOINT_URL, the real
 * fleet description in clusters/.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadFleetFromDir } from '../../io/cli-common';
import { DEMO_CLUSTERS_DIR, DEMO_FLEET_ROOT } from '../support/demo-fleet';
import { readyAccount } from './account';
import { closedPort, FakeAws, startFakeAws } from './fake-aws-server';

const ROOT = resolve(__dirname, '..', '..');
const CLI = resolve(ROOT, 'build', 'cli', 'main.js');
const ACCESS_KEY = 'AKIAFAKEPROCESS00000';

function runCli(
  args: string[],
  endpoint: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [CLI, 'preflight', ...args], {
      cwd: DEMO_FLEET_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: '/nonexistent',
        AWS_ACCESS_KEY_ID: ACCESS_KEY,
        AWS_SECRET_ACCESS_KEY: 'fake-secret-for-tests-only',
        AWS_ENDPOINT_URL: endpoint,
        AWS_MAX_ATTEMPTS: '1',
        AWS_EC2_METADATA_DISABLED: 'true',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill(), 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

const built = existsSync(CLI);
(built ? describe : describe.skip)('node build/cli/main.js preflight', () => {
  let aws: FakeAws | undefined;
  afterEach(async () => aws?.close());

  it('reads the default credential chain and AWS_ENDPOINT_URL, and reports access denied with exit 2', async () => {
    const cluster = loadFleetFromDir(DEMO_FLEET_ROOT, DEMO_CLUSTERS_DIR).fleet.clusters.find(
      (c) => c.name === 'ticketing',
    )!;
    const state = readyAccount(cluster);
    state.failures.set('DescribeCluster', {
      status: 403,
      code: 'AccessDeniedException',
      message: 'User is not authorized to perform: eks:DescribeCluster',
    });
    aws = await startFakeAws(state, ACCESS_KEY);
    const r = await runCli(['--cluster', 'ticketing'], aws.endpoint);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^preflight ticketing: EKS DescribeCluster was denied \(AccessDeniedException: User is not authorized to perform: eks:DescribeCluster\)\. The caller needs read access to account \d{12}: /,
      ),
    ]);
    expect(aws.calls.map((c) => [c.operation, c.accessKey])).toEqual([['DescribeCluster', ACCESS_KEY]]);
  }, 40_000);

  it('reports a network failure with exit 2 and no stack trace', async () => {
    const r = await runCli(['--cluster', 'ticketing', '--format', 'json'], await closedPort());
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: false,
      error: { kind: 'network', code: 'ECONNREFUSED' },
    });
    expect(r.stderr).not.toMatch(/\n\s+at /);
  }, 40_000);
});
