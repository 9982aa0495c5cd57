import { App } from 'cdk8s';
import { KarpenterChart } from '../../../charts/karpenter/karpenter-chart';
import {
  clusterFixture,
  MAXIMAL_NODE_CLASS,
  MAXIMAL_NODE_POOL,
  MINIMAL_NODE_CLASS,
  MINIMAL_NODE_POOL,
} from '../../support/fleet-fixtures';

describe('KarpenterChart', () => {
  const app = new App({ outdir: '.', recordConstructMetadata: false });
  const chart = new KarpenterChart(app, {
    cluster: clusterFixture(
      'ticketing',
      [MAXIMAL_NODE_CLASS, MINIMAL_NODE_CLASS],
      [MAXIMAL_NODE_POOL, MINIMAL_NODE_POOL],
    ),
  });

  test('places every class and pool at its dist path', () => {
    expect(chart.manifests.map((m) => m.path)).toEqual([
      'ticketing/karpenter/ec2nodeclass-bottlerocket-arm.yaml',
      'ticketing/karpenter/ec2nodeclass-default.yaml',
      'ticketing/karpenter/nodepool-dataops.yaml',
      'ticketing/karpenter/nodepool-general.yaml',
    ]);
  });

  test('object names are the model names', () => {
    expect(chart.manifests.map((m) => m.apiObject.name)).toEqual([
      'bottlerocket-arm',
      'default',
      'dataops',
      'general',
    ]);
  });

  test('cluster-scoped: no namespace on any object', () => {
    for (const m of chart.manifests) {
      expect(m.apiObject.toJson().metadata.namespace).toBeUndefined();
    }
  });

  test('two clusters in one app do not collide', () => {
    const other = new KarpenterChart(app, {
      cluster: clusterFixture('batch', [MINIMAL_NODE_CLASS], [MINIMAL_NODE_POOL]),
    });
    expect(other.manifests.map((m) => m.path)).toEqual([
      'batch/karpenter/ec2nodeclass-default.yaml',
      'batch/karpenter/nodepool-general.yaml',
    ]);
  });
});
