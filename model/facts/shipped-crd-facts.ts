/**
 * The CRD facts (model/facts/crd-facts.ts) of the Karpenter versions the tool ships, from the
 * generated imports/karpenter-v<version>/crd-facts.ts: a version added to KARPENTER_VERSIONS
 * without its import is a compile error here.
 */
import { CRD_FACTS as KARPENTER_1_0_14 } from '../../imports/karpenter-v1.0.14/crd-facts';
import { CRD_FACTS as KARPENTER_1_14_1 } from '../../imports/karpenter-v1.14.1/crd-facts';
import type { CrdFacts } from './crd-facts';
import type { KarpenterVersion } from './versions';

export const SHIPPED_CRD_FACTS: Readonly<Record<KarpenterVersion, CrdFacts>> = {
  '1.14.1': KARPENTER_1_14_1,
  '1.0.14': KARPENTER_1_0_14,
};
