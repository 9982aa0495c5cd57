/**
 * A GitOps repository with three rings (canary: cluster a, staging: b, prod: c) whose `dist/`
 * holds the Argo CD Applications and Karpenter objects of cluster a, and the live objects a fake
 * Argo CD and a fake cluster a serve when everything has landed; each test then breaks one thing.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KubeObject } from '../../promote/kube-reader';
import { APPLICATIONS, EC2_NODE_CLASSES, NODE_CLAIMS, NODE_POOLS } from '../../promote/kube-resources';
import { git as gitAt } from '../review/git-fixtures';
import { minimalFor } from '../support/fleet-files';
import { FakeKube, key } from './fake-kube-server';

export const REPO = 'https://github.com/example/platform-gitops.git';

const DEFAULTS = `gitops:
  repoURL: ${REPO}
  rings:
    - name: canary
      targetRevision: main
    - name: staging
    - name: prod
`;

function write(root: string, rel: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
}

const manifest = (apiVersion: string, kind: string, name: string) =>
  `apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata:\n  name: ${name}\n`;

export interface GateProject {
  readonly dir: string;
  readonly git: (...args: string[]) => string;
  /** The first commit (what canary ran before) and the one being promoted. */
  readonly older: string;
  readonly commit: string;
}

/** Cluster a (ring canary, destination `canary-cluster`) with two commits on main, pushed. */
export function gateProject(): GateProject {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'promote-gate-'));
  const dir = path.join(tmp, 'work');
  gitAt(tmp, 'init', '-q', '--bare', 'origin.git');
  fs.mkdirSync(dir);
  const git = (...args: string[]) => gitAt(dir, ...args).trim();
  git('init', '-q', '-b', 'main');
  git('remote', 'add', 'origin', path.join(tmp, 'origin.git'));
  write(dir, 'clusters/_defaults.yaml', DEFAULTS);
  for (const [c, ring] of [
    ['a', 'canary'],
    ['b', 'staging'],
    ['c', 'prod'],
  ]) {
    write(dir, `clusters/${c}.yaml`, `${minimalFor(`${ring}-cluster`)}  ring: ${ring}\n`);
  }
  for (const [role, name] of [
    ['crd', 'a-karpenter-crd'],
    ['controller', 'a-karpenter'],
    ['nodepools', 'a-karpenter-nodepools'],
  ]) {
    write(
      dir,
      `dist/a/argocd/application-${role}.yaml`,
      manifest('argoproj.io/v1alpha1', 'Application', name),
    );
  }
  write(dir, 'dist/a/argocd/appproject.yaml', manifest('argoproj.io/v1alpha1', 'AppProject', 'a'));
  write(dir, 'dist/a/karpenter/nodepool-general.yaml', manifest('karpenter.sh/v1', 'NodePool', 'general'));
  write(
    dir,
    'dist/a/karpenter/ec2nodeclass-default.yaml',
    manifest('karpenter.k8s.aws/v1', 'EC2NodeClass', 'default'),
  );
  write(
    dir,
    'dist/a/karpenter/smoke-test-general-pdb.yaml',
    manifest('policy/v1', 'PodDisruptionBudget', 'x'),
  );
  write(dir, 'dist/a/values/karpenter.yaml', 'replicas: 2\n');
  git('add', '.');
  git('commit', '-q', '-m', 'fleet');
  const older = git('rev-parse', 'HEAD');
  write(dir, 'dist/a/values/karpenter.yaml', 'replicas: 3\n');
  git('commit', '-q', '-am', 'replicas 3');
  git('push', '-q', 'origin', 'main');
  return { dir, git, older, commit: git('rev-parse', 'HEAD') };
}

type Source = Readonly<Record<string, string>>;

const GITOPS = (p: string): Source => ({ repoURL: REPO, path: p, targetRevision: 'main' });
const CHART = (chart: string): Source => ({
  repoURL: 'public.ecr.aws/karpenter',
  chart,
  targetRevision: '1.14.1',
});

type SourceSpec = { source?: Source; sources?: readonly Source[] };

/** The Application fields the tests change. */
export interface App {
  metadata: { name: string; namespace: string; labels: Record<string, string> };
  spec: SourceSpec;
  status: {
    sync: { status: string; revision?: string; revisions?: string[]; comparedTo: SourceSpec };
    health: { status: string; message?: string };
    operationState: { phase: string };
  };
}

/** A landed Application: compared at its spec, Synced at `revision` (GitOps sources), Healthy. */
export function application(name: string, sources: readonly Source[], revision: string): App {
  const single = sources.length === 1;
  const revisions = sources.map((s) => (s.chart !== undefined ? s.targetRevision : revision));
  return {
    metadata: {
      name,
      namespace: 'argocd',
      labels: { 'app.kubernetes.io/managed-by': 'karpenter-gitops' },
    },
    spec: single ? { source: sources[0] } : { sources },
    status: {
      sync: {
        status: 'Synced',
        ...(single ? { revision: revisions[0] } : { revisions }),
        comparedTo: single ? { source: sources[0] } : { sources },
      },
      health: { status: 'Healthy' },
      operationState: { phase: 'Succeeded' },
    },
  };
}

export function landedApplications(revision: string): App[] {
  return [
    application('a-karpenter-root', [GITOPS('dist/a/argocd')], revision),
    application('a-karpenter-crd', [CHART('karpenter-crd')], revision),
    application(
      'a-karpenter',
      [CHART('karpenter'), { repoURL: REPO, ref: 'values', targetRevision: 'main' }],
      revision,
    ),
    application('a-karpenter-nodepools', [GITOPS('dist/a/karpenter')], revision),
    // Another cluster's Application in the same Argo CD is not this ring's business.
    application('z-karpenter', [CHART('karpenter')], revision),
  ];
}

const ready = (generation = 1) => ({
  type: 'Ready',
  status: 'True',
  reason: 'Ready',
  message: '',
  observedGeneration: generation,
});

export function nodeClaim(
  name: string,
  pool: string,
  conditions: Readonly<Record<string, string>>,
): KubeObject {
  return {
    metadata: { name, labels: { 'karpenter.sh/nodepool': pool } },
    status: { conditions: Object.entries(conditions).map(([type, status]) => ({ type, status })) },
  };
}

const INITIALIZED = { Launched: 'True', Registered: 'True', Initialized: 'True', Ready: 'True' };

/** Fills the two fakes with everything landed at `revision`: 12 healthy nodes in pool general. */
export function landed(argocd: FakeKube, cluster: FakeKube, revision: string): void {
  argocd.state.objects.clear();
  argocd.state.failures.clear();
  cluster.state.objects.clear();
  cluster.state.failures.clear();
  argocd.state.objects.set(key(APPLICATIONS), landedApplications(revision));
  cluster.state.objects.set(key(NODE_POOLS), [
    {
      metadata: { name: 'general', generation: 2 },
      spec: { limits: { cpu: '200', memory: '800Gi' } },
      status: { conditions: [ready(2)], resources: { cpu: '96', memory: '384Gi', nodes: '12' } },
    },
  ]);
  cluster.state.objects.set(key(EC2_NODE_CLASSES), [
    { metadata: { name: 'default', generation: 1 }, status: { conditions: [ready(1)] } },
  ]);
  cluster.state.objects.set(
    key(NODE_CLAIMS),
    Array.from({ length: 12 }, (_, i) => nodeClaim(`general-${i}`, 'general', INITIALIZED)),
  );
}

/** The objects of one resource, to change in place. */
export function objects<T = KubeObject>(kube: FakeKube, resource: typeof APPLICATIONS): T[] {
  return kube.state.objects.get(key(resource)) as unknown as T[];
}
