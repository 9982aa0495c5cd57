/**
 * The Kubernetes-native pieces around Karpenter for one cluster (cdk8s-plus-30), each with
 * the `dist/` path it is written to:
 *
 * - `dist/<cluster>/base/`: the controller namespace (only when it is not kube-system) and
 *   the smoke-test namespace (only when a pool has `smokeTest: true`), with Pod Security
 *   labels; synced by the `<cluster>-karpenter-base` Application before the charts.
 * - `dist/<cluster>/karpenter/smoke-test-<pool>-*.yaml`: each opted-in pool's smoke-test
 *   Deployment and PDB, synced with the pools by the node-pools Application (wave 2).
 */
import { Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { NAMESPACES, distPaths, ClusterModel } from '../../model';
import { PlacedManifest } from '../karpenter/karpenter-chart';
import { ClusterNamespace } from './namespace';
import { PodSecurityLevel } from './pod-security';
import { SmokeTest } from './smoke-test';

export interface ClusterBaseChartProps {
  readonly cluster: ClusterModel;
}

/**
 * Namespaces the tool creates for `cluster`, sorted; empty when kube-system is used, no pool
 * has a smoke test and no capacity buffer uses the default `capacity-buffers` namespace.
 */
export function clusterBaseNamespaces(cluster: ClusterModel): string[] {
  const names = new Set<string>();
  if (cluster.karpenter.mode === 'self-managed' && cluster.karpenter.namespace !== NAMESPACES.kubeSystem)
    names.add(cluster.karpenter.namespace);
  if (cluster.nodePools.some((p) => p.smokeTest)) names.add(NAMESPACES.smokeTest);
  // The default namespace of capacity buffers is the tool's; other namespaces are the user's own.
  if (
    [...cluster.capacityBuffers, ...cluster.podTemplates].some(
      (o) => o.namespace === NAMESPACES.capacityBuffers,
    )
  )
    names.add(NAMESPACES.capacityBuffers);
  return [...names].sort();
}

/**
 * Pod Security level of the controller namespace: `restricted` (the chart's pod and
 * container security contexts satisfy it), or `privileged` when helmValues turn on
 * hostNetwork, which even `baseline` forbids.
 */
export function controllerNamespaceLevel(cluster: ClusterModel): PodSecurityLevel {
  return cluster.karpenter.helmValues.hostNetwork === true ? 'privileged' : 'restricted';
}

export class ClusterBaseChart extends Chart {
  public readonly manifests: readonly PlacedManifest[];

  constructor(scope: Construct, props: ClusterBaseChartProps) {
    const cluster = props.cluster;
    super(scope, `cluster-base-${cluster.name}`, { disableResourceNameHashes: true });
    const manifests: PlacedManifest[] = [];
    for (const name of clusterBaseNamespaces(cluster)) {
      const level = name === cluster.karpenter.namespace ? controllerNamespaceLevel(cluster) : 'restricted';
      const ns = new ClusterNamespace(this, `namespace-${name}`, {
        name,
        level,
        kubernetesVersion: cluster.kubernetesVersion,
      });
      manifests.push({ path: distPaths.namespace(cluster.name, name), apiObject: ns.apiObject });
    }
    for (const pool of cluster.nodePools.filter((p) => p.smokeTest)) {
      const smoke = new SmokeTest(this, `smoke-test-${pool.name}`, { pool });
      manifests.push({
        path: distPaths.smokeTestDeployment(cluster.name, pool.name),
        apiObject: smoke.deployment,
      });
      manifests.push({
        path: distPaths.smokeTestPdb(cluster.name, pool.name),
        apiObject: smoke.podDisruptionBudget,
      });
    }
    this.manifests = manifests;
  }
}
