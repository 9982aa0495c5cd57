import { App, Chart } from 'cdk8s';
import { ClusterNamespace } from '../../../charts/cluster-base/namespace';

describe('ClusterNamespace', () => {
  it('is a Namespace with an explicit name, managed-by and Pod Security labels', () => {
    const chart = new Chart(new App({ outdir: '.', recordConstructMetadata: false }), 'c', {
      disableResourceNameHashes: true,
    });
    const ns = new ClusterNamespace(chart, 'ns', {
      name: 'karpenter',
      level: 'restricted',
      kubernetesVersion: '1.33',
    });
    const json = ns.apiObject.toJson();
    expect(json.apiVersion).toBe('v1');
    expect(json.kind).toBe('Namespace');
    expect(json.metadata.name).toBe('karpenter');
    expect(json.metadata.labels['app.kubernetes.io/managed-by']).toBe('karpenter-gitops');
    expect(json.metadata.labels['pod-security.kubernetes.io/enforce']).toBe('restricted');
  });
});
