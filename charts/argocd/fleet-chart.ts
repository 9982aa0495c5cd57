/** The fleet entry point (`dist/fleet/`): a root per cluster and a fleet AppProject per Argo CD namespace. */
import { Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { distPaths } from '../../model/dist-layout';
import { FleetModel } from '../../model/fleet-model';
import { PlacedManifest } from '../karpenter/karpenter-chart';
import { compareCodeUnits } from '../sorted-record';
import { FleetAppProject, FleetRoot } from './fleet-root';

export interface FleetChartProps {
  readonly fleet: FleetModel;
}

export class FleetChart extends Chart {
  public readonly manifests: readonly PlacedManifest[];

  constructor(scope: Construct, props: FleetChartProps) {
    super(scope, 'argocd-fleet', { disableResourceNameHashes: true });
    const clusters = props.fleet.clusters;
    const manifests: PlacedManifest[] = [];
    const namespaces = [...new Set(clusters.map((c) => c.gitops.argocdNamespace))].sort(compareCodeUnits);
    for (const ns of namespaces) {
      const project = new FleetAppProject(this, `project-${ns}`, {
        argocdNamespace: ns,
        clusters: clusters.filter((c) => c.gitops.argocdNamespace === ns),
      });
      manifests.push({ path: distPaths.fleetAppProject(ns), apiObject: project.apiObject });
    }
    for (const cluster of clusters) {
      const root = new FleetRoot(this, `root-${cluster.name}`, { cluster });
      manifests.push({ path: distPaths.fleetRoot(cluster.name), apiObject: root.apiObject });
    }
    this.manifests = manifests;
  }
}
