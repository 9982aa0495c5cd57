/**
 * Pieces every generated Application shares: metadata (explicit name, the resources
 * finalizer, the sync wave), the destination, the sync policy with retry, and paths
 * inside the GitOps repository.
 */
import { ApiObjectMetadata } from 'cdk8s';
import { ARGOCD_ANNOTATIONS, MANAGED_BY, SYNC_WAVES, TAGS } from '../../model/constants';
import { ClusterModel, GitOpsModel } from '../../model/fleet-model';
import {
  ApplicationSpecDestination,
  ApplicationSpecSyncPolicy,
} from '../../imports/argocd-v3.5.1/argoproj.io';
import { sortedRecord } from '../sorted-record';

/** Makes Argo CD delete an Application's resources when the Application is deleted (cascade). */
export const RESOURCES_FINALIZER = 'resources-finalizer.argocd.argoproj.io';

/** The cluster Argo CD itself runs in, where Applications and AppProjects are created. */
export const IN_CLUSTER_SERVER = 'https://kubernetes.default.svc';

/** Argo CD sync options the tool uses. */
export const SYNC_OPTIONS = {
  serverSideApply: 'ServerSideApply=true',
  skipDryRunOnMissingResource: 'SkipDryRunOnMissingResource=true',
  /** Keep the resources when the Application is deleted (CRDs: deleting them deletes every NodePool). */
  noDelete: 'Delete=false',
  respectIgnoreDifferences: 'RespectIgnoreDifferences=true',
} as const;
export type SyncOption = (typeof SYNC_OPTIONS)[keyof typeof SYNC_OPTIONS];

/**
 * Retry failed syncs 5 times, 5s doubling up to 3m, refreshing to the newest revision, so
 * a fix pushed while an Application is retrying is picked up.
 */
export const SYNC_RETRY = {
  limit: 5,
  refresh: true,
  backoff: { duration: '5s', factor: 2, maxDuration: '3m' },
} as const;

export type SyncWave = (typeof SYNC_WAVES)[keyof typeof SYNC_WAVES];

/**
 * Labels of a cluster's Argo CD objects (its Applications, its AppProject and its root in
 * dist/fleet/): the cluster's `gitops.clusterLabels`, so `argocd app list -l env=prod` selects
 * them, and `app.kubernetes.io/managed-by`, which a cluster label cannot override. Sorted.
 */
export function argocdLabels(gitops: GitOpsModel): Record<string, string> {
  return sortedRecord({ ...gitops.clusterLabels, [TAGS.managedBy]: MANAGED_BY });
}

/** Metadata of a cluster's Application, in Argo CD's namespace, labelled with argocdLabels. */
export function applicationMetadata(
  name: string,
  gitops: GitOpsModel,
  syncWave?: SyncWave,
): ApiObjectMetadata {
  return {
    name,
    namespace: gitops.argocdNamespace,
    labels: argocdLabels(gitops),
    ...(syncWave !== undefined ? { annotations: { [ARGOCD_ANNOTATIONS.syncWave]: syncWave } } : {}),
    finalizers: [RESOURCES_FINALIZER],
  };
}

/** The workload cluster, by registered name or API server URL, and a namespace. */
export function clusterDestination(gitops: GitOpsModel, namespace: string): ApplicationSpecDestination {
  return 'name' in gitops.destination
    ? { name: gitops.destination.name, namespace }
    : { server: gitops.destination.server, namespace };
}

export function syncPolicy(gitops: GitOpsModel, options: readonly SyncOption[]): ApplicationSpecSyncPolicy {
  const { automated, prune, selfHeal } = gitops.syncPolicy;
  return {
    ...(automated ? { automated: { prune, selfHeal } } : {}),
    retry: { ...SYNC_RETRY, backoff: { ...SYNC_RETRY.backoff } },
    ...(options.length > 0 ? { syncOptions: [...options] } : {}),
  };
}

/** A path inside the GitOps repository: `<distPath>/<relative>`. */
export function repoPath(gitops: GitOpsModel, relative: string): string {
  const base = gitops.distPath.replace(/^\.\/?/, '').replace(/\/+$/, '');
  return base === '' ? relative : `${base}/${relative}`;
}

/** Whether the cluster's Karpenter still has the v1beta1 → v1 conversion webhook (1.0.x). */
export function hasConversionWebhook(cluster: ClusterModel): boolean {
  return cluster.karpenter.version.startsWith('1.0.');
}
