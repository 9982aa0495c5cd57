/** The kube reader against the fake API: lists, label selectors, and each fault as a message. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KubeAccessError, KubeContexts } from '../../promote/kube-reader';
import { APPLICATIONS, NODE_POOLS } from '../../promote/kube-resources';
import { closedPort } from '../preflight/fake-aws-server';
import { FakeKube, key, startFakeKube, writeKubeconfig } from './fake-kube-server';

let kube: FakeKube;
let dir: string;
beforeAll(async () => {
  kube = await startFakeKube();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kube-reader-'));
});
afterAll(() => kube.close());
beforeEach(() => {
  kube.state.objects.clear();
  kube.state.failures.clear();
});

async function fault(f: () => Promise<unknown>): Promise<KubeAccessError> {
  try {
    await f();
  } catch (e) {
    if (e instanceof KubeAccessError) return e;
    throw e;
  }
  throw new Error('expected a KubeAccessError');
}

describe('kube reader', () => {
  it('lists cluster-scoped and namespaced custom objects, with a label selector', async () => {
    kube.state.objects.set(key(NODE_POOLS), [{ metadata: { name: 'general' } }]);
    kube.state.objects.set(key(APPLICATIONS), [
      {
        metadata: {
          name: 'a-karpenter',
          namespace: 'argocd',
          labels: { 'app.kubernetes.io/managed-by': 'karpenter-gitops' },
        },
      },
      { metadata: { name: 'other', namespace: 'argocd' } },
      {
        metadata: {
          name: 'b-karpenter',
          namespace: 'elsewhere',
          labels: { 'app.kubernetes.io/managed-by': 'karpenter-gitops' },
        },
      },
    ]);
    const contexts = new KubeContexts({
      kubeconfig: writeKubeconfig(dir, [{ name: 'mgmt', server: kube.server, token: 'fake-token' }]),
    });
    expect(contexts.current).toBe('mgmt');
    const reader = contexts.reader('mgmt', 5000);
    expect((await reader.list(NODE_POOLS)).map((o) => o.metadata?.name)).toEqual(['general']);
    const apps = await reader.list(APPLICATIONS, {
      namespace: 'argocd',
      labelSelector: 'app.kubernetes.io/managed-by=karpenter-gitops',
    });
    expect(apps.map((o) => o.metadata?.name)).toEqual(['a-karpenter']);
    expect(kube.requests.slice(-1)[0]).toBe(
      '/apis/argoproj.io/v1alpha1/namespaces/argocd/applications?labelSelector=app.kubernetes.io%2Fmanaged-by%3Dkarpenter-gitops',
    );
  });

  it('names the context and the permission for each fault', async () => {
    const refused = await closedPort();
    const contexts = new KubeContexts({
      kubeconfig: writeKubeconfig(dir, [
        { name: 'ok', server: kube.server, token: 'fake-token' },
        { name: 'expired', server: kube.server, token: 'expired-token' },
        { name: 'down', server: refused, token: 'fake-token' },
      ]),
    });
    expect(() => contexts.reader('nope', 1000)).toThrow(
      "kubeconfig context 'nope' does not exist (contexts: ok, expired, down)",
    );
    const down = await fault(() => contexts.reader('down', 5000).list(NODE_POOLS));
    expect(down.fault).toBe('unreachable');
    expect(down.message).toBe(
      `context down: cannot reach the API server ${refused}: connect ECONNREFUSED 127.0.0.1:${new URL(refused).port}`,
    );
    const expired = await fault(() => contexts.reader('expired', 5000).list(NODE_POOLS));
    expect(expired.message).toBe(
      'context expired: the API server refused the credentials (401 Unauthorized); they are missing or expired. Log in again (e.g. aws eks update-kubeconfig) and retry',
    );
    kube.state.failures.set(key(APPLICATIONS), 'forbidden');
    const forbidden = await fault(() =>
      contexts.reader('ok', 5000).list(APPLICATIONS, { namespace: 'argocd' }),
    );
    expect(forbidden.message).toBe(
      'context ok: forbidden to list applications.argoproj.io -n argocd (403). Bind the read-only ClusterRole of `promote --print-rbac` to this identity',
    );
    const exec = path.join(dir, 'exec-kubeconfig');
    fs.writeFileSync(
      exec,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Config',
        'current-context': 'sso',
        clusters: [{ name: 'sso', cluster: { server: kube.server, 'insecure-skip-tls-verify': true } }],
        users: [
          {
            name: 'sso',
            user: {
              exec: {
                apiVersion: 'client.authentication.k8s.io/v1beta1',
                command: 'sh',
                args: ['-c', 'echo "The SSO session has expired" >&2; exit 1'],
              },
            },
          },
        ],
        contexts: [{ name: 'sso', context: { cluster: 'sso', user: 'sso' } }],
      }),
    );
    const sso = await fault(() =>
      new KubeContexts({ kubeconfig: exec }).reader('sso', 5000).list(NODE_POOLS),
    );
    expect(sso.fault).toBe('unauthorized');
    expect(sso.message).toBe(
      'context sso: could not get credentials from the kubeconfig: The SSO session has expired. Log in again (e.g. aws sso login) and retry',
    );
    kube.state.failures.set(key(NODE_POOLS), 'hang');
    const slow = await fault(() => contexts.reader('ok', 200).list(NODE_POOLS));
    expect(slow.fault).toBe('timeout');
    expect(slow.message).toBe(
      `context ok (${kube.server}) did not answer list nodepools.karpenter.sh within 0.2s`,
    );
  });
});

describe('kube reader without a kubeconfig', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('says that no kubeconfig exists instead of trying localhost:8080', () => {
    process.env.HOME = fs.mkdtempSync(path.join(os.tmpdir(), 'home-'));
    delete process.env.KUBECONFIG;
    delete process.env.KUBERNETES_SERVICE_HOST;
    expect(() => new KubeContexts({})).toThrow(
      'no kubeconfig: KUBECONFIG is not set and ~/.kube/config does not exist. Pass --kubeconfig FILE, or create the contexts (aws eks update-kubeconfig --name <cluster> --alias <context>)',
    );
  });
});

describe('loading the Kubernetes client', () => {
  it('is lazy: only kube-reader.ts refers to @kubernetes/client-node, and only for types', () => {
    const root = path.resolve(__dirname, '..', '..');
    const skip = ['node_modules', 'build', 'dist', 'test', 'imports'];
    const sources = fs
      .readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !skip.includes(e.name))
      .flatMap((e) =>
        fs
          .readdirSync(path.join(root, e.name), { recursive: true, encoding: 'utf8' })
          .map((f) => `${e.name}/${f}`),
      )
      .filter((f) => f.endsWith('.ts'));
    const users = sources.filter((f) =>
      fs.readFileSync(path.join(root, f), 'utf8').includes("'@kubernetes/client-node'"),
    );
    expect(users.map((f) => f.split(path.sep).join('/'))).toEqual(['promote/kube-reader.ts']);
    const text = fs.readFileSync(path.join(root, 'promote', 'kube-reader.ts'), 'utf8');
    expect(text.match(/^import .*'@kubernetes\/client-node';$/gm)).toEqual([
      "import type * as K8s from '@kubernetes/client-node';",
    ]);
  });
});
