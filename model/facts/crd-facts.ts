/**
 * Facts of a Karpenter version that are read from its CRDs at import time, not at run time:
 * the one artifact generator (codegen/generate-validation-artifacts.ts, `validationArtifactFiles`)
 * writes them as `facts.js` beside a version's validation artifacts, for the pinned versions
 * (`npm run import`, imports/validation/karpenter-v<version>/, with a typed copy in
 * imports/karpenter-v<version>/crd-facts.ts that model/facts/shipped-crd-facts.ts registers) and
 * for the versions a repository imports (`karpenter-gitops import`, karpenter-imports/, read by
 * io/repository-imports.ts into ImportedKarpenterVersion.crdFacts).
 */

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
