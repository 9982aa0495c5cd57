/**
 * One cdk8s chart per cluster holding its EC2NodeClasses (EKS Auto Mode NodeClasses when
 * `karpenter.mode` is `eks-auto-mode`) and NodePools, each paired with
 * the `dist/` path it is written to (model/shared/dist-layout.ts). Pure: reads only the model.
 */
import { ApiObject, Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { distPaths, ClusterModel } from '../../model';
import { CapacityBuffer, PodTemplate } from './capacity-buffer';
import { AutoModeNodeClass } from './auto-mode-node-class';
import { NodeClass } from './node-class';
import { NodeOverlay } from './node-overlay';
import { NodePool } from './node-pool';

export interface KarpenterChartProps {
  /** The resolved cluster; its node classes and pools are already sorted by name. */
  readonly cluster: ClusterModel;
}

/** A generated API object and its path relative to `dist/`. */
export interface PlacedManifest {
  readonly path: string;
  readonly apiObject: ApiObject;
}

export class KarpenterChart extends Chart {
  /** Node classes, pools, overlays, pod templates, buffers, each in model order. */
  public readonly manifests: readonly PlacedManifest[];

  constructor(scope: Construct, props: KarpenterChartProps) {
    super(scope, `karpenter-${props.cluster.name}`, { disableResourceNameHashes: true });
    this.manifests = addKarpenterObjects(this, props.cluster);
  }
}

/**
 * Adds a cluster's node classes, pools, overlays, pod templates and buffers under `scope`
 * (this chart, or a user's own chart through the library's KarpenterCluster construct).
 * Every object carries its explicit name, so no chart setting changes what is generated.
 */
export function addKarpenterObjects(scope: Construct, cluster: ClusterModel): PlacedManifest[] {
  const manifests: PlacedManifest[] = [];
  const mode = cluster.karpenter.mode;
  for (const model of cluster.nodeClasses) {
    if (mode === 'eks-auto-mode') {
      const nodeClass = new AutoModeNodeClass(scope, `nodeclass-${model.name}`, { model });
      manifests.push({
        path: distPaths.autoModeNodeClass(cluster.name, model.name),
        apiObject: nodeClass.apiObject,
      });
      continue;
    }
    const nodeClass = new NodeClass(scope, `ec2nodeclass-${model.name}`, { model });
    manifests.push({ path: distPaths.nodeClass(cluster.name, model.name), apiObject: nodeClass.apiObject });
  }
  for (const model of cluster.nodePools) {
    const nodePool = new NodePool(scope, `nodepool-${model.name}`, { model, mode });
    manifests.push({ path: distPaths.nodePool(cluster.name, model.name), apiObject: nodePool.apiObject });
  }
  for (const model of cluster.nodeOverlays) {
    const overlay = new NodeOverlay(scope, `nodeoverlay-${model.name}`, { model });
    manifests.push({ path: distPaths.nodeOverlay(cluster.name, model.name), apiObject: overlay.apiObject });
  }
  for (const model of cluster.podTemplates) {
    const template = new PodTemplate(scope, `podtemplate-${model.namespace}.${model.name}`, { model });
    manifests.push({
      path: distPaths.podTemplate(cluster.name, model.namespace, model.name),
      apiObject: template.apiObject,
    });
  }
  for (const model of cluster.capacityBuffers) {
    const buffer = new CapacityBuffer(scope, `capacitybuffer-${model.namespace}.${model.name}`, { model });
    manifests.push({
      path: distPaths.capacityBuffer(cluster.name, model.namespace, model.name),
      apiObject: buffer.apiObject,
    });
  }
  return manifests;
}
