/**
 * Node class fields whose meaning changed between the v1alpha5/v1beta1 generations and
 * v1, shared by the AWSNodeTemplate and v1beta1 EC2NodeClass converters.
 */
import { DocumentContext } from './document-context';
import { FieldPath } from './manifest-documents';

/**
 * v1alpha5 and v1beta1 defaulted httpPutResponseHopLimit to 2; v1 (and the fleet format)
 * to 1, which keeps pods without host networking away from the node's IMDS credentials.
 */
export function reportHopLimitDefault(
  ctx: DocumentContext,
  metadata: { httpPutResponseHopLimit?: number } | undefined,
  metadataPath: FieldPath,
  base: FieldPath,
  t: string,
): void {
  if (metadata?.httpPutResponseHopLimit !== undefined) return;
  ctx.report(
    'warning',
    'defaulted',
    metadata ? metadataPath : base,
    `${t}.metadataOptions.httpPutResponseHopLimit`,
    'httpPutResponseHopLimit is now 1 (was 2 by default)',
    'Karpenter v1 lowered the default so pods cannot reach the node role through IMDS; pods that need IMDS without host networking need metadataOptions.httpPutResponseHopLimit: 2',
  );
}

/** Tags Karpenter v1 reserves or removed. */
const REMOVED_TAGS: Readonly<Record<string, string>> = {
  'karpenter.sh/managed-by':
    'Karpenter v1 removed it in favour of eks:eks-cluster-name, which it sets itself',
  'karpenter.sh/provisioner-name': 'Karpenter sets karpenter.sh/nodepool itself; v1 refuses the old key',
};

export function dropRemovedTags(
  ctx: DocumentContext,
  path: FieldPath,
  tags: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tags)) {
    const reason = REMOVED_TAGS[key];
    if (reason) ctx.report('warning', 'dropped', [...path, key], '', `tag ${key} was left out`, reason);
    else out[key] = value;
  }
  return out;
}
