/**
 * The AppProject of one cluster: the least Argo CD needs to install Karpenter there.
 *
 * - sources: the Karpenter chart registry and the GitOps repository, nothing else;
 * - destinations: the workload cluster only (and, with `aws.managedBy: ack`, the ACK objects'
 *   namespace at `aws.ack.destination`), and only the namespaces the Applications write to (controller namespace, kube-system for the chart's Role, kube-node-lease for
 *   1.0.x, the smoke-test namespace when used, the namespaces of capacity buffers);
 * - cluster-scoped kinds: exactly those the charts and node pools contain; namespaced
 *   kinds: those the controller chart and the smoke tests contain (plus NodeOverlay,
 *   CapacityBuffer and PodTemplate when the cluster has them).
 */
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import {
  KARPENTER_CHART_REPO,
  MANAGED_BY,
  NAMESPACES,
  SYNC_WAVES,
  ClusterModel,
  compareCodeUnits,
} from '../../model';
import type {
  AppProjectSpecClusterResourceWhitelist,
  AppProjectSpecDestinations,
  AppProjectSpecNamespaceResourceWhitelist,
} from '../../imports/argocd-v3.5.1/argoproj.io';
import { clusterBaseNamespaces } from '../cluster-base/cluster-base-chart';
import { targetOf } from '../../policies/targets/targets';
import { argocdAnnotations, argocdLabels, hasConversionWebhook } from './application-common';
import { argocdObject } from './argocd-object';

interface Kind {
  readonly group: string;
  readonly kind: string;
}

const byGroupKind = (a: Kind, b: Kind) =>
  compareCodeUnits(a.group, b.group) || compareCodeUnits(a.kind, b.kind);

/** Namespaces the cluster's Applications write to, sorted. */
export function projectNamespaces(cluster: ClusterModel): string[] {
  const names = new Set<string>(
    cluster.karpenter.mode === 'self-managed' ? [cluster.karpenter.namespace, NAMESPACES.kubeSystem] : [],
  );
  if (hasConversionWebhook(cluster)) names.add(NAMESPACES.kubeNodeLease);
  for (const ns of clusterBaseNamespaces(cluster)) names.add(ns);
  for (const o of [...cluster.capacityBuffers, ...cluster.podTemplates]) names.add(o.namespace);
  return [...names].sort(compareCodeUnits);
}

export function projectClusterKinds(cluster: ClusterModel): Kind[] {
  if (cluster.karpenter.mode === 'eks-auto-mode') {
    // Only the node pools and their NodeClasses (EKS installs the CRDs and the controller).
    const auto: Kind[] = [
      { group: 'eks.amazonaws.com', kind: 'NodeClass' },
      { group: 'karpenter.sh', kind: 'NodePool' },
    ];
    if (clusterBaseNamespaces(cluster).length > 0) auto.push({ group: '', kind: 'Namespace' });
    return auto.sort(byGroupKind);
  }
  const kinds: Kind[] = [
    { group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' },
    { group: 'karpenter.k8s.aws', kind: 'EC2NodeClass' },
    { group: 'karpenter.sh', kind: 'NodePool' },
    { group: 'rbac.authorization.k8s.io', kind: 'ClusterRole' },
    { group: 'rbac.authorization.k8s.io', kind: 'ClusterRoleBinding' },
  ];
  // The AWS-side target's Application (ack) creates its namespace at its destination.
  if (clusterBaseNamespaces(cluster).length > 0 || targetOf(cluster).application !== undefined)
    kinds.push({ group: '', kind: 'Namespace' });
  if (cluster.nodeOverlays.length > 0) kinds.push({ group: 'karpenter.sh', kind: 'NodeOverlay' });
  return kinds.sort(byGroupKind);
}

export function projectNamespacedKinds(cluster: ClusterModel): Kind[] {
  if (cluster.karpenter.mode === 'eks-auto-mode') {
    // The opt-in smoke tests are all a node-pools Application writes into a namespace.
    const auto: Kind[] = cluster.nodePools.some((p) => p.smokeTest)
      ? [
          { group: 'apps', kind: 'Deployment' },
          { group: 'policy', kind: 'PodDisruptionBudget' },
        ]
      : [];
    return auto.sort(byGroupKind);
  }
  const kinds: Kind[] = [
    { group: '', kind: 'Service' },
    { group: '', kind: 'ServiceAccount' },
    { group: 'apps', kind: 'Deployment' },
    { group: 'monitoring.coreos.com', kind: 'ServiceMonitor' },
    { group: 'policy', kind: 'PodDisruptionBudget' },
    { group: 'rbac.authorization.k8s.io', kind: 'Role' },
    { group: 'rbac.authorization.k8s.io', kind: 'RoleBinding' },
  ];
  // 1.0.x charts keep the conversion webhook's certificate in a Secret.
  if (hasConversionWebhook(cluster)) kinds.push({ group: '', kind: 'Secret' });
  if (cluster.podTemplates.length > 0) kinds.push({ group: '', kind: 'PodTemplate' });
  if (cluster.capacityBuffers.length > 0)
    kinds.push({ group: 'autoscaling.x-k8s.io', kind: 'CapacityBuffer' });
  kinds.push(...(targetOf(cluster).application?.kinds ?? []));
  return kinds.sort(byGroupKind);
}

export interface ClusterAppProjectProps {
  readonly cluster: ClusterModel;
}

export class ClusterAppProject extends Construct {
  public readonly apiObject: ApiObject;

  constructor(scope: Construct, id: string, props: ClusterAppProjectProps) {
    super(scope, id);
    const cluster = props.cluster;
    const gitops = cluster.gitops;
    const destinations: AppProjectSpecDestinations[] = projectNamespaces(cluster).map((namespace) =>
      'name' in gitops.destination
        ? { name: gitops.destination.name, namespace }
        : { server: gitops.destination.server, namespace },
    );
    const aws = targetOf(cluster).application;
    if (aws !== undefined) destinations.push({ ...aws.destination(cluster), namespace: aws.namespace });
    this.apiObject = argocdObject(this, 'project', 'AppProject', {
      metadata: {
        name: gitops.project,
        namespace: gitops.argocdNamespace,
        labels: argocdLabels(gitops),
        annotations: argocdAnnotations(SYNC_WAVES.appProject),
      },
      spec: {
        description: `Karpenter on cluster ${cluster.name} (generated by ${MANAGED_BY} from ${cluster.source.file})`,
        sourceRepos: [
          ...new Set(
            cluster.karpenter.mode === 'self-managed'
              ? [KARPENTER_CHART_REPO, gitops.repoURL]
              : [gitops.repoURL],
          ),
        ].sort(compareCodeUnits),
        destinations,
        clusterResourceWhitelist: projectClusterKinds(cluster) as AppProjectSpecClusterResourceWhitelist[],
        namespaceResourceWhitelist: projectNamespacedKinds(
          cluster,
        ) as AppProjectSpecNamespaceResourceWhitelist[],
      },
    });
  }
}
