/** Renders Argo CD objects of fixture clusters to plain JSON for assertions. */
import { App } from 'cdk8s';
import { ArgoCdChart } from '../../../charts/argocd/argocd-chart';
import { ClusterModel } from '../../../model/shared/fleet-model';
import {
  clusterFixture,
  MAXIMAL_NODE_CLASS,
  MAXIMAL_NODE_POOL,
  MINIMAL_NODE_POOL,
} from '../../support/fleet-fixtures';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const TICKETING = clusterFixture(
  'ticketing',
  [MAXIMAL_NODE_CLASS],
  [MAXIMAL_NODE_POOL, MINIMAL_NODE_POOL],
);

export function withCluster(
  patch: (c: ClusterModel) => ClusterModel,
  base: ClusterModel = TICKETING,
): ClusterModel {
  return patch(base);
}

/** dist path → rendered JSON of the cluster's Argo CD objects. */
export function argoObjects(cluster: ClusterModel): Map<string, Json> {
  const app = new App({ outdir: '.', recordConstructMetadata: false });
  const chart = new ArgoCdChart(app, { cluster });
  return new Map(chart.manifests.map((m) => [m.path, m.apiObject.toJson()]));
}
