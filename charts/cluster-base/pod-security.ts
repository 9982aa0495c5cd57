/**
 * Pod Security admission labels (https://kubernetes.io/docs/concepts/security/pod-security-admission/).
 * The tool's namespaces enforce `restricted`: the Karpenter controller and the pause
 * smoke-test pods both run as non-root with no privileges.
 */
export const POD_SECURITY_LABELS = {
  enforce: 'pod-security.kubernetes.io/enforce',
  enforceVersion: 'pod-security.kubernetes.io/enforce-version',
  audit: 'pod-security.kubernetes.io/audit',
  warn: 'pod-security.kubernetes.io/warn',
} as const;

export const POD_SECURITY_LEVELS = ['privileged', 'baseline', 'restricted'] as const;
export type PodSecurityLevel = (typeof POD_SECURITY_LEVELS)[number];

/**
 * Labels for a namespace enforcing `level`; audit and warn always report against
 * `restricted`, so a relaxed namespace still shows what keeps it from being restricted.
 * The version is pinned to the cluster's Kubernetes minor so an upgrade does not change
 * what is enforced without a reviewed change.
 */
export function podSecurityLabels(
  level: PodSecurityLevel,
  kubernetesVersion: string,
): Record<string, string> {
  return {
    [POD_SECURITY_LABELS.audit]: 'restricted',
    [POD_SECURITY_LABELS.enforce]: level,
    [POD_SECURITY_LABELS.enforceVersion]: `v${kubernetesVersion}`,
    [POD_SECURITY_LABELS.warn]: 'restricted',
  };
}
