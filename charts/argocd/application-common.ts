/**
 * Pieces every generated Application shares: metadata (explicit name, the resources
 * finalizer, the sync wave), the destination, the sync policy with retry, and paths
 * inside the GitOps repository.
 */
import { ApiObjectMetadata } from 'cdk8s';
import {
  ARGOCD_ANNOTATIONS,
  MANAGED_BY,
  RING_LABEL,
  SYNC_WAVES,
  TAGS,
  ClusterModel,
  GitOpsModel,
  sortedRecord,
} from '../../model';
import type {
  ApplicationSpecDestination,
  ApplicationSpecSyncPolicy,
} from '../../imports/argocd-v3.5.1/argoproj.io';

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
  /** Never prune (as a resource annotation: a root never deletes a child Application on its own). */
  noPrune: 'Prune=false',
  respectIgnoreDifferences: 'RespectIgnoreDifferences=true',
  /** Create the destination namespace (the ACK objects' namespace on their destination). */
  createNamespace: 'CreateNamespace=true',
} as const;
export type SyncOption = (typeof SYNC_OPTIONS)[keyof typeof SYNC_OPTIONS];

/**
 * Retry failed syncs without limit (`limit: -1`: controller/appcontroller.go retries while
 * `RetryCount < Limit || Limit < 0`, since 3.0), 5s doubling up to a 3m cap, refreshing to the
 * newest revision so a fix pushed while an Application is retrying is picked up. A finite
 * limit runs out: 5 attempts are over in about 2.6 minutes, less than a first install takes
 * (CloudFormation stack, node class Ready, controller rollout), and automated sync never
 * retries the same revision after that until someone commits again.
 */
export const SYNC_RETRY = {
  limit: -1,
  refresh: true,
  backoff: { duration: '5s', factor: 2, maxDuration: '3m' },
} as const;

export type SyncWave = (typeof SYNC_WAVES)[keyof typeof SYNC_WAVES];

/**
 * Labels of a cluster's Argo CD objects (its Applications, its AppProject and its root in
 * dist/fleet/): the cluster's `gitops.clusterLabels`, so `argocd app list -l env=prod` selects
 * them, `karpenter-gitops.io/ring: <ring>` for a cluster in a rollout ring (`-l karpenter-gitops.io/ring=canary`),
 * and `app.kubernetes.io/managed-by`, which a cluster label cannot override. Sorted.
 */
export function argocdLabels(gitops: GitOpsModel): Record<string, string> {
  return sortedRecord({
    ...gitops.clusterLabels,
    ...(gitops.ring !== undefined ? { [RING_LABEL]: gitops.ring } : {}),
    [TAGS.managedBy]: MANAGED_BY,
  });
}

/**
 * Annotations of every generated Argo CD object of a cluster: the resource-level sync options
 * `Delete=false,Prune=false` and the sync wave when given.
 * - `Delete=false`: deleting the parent (a root, or the ApplicationSet's root) never deletes
 *   this object. Argo CD honours the annotation on every 3.x version (controller/appcontroller.go
 *   shouldBeDeleted); the Application-level `syncPolicy.syncOptions: [Delete=false]` only
 *   exists from 3.4 (docs/user-guide/sync-options.md).
 * - `Prune=false`: a root whose folder loses this file (a removed cluster) does not delete the
 *   child; Applications deleted together would delete the controller while Karpenter's
 *   finalizers still need it to drain and terminate nodes. Decommissioning is explicit and
 *   ordered (docs/argocd.md).
 */
export function argocdAnnotations(syncWave?: SyncWave): Record<string, string> {
  return sortedRecord({
    [ARGOCD_ANNOTATIONS.syncOptions]: `${SYNC_OPTIONS.noDelete},${SYNC_OPTIONS.noPrune}`,
    ...(syncWave !== undefined ? { [ARGOCD_ANNOTATIONS.syncWave]: syncWave } : {}),
  });
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
    annotations: argocdAnnotations(syncWave),
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
