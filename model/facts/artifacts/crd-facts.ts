/**
 * Facts of a Karpenter version that are read from its CRDs at import time, not at run time:
 * the one artifact generator (codegen/generate-validation-artifacts.ts, `validationArtifactFiles`)
 * writes them as `facts.js` beside a version's validation artifacts, for the pinned versions
 * (`npm run import`, imports/validation/karpenter-v<version>/, with a typed copy in
 * imports/karpenter-v<version>/crd-facts.ts, registered below as SHIPPED_CRD_FACTS) and
 * for the versions a repository imports (`karpenter-gitops import`, karpenter-imports/, read by
 * io/repository-imports.ts into ImportedKarpenterVersion.crdFacts).
 */
import { CRD_FACTS as KARPENTER_1_0_14 } from '../../../imports/karpenter-v1.0.14/crd-facts';
import { CRD_FACTS as KARPENTER_1_14_1 } from '../../../imports/karpenter-v1.14.1/crd-facts';
import type { KarpenterVersion } from '../versions';

/** File name of the facts beside a version's validation artifacts. */
export const CRD_FACTS_FILE = 'facts.js';

export interface CrdFacts {
  /**
   * The NodePool CRD's `pattern` for `spec.disruption.budgets[*].schedule` (storage version), which
   * the API server matches with Go's regexp.
   * @default none: the CRD has no pattern there, so the API server checks none
   */
  readonly disruptionBudgetSchedulePattern?: string;
}

/**
 * The facts of the versions the tool ships: a version added to KARPENTER_VERSIONS without its
 * generated import is a compile error here.
 */
export const SHIPPED_CRD_FACTS: Readonly<Record<KarpenterVersion, CrdFacts>> = {
  '1.14.1': KARPENTER_1_14_1,
  '1.0.14': KARPENTER_1_0_14,
};
