/**
 * The compiled CLI (`npm run promote`, built by `npm test`) as a user runs it: a separate Node
 * process that loads @kubernetes/client-node (an ES module) from CommonJS, reads a kubeconfig,
 * and talks to the fake clusters over HTTP; refusals exit 1 with messages, never a stack trace.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FakeKube, key, startFakeKube, writeKubeconfig } from './fake-kube-server';
import { GateProject, gateProject, landed } from './gate-fixtures';
import { APPLICATIONS } from '../../promote/kube-resources';

const CLI = resolve(__dirname, '..', '..', 'build', 'cli', 'main.js');

function runCli(
  args: string[],
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [CLI, 'promote', ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent' },
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

(existsSync(CLI) ? describe : describe.skip)('node build/cli/main.js promote', () => {
  let argocd: FakeKube;
  let cluster: FakeKube;
  let project: GateProject;
  let kubeconfig: string;
  beforeAll(async () => {
    argocd = await startFakeKube('argocd-token');
    cluster = await startFakeKube('cluster-token');
    project = gateProject();
    kubeconfig = writeKubeconfig(mkdtempSync(join(tmpdir(), 'kubeconfig-')), [
      { name: 'mgmt', server: argocd.server, token: 'argocd-token' },
      { name: 'canary-cluster', server: cluster.server, token: 'cluster-token' },
    ]);
  });
  afterAll(async () => {
    await argocd.close();
    await cluster.close();
  });

  it('promotes a landed ring, and refuses a forbidden one with exit 1 and no stack trace', async () => {
    landed(argocd, cluster, project.commit);
    const ok = await runCli(['--to', 'staging', '--kubeconfig', kubeconfig], project.dir);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout.split('\n')[1]).toBe(
      `Ring canary has landed ${project.commit.slice(0, 12)} on every cluster (a)`,
    );

    argocd.state.failures.set(key(APPLICATIONS), 'forbidden');
    const refused = await runCli(['--to', 'staging', '--kubeconfig', kubeconfig, '--push'], project.dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toEqual([
      `Ring canary has not landed ${project.commit.slice(0, 12)}: 1 problem on a; nothing is pushed`,
      '  a: context mgmt: forbidden to list applications.argoproj.io -n argocd (403). Bind the read-only ClusterRole of `promote --print-rbac` to this identity',
    ]);
    expect(project.git('ls-remote', 'origin', 'refs/heads/ring/staging')).toBe('');
  }, 60_000);
});
