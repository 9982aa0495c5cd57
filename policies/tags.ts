/** Tags on every taggable resource of the template: the cluster's tags plus managed-by. */
import { MANAGED_BY, TAGS, ClusterModel } from '../model';

export interface CfnTag {
  readonly Key: string;
  readonly Value: string;
}

/** Sorted by key; the tool's managed-by tag wins over a user tag of the same key. */
export function resourceTags(cluster: ClusterModel): CfnTag[] {
  const merged: Record<string, string> = { ...cluster.tags, [TAGS.managedBy]: MANAGED_BY };
  return Object.keys(merged)
    .sort()
    .map((Key) => ({ Key, Value: merged[Key] }));
}
