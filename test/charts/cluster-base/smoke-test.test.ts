import { App, Chart } from 'cdk8s';
import { PAUSE_IMAGE, SmokeTest } from '../../../charts/cluster-base/smoke-test';
import { MAXIMAL_NODE_POOL, MINIMAL_NODE_POOL } from '../../support/fleet-fixtures';
import { NodePoolModel } from '../../../model/shared/fleet-model';

function render(pool: NodePoolModel) {
  const app = new App({ outdir: '.', recordConstructMetadata: false });
  const chart = new Chart(app, 'test', { disableResourceNameHashes: true });
  const smoke = new SmokeTest(chart, 'smoke', { pool });
  return { deployment: smoke.deployment.toJson(), pdb: smoke.podDisruptionBudget.toJson() };
}

describe('SmokeTest', () => {
  const { deployment, pdb } = render({
    ...MAXIMAL_NODE_POOL,
    taints: [
      { key: 'dedicated', value: 'dataops', effect: 'NoSchedule' },
      { key: 'gpu', effect: 'NoExecute' },
    ],
  });
  const pod = deployment.spec.template.spec;

  it('is a zero-replica pause Deployment with explicit names in the smoke-test namespace', () => {
    expect(deployment.kind).toBe('Deployment');
    expect(deployment.metadata.name).toBe('smoke-test-dataops');
    expect(deployment.metadata.namespace).toBe('karpenter-smoke-test');
    expect(deployment.metadata.annotations).toEqual({ 'argocd.argoproj.io/sync-wave': '2' });
    expect(deployment.spec.replicas).toBe(0);
    expect(pod.containers).toHaveLength(1);
    expect(pod.containers[0].image).toBe(PAUSE_IMAGE);
    expect(PAUSE_IMAGE).toMatch(/^registry\.k8s\.io\/pause:\d+\.\d+(\.\d+)?$/);
  });

  it('requests resources and runs as a restricted pod', () => {
    expect(pod.containers[0].resources).toEqual({
      limits: { memory: '64Mi' },
      requests: { cpu: '100m', memory: '64Mi' },
    });
    const sc = pod.containers[0].securityContext;
    expect(sc.allowPrivilegeEscalation).toBe(false);
    expect(sc.runAsNonRoot).toBe(true);
    expect(sc.capabilities).toEqual({ drop: ['ALL'] });
    expect(sc.seccompProfile).toEqual({ type: 'RuntimeDefault' });
  });

  it('selects the pool by nodeSelector and tolerates exactly its taints', () => {
    expect(pod.nodeSelector).toEqual({ 'karpenter.sh/nodepool': 'dataops' });
    expect(pod.tolerations).toEqual([
      { effect: 'NoSchedule', key: 'dedicated', operator: 'Equal', value: 'dataops' },
      { effect: 'NoExecute', key: 'gpu', operator: 'Exists' },
    ]);
    expect(pod.affinity).toBeUndefined();
  });

  it('carries no construct-hash label or selector', () => {
    const labels = {
      'app.kubernetes.io/instance': 'dataops',
      'app.kubernetes.io/name': 'karpenter-smoke-test',
    };
    expect(deployment.spec.selector).toEqual({ matchLabels: labels });
    expect(deployment.spec.template.metadata.labels).toEqual(labels);
    expect(JSON.stringify(deployment)).not.toContain('cdk8s.io');
  });

  it('has a PodDisruptionBudget over the same pods', () => {
    expect(pdb.apiVersion).toBe('policy/v1');
    expect(pdb.kind).toBe('PodDisruptionBudget');
    expect(pdb.metadata.name).toBe('smoke-test-dataops');
    expect(pdb.metadata.namespace).toBe('karpenter-smoke-test');
    expect(pdb.spec).toEqual({
      maxUnavailable: 1,
      selector: {
        matchLabels: {
          'app.kubernetes.io/instance': 'dataops',
          'app.kubernetes.io/name': 'karpenter-smoke-test',
        },
      },
    });
  });

  it('has no tolerations for an untainted pool', () => {
    expect(render(MINIMAL_NODE_POOL).deployment.spec.template.spec.tolerations).toBeUndefined();
  });
});
