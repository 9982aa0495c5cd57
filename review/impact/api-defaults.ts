/**
 * The defaults the API server fills in from the CRD schemas (`+kubebuilder:default` markers), so
 * that writing a default explicitly, or dropping it, is not reported as a change: Karpenter hashes
 * and compares the stored object, which has the default either way.
 *
 * - NodePool (kubernetes-sigs/karpenter v1.14.1, pkg/apis/v1/nodepool.go):
 *   NodeClaimTemplateSpec.ExpireAfter defaults to 720h; Disruption.ConsolidationPolicy to
 *   WhenEmptyOrUnderutilized, Disruption.ConsolidateAfter to 0s (via the Disruption default),
 *   Disruption.Budgets to one budget of 10%.
 * - EC2NodeClass (aws/karpenter-provider-aws v1.14.1, pkg/apis/v1/ec2nodeclass.go):
 *   MetadataOptions defaults to httpEndpoint enabled, httpProtocolIPv6 disabled,
 *   httpPutResponseHopLimit 1, httpTokens required, field by field.
 */
import { isPlainObject } from './field-diff';
import { KARPENTER_KINDS, KarpenterKind } from '../resource-kinds';

export const NODE_POOL_DEFAULTS = {
  expireAfter: '720h',
  consolidationPolicy: 'WhenEmptyOrUnderutilized',
  consolidateAfter: '0s',
  budgets: [{ nodes: '10%' }],
} as const;

export const METADATA_OPTIONS_DEFAULTS = {
  httpEndpoint: 'enabled',
  httpProtocolIPv6: 'disabled',
  httpPutResponseHopLimit: 1,
  httpTokens: 'required',
} as const;

/** A copy of the object with the CRD defaults applied where a field is absent; other input as is. */
export function withApiDefaults(kind: KarpenterKind, body: unknown): unknown {
  if (!isPlainObject(body) || !isPlainObject(body.spec)) return body;
  const spec = { ...body.spec };
  if (kind === KARPENTER_KINDS.nodePool) {
    if (isPlainObject(spec.template)) {
      const template = { ...spec.template };
      if (isPlainObject(template.spec))
        template.spec = { expireAfter: NODE_POOL_DEFAULTS.expireAfter, ...template.spec };
      spec.template = template;
    }
    const disruption = isPlainObject(spec.disruption) ? spec.disruption : {};
    spec.disruption = {
      consolidationPolicy: NODE_POOL_DEFAULTS.consolidationPolicy,
      consolidateAfter: NODE_POOL_DEFAULTS.consolidateAfter,
      budgets: NODE_POOL_DEFAULTS.budgets.map((b) => ({ ...b })),
      ...disruption,
    };
  } else {
    const given = isPlainObject(spec.metadataOptions) ? spec.metadataOptions : {};
    spec.metadataOptions = { ...METADATA_OPTIONS_DEFAULTS, ...given };
  }
  return { ...body, spec };
}
