/**
 * Tag keys and values the controller policies condition on. Shared keys come from
 * model/facts/constants.ts; the two only policies need are defined here.
 */
import { TAGS } from '../model';

/** Tag Karpenter puts on instance profiles it creates (value: the region). */
export const REGION_TAG = 'topology.kubernetes.io/region';
/** The EC2 console name tag Karpenter sets on instances. */
export const NAME_TAG = 'Name';
/** Value of the cluster-ownership tag on everything Karpenter creates. */
export const OWNED = 'owned';

/** `kubernetes.io/cluster/<name>`. */
export function clusterOwnedTagKey(cluster: string): string {
  return TAGS.clusterOwned.replace('${ClusterName}', cluster);
}

/** `aws:ResourceTag/<key>` */
export function resourceTag(key: string): string {
  return `aws:ResourceTag/${key}`;
}

/** `aws:RequestTag/<key>` */
export function requestTag(key: string): string {
  return `aws:RequestTag/${key}`;
}
