/** The gate's parts on their own: durations, the RBAC, the Application rule, targets from dist/. */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { applicationMissing } from '../../promote/application-landed';
import { gateClusterRole, gateRbacYaml } from '../../promote/gate-rbac';
import { checkContextClusters, landedTargets } from '../../promote/landed-targets';
import { parseWaitDuration } from '../../promote/wait-duration';
import { main } from '../../promote/promote';
import { formatDiagnostic } from '../../model/diagnostics';
import { load, minimalFor, refusalOf } from '../support/fleet-files';
import { application, gateProject, REPO } from './gate-fixtures';

describe('promote gate parts', () => {
  it('reads --wait durations', () => {
    expect(parseWaitDuration('90s')).toBe(90_000);
    expect(parseWaitDuration('10m')).toBe(600_000);
    expect(parseWaitDuration('1h30m')).toBe(5_400_000);
    for (const bad of ['', '0s', '10', 'm10', '1m1h', '5x']) expect(parseWaitDuration(bad)).toBeUndefined();
  });

  it('generates a read-only ClusterRole for exactly the resources it reads', async () => {
    expect(gateClusterRole()).toEqual({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: {
        name: 'karpenter-gitops-promote-gate',
        labels: { 'app.kubernetes.io/managed-by': 'karpenter-gitops' },
      },
      rules: [
        { apiGroups: ['argoproj.io'], resources: ['applications'], verbs: ['get', 'list', 'watch'] },
        {
          apiGroups: ['karpenter.sh'],
          resources: ['nodepools', 'nodeclaims'],
          verbs: ['get', 'list', 'watch'],
        },
        { apiGroups: ['karpenter.k8s.aws'], resources: ['ec2nodeclasses'], verbs: ['get', 'list', 'watch'] },
      ],
    });
    expect(parse(gateRbacYaml())).toEqual(gateClusterRole());
    // docs/argocd.md shows the same ClusterRole.
    const docs = fs.readFileSync(path.resolve(__dirname, '..', '..', 'docs', 'argocd.md'), 'utf8');
    const shown = /prints the\nClusterRole it needs:\n\n```yaml\n([\s\S]*?)```/.exec(docs);
    expect(parse(shown?.[1] ?? '')).toEqual(gateClusterRole());
    const out: string[] = [];
    expect(await main(['--print-rbac'], '.', { out: (l) => out.push(l), err: () => undefined })).toBe(0);
    expect(out.join('\n')).toBe(gateRbacYaml().trimEnd());
  });

  it('applies the stricter child health: pending, running, retrying after a failure', () => {
    const sources = [{ repoURL: REPO, path: 'dist/a/karpenter', targetRevision: 'main' }];
    const contains = () => true;
    const app = application('a-karpenter-nodepools', sources, 'abc');
    expect(applicationMissing(app, REPO, 'abc', contains)).toBeUndefined();
    expect(applicationMissing({ ...app, operation: { sync: {} } }, REPO, 'abc', contains)).toBe(
      'a sync is pending',
    );
    const running = (retryCount: number) => ({
      ...app,
      status: {
        ...app.status,
        operationState: { phase: 'Running', retryCount, message: 'NodePool general: webhook denied' },
      },
    });
    expect(applicationMissing(running(0), REPO, 'abc', contains)).toBe('a sync is in progress');
    expect(applicationMissing(running(2), REPO, 'abc', contains)).toBe(
      'its sync failed and is being retried: NodePool general: webhook denied',
    );
    expect(applicationMissing({ ...app, status: {} }, REPO, 'abc', contains)).toBe(
      'not compared yet by the Application controller',
    );
  });

  it('reads what must land from the promoted commit’s dist/, and the context of each cluster', () => {
    const project = gateProject();
    const fleet = load({
      '_defaults.yaml': `gitops:\n  repoURL: ${REPO}\n`,
      'a.yaml': minimalFor('canary-cluster'),
    }).fleet;
    const a = fleet.clusters[0];
    expect(landedTargets([a], project.commit, project.git, {})).toEqual([
      {
        cluster: 'a',
        context: 'canary-cluster',
        argocdNamespace: 'argocd',
        repoURL: REPO,
        applications: ['a-karpenter-root', 'a-karpenter', 'a-karpenter-crd', 'a-karpenter-nodepools'],
        nodePools: ['general'],
        nodeClasses: ['default'],
      },
    ]);
    expect(
      landedTargets([a], project.commit, project.git, { a: 'arn:aws:eks:eu-west-1:1:cluster/a' })[0].context,
    ).toBe('arn:aws:eks:eu-west-1:1:cluster/a');
    const byServer = { ...a, gitops: { ...a.gitops, destination: { server: 'https://a.example' } } };
    expect(
      refusalOf(() => landedTargets([byServer], project.commit, project.git, {})).map(formatDiagnostic),
    ).toEqual([
      '--context needed for cluster a: its gitops.destination.server https://a.example names no kubeconfig context. Pass --context a=<kubeconfig context>.',
    ]);
    const b = { ...a, name: 'b' };
    expect(
      refusalOf(() => landedTargets([b], project.commit, project.git, {})).map(formatDiagnostic),
    ).toEqual([
      `dist/b/argocd/ has no application-*.yaml at commit ${project.commit.slice(0, 12)}, so what cluster b must run is unknown. Run npm run synth and commit dist/ before promoting.`,
    ]);
    expect(refusalOf(() => checkContextClusters({ aa: 'x' }, fleet.clusters)).map(formatDiagnostic)).toEqual([
      "--context aa=x: the fleet has no cluster 'aa'. Did you mean 'a'? Clusters: a.",
    ]);
  });
});
