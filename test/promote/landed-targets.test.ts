/** What must land per cluster, read from the promoted commit's dist/, and each cluster's context. */
import { formatDiagnostic } from '../../model/shared/diagnostics';
import { checkContextClusters, landedTargets } from '../../promote/landed-targets';
import { load, minimalFor, refusalOf } from '../support/fleet-files';
import { gateProject, REPO } from './gate-fixtures';

describe('landed targets', () => {
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
      '--context: needed for cluster a: its gitops.destination.server https://a.example names no kubeconfig context. Pass --context a=<kubeconfig context>.',
    ]);
    const b = { ...a, name: 'b' };
    expect(
      refusalOf(() => landedTargets([b], project.commit, project.git, {})).map(formatDiagnostic),
    ).toEqual([
      `dist/b/argocd/: has no application-*.yaml at commit ${project.commit.slice(0, 12)}, so what cluster b must run is unknown. Run karpenter-gitops synth and commit dist/ before promoting.`,
    ]);
    expect(refusalOf(() => checkContextClusters({ aa: 'x' }, fleet.clusters)).map(formatDiagnostic)).toEqual([
      "--context: aa=x: the fleet has no cluster 'aa'. Did you mean 'a'? Clusters: a.",
    ]);
  });
});
