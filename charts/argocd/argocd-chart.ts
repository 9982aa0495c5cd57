/**
 * The Argo CD objects of one cluster (`dist/<cluster>/argocd/`), each with its path:
 * the AppProject and the base (only when there are namespaces to create), CRD,
 * controller and node-pools Applications.
 */
import { Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { distPaths, ClusterModel } from '../../model';
import { clusterBaseNamespaces } from '../cluster-base/cluster-base-chart';
import { PlacedManifest } from '../karpenter/karpenter-chart';
import { ClusterAppProject } from './app-project';
import { ControllerApplication } from './controller-application';
import { CrdApplication } from './crd-application';
import { DirectoryApplication } from './directory-application';
import { AwsSideApplication } from './target-application';
import { targetOf } from '../../policies/targets/targets';

export interface ArgoCdChartProps {
  readonly cluster: ClusterModel;
}

export class ArgoCdChart extends Chart {
  public readonly manifests: readonly PlacedManifest[];

  constructor(scope: Construct, props: ArgoCdChartProps) {
    const cluster = props.cluster;
    super(scope, `argocd-${cluster.name}`, { disableResourceNameHashes: true });
    const c = cluster.name;
    const manifests: PlacedManifest[] = [
      {
        path: distPaths.argocdAppProject(c),
        apiObject: new ClusterAppProject(this, 'project', { cluster }).apiObject,
      },
    ];
    if (clusterBaseNamespaces(cluster).length > 0) {
      const base = new DirectoryApplication(this, 'base', { cluster, role: 'base' });
      manifests.push({ path: distPaths.argocdApplication(c, 'base'), apiObject: base.apiObject });
    }
    manifests.push(
      {
        path: distPaths.argocdApplication(c, 'crd'),
        apiObject: new CrdApplication(this, 'crd', { cluster }).apiObject,
      },
      {
        path: distPaths.argocdApplication(c, 'controller'),
        apiObject: new ControllerApplication(this, 'controller', { cluster }).apiObject,
      },
      {
        path: distPaths.argocdApplication(c, 'nodepools'),
        apiObject: new DirectoryApplication(this, 'nodepools', { cluster, role: 'nodepools' }).apiObject,
      },
    );
    const target = targetOf(cluster);
    if (target.dir !== undefined && target.application !== undefined) {
      const app = new AwsSideApplication(this, 'aws', {
        cluster,
        target: { ...target, application: target.application },
      });
      manifests.push({ path: distPaths.argocdApplication(c, 'aws'), apiObject: app.apiObject });
    }
    this.manifests = manifests;
  }
}
