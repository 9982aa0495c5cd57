/**
 * Closed sets of versions the tool knows. Every chart, policy, validator and test reads
 * these constants; a version string typed anywhere else is a bug.
 */

/** Karpenter versions whose CRDs are imported (schemas, CEL rules, typed constructs). */
export const KARPENTER_VERSIONS = ['1.14.1', '1.0.14'] as const;
export type KarpenterVersion = (typeof KARPENTER_VERSIONS)[number];

/**
 * What `karpenter.version` may look like: a Karpenter release (MAJOR.MINOR.PATCH, optionally a
 * pre-release suffix). Whether the tool knows it is decided after the schema: shipped
 * (KARPENTER_VERSIONS) or imported into the repository (`karpenter-gitops import`).
 */
export const KARPENTER_RELEASE_PATTERN = '^[0-9]+\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.-]+)?$';

/** The Karpenter version a cluster gets when its description names none. */
export const DEFAULT_KARPENTER_VERSION: KarpenterVersion = '1.14.1';

/** Argo CD versions whose CRDs are imported. */
export const ARGOCD_VERSIONS = ['3.5.1'] as const;
export type ArgoCdVersion = (typeof ARGOCD_VERSIONS)[number];
export const ARGOCD_VERSION: ArgoCdVersion = '3.5.1';

/** Kubernetes minor versions EKS offers that Karpenter 1.x supports. */
export const KUBERNETES_VERSIONS = ['1.29', '1.30', '1.31', '1.32', '1.33', '1.34', '1.35'] as const;
export type KubernetesVersion = (typeof KUBERNETES_VERSIONS)[number];
export const DEFAULT_KUBERNETES_VERSION: KubernetesVersion = '1.33';

export function isKarpenterVersion(v: string): v is KarpenterVersion {
  return (KARPENTER_VERSIONS as readonly string[]).includes(v);
}
