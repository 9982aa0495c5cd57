/**
 * The fleet entry point (`dist/fleet/`), per Argo CD namespace: the AppProject of the roots,
 * the `argocd-cm` patch with the stricter Application health check, and either a root per
 * cluster (`gitops.fleetEntry: roots`) or an ApplicationSet generating the roots from one
 * parameter file per cluster (`gitops.fleetEntry: applicationset`).
 */
import { Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { distPaths, FleetModel, compareCodeUnits } from '../../model';
import { applicationTargets } from '../../policies/targets/targets';
import { PlacedManifest } from '../karpenter/karpenter-chart';
import { ArgoCdConfigPatch } from './application-health';
import { FleetApplicationSet, renderRootParams } from './fleet-application-set';
import { FleetAppProject, FleetRoot } from './fleet-root';

export interface FleetChartProps {
  readonly fleet: FleetModel;
  /**
   * Also each cluster's root or ApplicationSet parameter file; false: only the files no single
   * cluster owns (what shard 1 of `check --shard` compares, review/shard-scope.ts).
   * @default true
   */
  readonly perCluster?: boolean;
}

export class FleetChart extends Chart {
  public readonly manifests: readonly PlacedManifest[];
  /** Files that are not Kubernetes objects: the ApplicationSet's generator parameters. */
  public readonly files: ReadonlyMap<string, string>;

  constructor(scope: Construct, props: FleetChartProps) {
    super(scope, 'argocd-fleet', { disableResourceNameHashes: true });
    const clusters = props.fleet.clusters;
    const manifests: PlacedManifest[] = [];
    const files = new Map<string, string>();
    const namespaces = [...new Set(clusters.map((c) => c.gitops.argocdNamespace))].sort(compareCodeUnits);
    for (const ns of namespaces) {
      const inNamespace = clusters.filter((c) => c.gitops.argocdNamespace === ns);
      const project = new FleetAppProject(this, `project-${ns}`, {
        argocdNamespace: ns,
        clusters: inNamespace,
      });
      manifests.push({ path: distPaths.fleetAppProject(ns), apiObject: project.apiObject });
      const targetHealth = applicationTargets(inNamespace).map((t) => t.application?.health);
      const health = new ArgoCdConfigPatch(this, `argocd-cm-${ns}`, {
        argocdNamespace: ns,
        health: Object.assign({}, ...targetHealth) as Record<string, string>,
      });
      manifests.push({ path: distPaths.fleetArgoCdConfigPatch(ns), apiObject: health.apiObject });
      const generated = inNamespace.filter((c) => c.gitops.fleetEntry === 'applicationset');
      if (generated.length > 0) {
        const set = new FleetApplicationSet(this, `applicationset-${ns}`, {
          argocdNamespace: ns,
          clusters: generated,
        });
        manifests.push({ path: distPaths.fleetApplicationSet(ns), apiObject: set.apiObject });
      }
    }
    for (const cluster of (props.perCluster ?? true) ? clusters : []) {
      if (cluster.gitops.fleetEntry === 'applicationset') {
        files.set(distPaths.fleetClusterParams(cluster.name), renderRootParams(cluster));
      } else {
        const root = new FleetRoot(this, `root-${cluster.name}`, { cluster });
        manifests.push({ path: distPaths.fleetRoot(cluster.name), apiObject: root.apiObject });
      }
    }
    this.manifests = manifests;
    this.files = files;
  }
}
