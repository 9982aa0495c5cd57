/**
 * Metadata shared by every Karpenter object the tool generates: the explicit stable name,
 * the managed-by label and the Argo CD sync annotations.
 */
import { ApiObjectMetadata } from 'cdk8s';
import { ARGOCD_ANNOTATIONS, MANAGED_BY, SYNC_WAVES, TAGS, sortedRecord } from '../../model';

/** Argo CD sync option for custom resources whose CRD may be installed by the same sync. */
export const SKIP_DRY_RUN_ON_MISSING_RESOURCE = 'SkipDryRunOnMissingResource=true';

export type KarpenterSyncWave = (typeof SYNC_WAVES)['nodeClass' | 'nodePool' | 'nodeOverlay'];

/**
 * Metadata of a cluster-scoped Karpenter object named `name`, synced in `syncWave`, with the
 * user's own object annotations and labels (`metadata` in the fleet file) beside the tool's
 * Argo CD annotations and managed-by label; the loader refuses user keys that clash with the tool's. Keys sorted.
 */
export function karpenterObjectMetadata(
  name: string,
  syncWave: KarpenterSyncWave,
  userAnnotations: Readonly<Record<string, string>> = {},
  userLabels: Readonly<Record<string, string>> = {},
): ApiObjectMetadata {
  return {
    name,
    labels: sortedRecord({ ...userLabels, [TAGS.managedBy]: MANAGED_BY }),
    annotations: sortedRecord({
      ...userAnnotations,
      [ARGOCD_ANNOTATIONS.syncOptions]: SKIP_DRY_RUN_ON_MISSING_RESOURCE,
      [ARGOCD_ANNOTATIONS.syncWave]: syncWave,
    }),
  };
}
