/**
 * `npm run promote` with its landed gate, end to end in-process: a real git repository, a fake
 * Argo CD management cluster and a fake workload cluster over HTTP on loopback, reached through a
 * kubeconfig file, and every case the gate must tell apart.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main } from './promote-cli';
import { APPLICATIONS, NODE_CLAIMS, NODE_POOLS } from '../../promote/kube-resources';
import { closedPort } from '../preflight/fake-aws-server';
import { FakeKube, key, startFakeKube, writeKubeconfig } from './fake-kube-server';
import { App, GateProject, gateProject, landed, nodeClaim, objects } from './gate-fixtures';

let argocd: FakeKube;
let cluster: FakeKube;
let project: GateProject;
let kubeconfig: string;
let down: string;

beforeAll(async () => {
  argocd = await startFakeKube('argocd-token');
  cluster = await startFakeKube('cluster-token');
  down = await closedPort();
  project = gateProject();
  kubeconfig = writeKubeconfig(fs.mkdtempSync(path.join(os.tmpdir(), 'kubeconfig-')), [
    { name: 'mgmt', server: argocd.server, token: 'argocd-token' },
    { name: 'canary-cluster', server: cluster.server, token: 'cluster-token' },
    { name: 'canary-down', server: down, token: 'cluster-token' },
  ]);
});
afterAll(async () => {
  await argocd.close();
  await cluster.close();
});
beforeEach(() => landed(argocd, cluster, project.commit));

const short = (sha: string) => sha.slice(0, 12);

interface Run {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

async function promote(args: readonly string[], timing = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    [
      '--to',
      'staging',
      '--kubeconfig',
      kubeconfig,
      ...(args.includes('--management-context') ? [] : ['--management-context', 'mgmt']),
      ...args,
    ],
    project.dir,
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    { intervalMs: 1000, requestTimeoutMs: 2000, ...timing },
  );
  return { code, out, err };
}

const app = (name: string) => objects<App>(argocd, APPLICATIONS).find((a) => a.metadata.name === name)!;

/** Whether ring/staging was pushed to origin. */
const pushed = () => project.git('ls-remote', 'origin', 'refs/heads/ring/staging') !== '';

/** The problem lines of a refusal (indented under the verdict). */
const problems = (run: Run) => run.err.filter((l) => l.startsWith('  ')).map((l) => l.trim());

describe('promote: the landed gate', () => {
  it('promotes when every cluster of the previous ring has landed the commit', async () => {
    const run = await promote([]);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out).toEqual([
      'a: landed; Applications 4/4 landed, EC2NodeClasses 1/1 Ready, NodePools 1/1 Ready, nodes 12 (0 drifted, 0 launching)',
      `Ring canary has landed ${short(project.commit)} on every cluster (a)`,
      `Promote ring staging (b) to what ring canary runs: main at ${short(project.commit)}`,
      `ring/staging: new branch at ${short(project.commit)}`,
      `Run: git push origin ${project.commit}:refs/heads/ring/staging`,
    ]);
    // One list of Applications in Argo CD's namespace, by label; three lists on the workload cluster.
    expect(argocd.requests.slice(-1)).toEqual([
      '/apis/argoproj.io/v1alpha1/namespaces/argocd/applications?labelSelector=app.kubernetes.io%2Fmanaged-by%3Dkarpenter-gitops',
    ]);
    expect(cluster.requests.slice(-3).sort()).toEqual([
      '/apis/karpenter.k8s.aws/v1/ec2nodeclasses',
      '/apis/karpenter.sh/v1/nodeclaims',
      '/apis/karpenter.sh/v1/nodepools',
    ]);
  });

  it('refuses an Application that is not Synced, and pushes nothing', async () => {
    app('a-karpenter-nodepools').status.sync.status = 'OutOfSync';
    const run = await promote(['--push']);
    expect(run.code).toBe(1);
    expect(run.err[0]).toBe(
      `Ring canary has not landed ${short(project.commit)}: 1 problem on a; nothing is pushed`,
    );
    expect(problems(run)).toEqual(['a Application a-karpenter-nodepools: OutOfSync, not Synced']);
    expect(pushed()).toBe(false);
  });

  it('refuses an Application synced to an older revision, also inside a multi-source Application', async () => {
    app('a-karpenter-nodepools').status.sync.revision = project.older;
    app('a-karpenter').status.sync.revisions![1] = project.older;
    const run = await promote([]);
    expect(run.code).toBe(1);
    expect(problems(run)).toEqual([
      `a Application a-karpenter: Synced at ${short(project.older)}, not at ${short(project.commit)}`,
      `a Application a-karpenter-nodepools: Synced at ${short(project.older)}, not at ${short(project.commit)}`,
    ]);
  });

  it('accepts a later revision that contains the commit; asks to fetch a revision it does not know', async () => {
    project.git('commit', '-q', '--allow-empty', '-m', 'later');
    const later = project.git('rev-parse', 'HEAD');
    project.git('reset', '-q', '--hard', 'HEAD~1');
    landed(argocd, cluster, later);
    expect((await promote([])).code).toBe(0);
    const unknown = 'f'.repeat(40);
    app('a-karpenter-root').status.sync.revision = unknown;
    expect(problems(await promote([]))).toEqual([
      `a Application a-karpenter-root: Synced at ${short(unknown)}, which is not in the local repository: run git fetch and retry`,
    ]);
  });

  it('refuses a Degraded Application and one whose new spec is not compared yet', async () => {
    app('a-karpenter').status.health = {
      status: 'Degraded',
      message: 'Deployment karpenter: 0/2 ready',
    } as never;
    app('a-karpenter-crd').spec.source = { ...app('a-karpenter-crd').spec.source, targetRevision: '1.15.0' };
    app('a-karpenter-root').metadata.name = 'renamed';
    const run = await promote([]);
    expect(problems(run)).toEqual([
      'a Application a-karpenter-root: not found in namespace argocd of the Argo CD management cluster',
      'a Application a-karpenter: Degraded, not Healthy: Deployment karpenter: 0/2 ready',
      'a Application a-karpenter-crd: its current spec is not compared yet (the status still describes the previous one)',
    ]);
    expect(run.out[0]).toBe(
      'a: not landed; Applications 1/4 landed, EC2NodeClasses 1/1 Ready, NodePools 1/1 Ready, nodes 12 (0 drifted, 0 launching)',
    );
  });

  it('refuses drifted and launching nodes, and a pool over its limits', async () => {
    const claims = objects(cluster, NODE_CLAIMS);
    for (const i of [0, 1, 2, 3]) {
      claims[i] = nodeClaim(`general-${i}`, 'general', {
        Launched: 'True',
        Initialized: 'True',
        Drifted: 'True',
      });
    }
    claims.push(nodeClaim('general-new', 'general', { Launched: 'True', Registered: 'False' }));
    const pool = objects(cluster, NODE_POOLS)[0] as { spec: { limits: Record<string, string> } };
    pool.spec.limits = { cpu: '64', memory: '800Gi', nodes: '20' };
    const run = await promote([]);
    expect(problems(run)).toEqual([
      'a NodePool general: 4 of 13 nodes still drifted',
      'a NodePool general: 1 of 13 nodes still launching (not Initialized)',
      'a NodePool general: cpu 96 is over its limit 64',
    ]);
    expect(run.out[0]).toBe(
      'a: not landed; Applications 4/4 landed, EC2NodeClasses 1/1 Ready, NodePools 1/1 Ready, nodes 13 (4 drifted, 1 launching)',
    );
  });

  it('refuses a NodePool that is not Ready, or Ready only for an older generation, and a missing EC2NodeClass', async () => {
    const pool = objects(cluster, NODE_POOLS)[0] as { status: { conditions: object[] } };
    pool.status.conditions = [
      {
        type: 'Ready',
        status: 'False',
        reason: 'NodeClassReadinessUnknown',
        message: 'EC2NodeClass not ready',
        observedGeneration: 2,
      },
    ];
    cluster.state.objects.set('ec2nodeclasses.karpenter.k8s.aws', []);
    expect(problems(await promote([]))).toEqual([
      'a EC2NodeClass default: not found on the cluster',
      'a NodePool general: not Ready (False, NodeClassReadinessUnknown: EC2NodeClass not ready)',
    ]);
    pool.status.conditions = [{ type: 'Ready', status: 'True', observedGeneration: 1 }];
    landed(argocd, cluster, project.commit);
    (objects(cluster, NODE_POOLS)[0] as { status: { conditions: object[] } }).status.conditions = [
      { type: 'Ready', status: 'True', observedGeneration: 1 },
    ];
    expect(problems(await promote([]))).toEqual([
      'a NodePool general: Ready is for generation 1, not yet for the current spec (generation 2)',
    ]);
  });

  it('counts an unreachable cluster as not landed, naming the context', async () => {
    const run = await promote(['--context', 'a=canary-down', '--push']);
    expect(run.code).toBe(1);
    expect(run.out[0]).toBe(
      'a: not landed; Applications 4/4 landed, Karpenter unknown (context canary-down unreadable)',
    );
    const port = new URL(down).port;
    expect(problems(run)).toEqual([
      `a: context canary-down: cannot reach the API server ${down}: connect ECONNREFUSED 127.0.0.1:${port} (counted as not landed)`,
    ]);
    expect(pushed()).toBe(false);
  });

  it('counts a cluster that times out as not landed', async () => {
    cluster.state.failures.set(key(NODE_CLAIMS), 'hang');
    const run = await promote([], { requestTimeoutMs: 200 });
    expect(problems(run)).toEqual([
      `a: context canary-cluster (${cluster.server}) did not answer list nodeclaims.karpenter.sh within 0.2s (counted as not landed)`,
    ]);
  });

  it('names the context and the permission when RBAC refuses (403), and does not wait for it', async () => {
    argocd.state.failures.set(key(APPLICATIONS), 'forbidden');
    const sleeps: number[] = [];
    const run = await promote(['--wait', '10m'], { sleep: async (ms: number) => void sleeps.push(ms) });
    expect(run.code).toBe(1);
    expect(problems(run)).toEqual([
      'a: context mgmt: forbidden to list applications.argoproj.io -n argocd (403). Bind the read-only ClusterRole of `promote --print-rbac` to this identity',
    ]);
    expect(sleeps).toEqual([]);
  });

  it('refuses an unknown context with the contexts the kubeconfig has', async () => {
    const run = await promote(['--management-context', 'argocd-prod']);
    expect(run).toEqual({
      code: 1,
      out: [],
      err: [
        "promote: kubeconfig context 'argocd-prod' does not exist (contexts: mgmt, canary-cluster, canary-down). Name the right one with --context CLUSTER=CONTEXT or --management-context CONTEXT; nothing is pushed",
      ],
    });
  });

  it('--wait polls until landed: succeeds after two polls', async () => {
    app('a-karpenter-nodepools').status.sync.status = 'OutOfSync';
    const sleeps: number[] = [];
    const run = await promote(['--wait', '5m', '--push'], {
      sleep: async (ms: number) => {
        sleeps.push(ms);
        app('a-karpenter-nodepools').status.sync.status = 'Synced';
      },
    });
    expect(run.code).toBe(0);
    expect(sleeps).toEqual([1000]);
    expect(run.out.slice(0, 3)).toEqual([
      '[check 1] a: not landed; Applications 3/4 landed, EC2NodeClasses 1/1 Ready, NodePools 1/1 Ready, nodes 12 (0 drifted, 0 launching)',
      '[check 2] a: landed; Applications 4/4 landed, EC2NodeClasses 1/1 Ready, NodePools 1/1 Ready, nodes 12 (0 drifted, 0 launching)',
      `Ring canary has landed ${short(project.commit)} on every cluster (a)`,
    ]);
    expect(pushed()).toBe(true);
    project.git('push', '-q', 'origin', '--delete', 'ring/staging');
  });

  it('--wait times out: the last check’s problems, exit 1, nothing pushed', async () => {
    const claims = objects(cluster, NODE_CLAIMS);
    claims[0] = nodeClaim('general-0', 'general', { Initialized: 'True', Drifted: 'True' });
    let clock = 0;
    const run = await promote(['--wait', '3s', '--push'], {
      now: () => clock,
      sleep: async (ms: number) => void (clock += ms),
    });
    expect(run.code).toBe(1);
    expect(run.out.map((l) => l.slice(0, 9))).toEqual(['[check 1]', '[check 2]', '[check 3]', '[check 4]']);
    expect(run.err).toEqual([
      `Ring canary has not landed ${short(project.commit)} before the time ran out: 1 problem on a; nothing is pushed`,
      '  a NodePool general: 1 of 12 nodes still drifted',
    ]);
    expect(pushed()).toBe(false);
  });

  it('--force skips the gate and says so loudly', async () => {
    argocd.state.failures.set(key(APPLICATIONS), 'forbidden');
    const run = await promote(['--force']);
    expect(run.code).toBe(0);
    expect(run.err).toEqual([
      `WARNING: --force: the landed gate is SKIPPED. Nobody checked that ring canary (a) runs ${short(project.commit)} synced, healthy and without drifted nodes.`,
    ]);
    expect(run.out[0]).toBe(
      `Promote ring staging (b) to what ring canary runs: main at ${short(project.commit)}`,
    );
  });

  it('--format json reports the gate and the promotion for automation', async () => {
    app('a-karpenter').status.health = { status: 'Progressing' };
    const refused = await promote(['--format', 'json']);
    expect(refused.code).toBe(1);
    const report = JSON.parse(refused.out.join('\n'));
    expect(report).toMatchObject({
      to: 'staging',
      forced: false,
      promoted: false,
      promotion: null,
      gate: {
        ring: 'canary',
        commit: project.commit,
        landed: false,
        checks: 1,
        timedOut: false,
        clusters: [
          {
            cluster: 'a',
            context: 'canary-cluster',
            landed: false,
            applications: { ready: 3, total: 4 },
            nodePools: { ready: 1, total: 1 },
            nodes: { total: 12, drifted: 0, launching: 0 },
            problems: [
              { cluster: 'a', kind: 'Application', name: 'a-karpenter', message: 'Progressing, not Healthy' },
            ],
          },
        ],
      },
    });
    landed(argocd, cluster, project.commit);
    const ok = JSON.parse((await promote(['--format', 'json'])).out.join('\n'));
    expect(ok.promoted).toBe(true);
    expect(ok.promotion[1]).toBe(`ring/staging: new branch at ${short(project.commit)}`);
  });
});
