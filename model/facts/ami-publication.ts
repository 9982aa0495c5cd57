/**
 * Which Kubernetes versions AWS publishes the AMIs of an alias family for: an alias whose
 * family has no AMI for the cluster's Kubernetes version resolves to nothing, and Karpenter
 * launches no node. Facts, each with where it comes from (Karpenter 1.14.1,
 * github.com/aws/karpenter-provider-aws at tag v1.14.1):
 *
 *   al2          last published for Kubernetes 1.32. pkg/providers/amifamily/ami.go refuses an
 *                AL2 alias on 1.33+ (AL2DeprecationError); website/content/en/docs/concepts/
 *                nodeclasses.md, "AL2 support dropped at Kubernetes 1.33"; EKS user guide,
 *                kubernetes-versions-standard.html#kubernetes-1-33.
 *   windows2025  first published for Kubernetes 1.35. pkg/providers/amifamily/ami.go refuses a
 *                windows2025 alias below 1.35 (WS2025UnsupportedVersionError).
 *
 * al2023, bottlerocket, windows2019 and windows2022 are published for every Kubernetes
 * version this tool accepts (model/facts/versions.ts): Karpenter 1.14.1 resolves them through SSM
 * parameters named after the Kubernetes version, with no version restriction.
 *
 * Which AL2023 releases exist, and for which Kubernetes versions, is generated data
 * (imports/eks-optimized-amis/al2023-releases.ts, from the release notes of
 * awslabs/amazon-eks-ami; codegen/sources/eks-optimized-amis/).
 */
import { AL2023_RELEASES } from '../../imports/eks-optimized-amis/al2023-releases';

interface PublishedRange {
  /** First Kubernetes minor (1.x) with AMIs of this family. */
  readonly firstMinor?: number;
  /** Last Kubernetes minor (1.x) with AMIs of this family. */
  readonly lastMinor?: number;
  /** What to do instead. */
  readonly fix: string;
}

/** Alias family (as written before `@`) → the Kubernetes versions it is published for. */
export const ALIAS_KUBERNETES_RANGES: Readonly<Record<string, PublishedRange>> = {
  al2: {
    lastMinor: 32,
    fix: 'Move to al2023@<version> (AL2023 uses nodeadm userData) or bottlerocket@<version>, or stay on kubernetesVersion 1.32',
  },
  windows2025: {
    firstMinor: 35,
    fix: 'Use windows2022@latest, or set kubernetesVersion to 1.35 or later',
  },
};

/** Why `family@…` cannot be used on Kubernetes `kubernetesVersion` (`1.33`), if it cannot. */
export function aliasKubernetesProblem(
  family: string,
  kubernetesVersion: string,
): { readonly message: string; readonly fix: string } | undefined {
  const range = Object.prototype.hasOwnProperty.call(ALIAS_KUBERNETES_RANGES, family)
    ? ALIAS_KUBERNETES_RANGES[family]
    : undefined;
  const minor = Number(kubernetesVersion.split('.')[1]);
  if (range === undefined || !Number.isInteger(minor)) return undefined;
  if (range.lastMinor !== undefined && minor > range.lastMinor) {
    return {
      message: `AWS publishes no ${family} AMIs for Kubernetes ${kubernetesVersion} (the last is 1.${range.lastMinor}), so Karpenter refuses the alias and launches no node`,
      fix: range.fix,
    };
  }
  if (range.firstMinor !== undefined && minor < range.firstMinor) {
    return {
      message: `AWS publishes ${family} AMIs only for Kubernetes 1.${range.firstMinor} and later, not ${kubernetesVersion}, so Karpenter refuses the alias and launches no node`,
      fix: range.fix,
    };
  }
  return undefined;
}

/**
 * The newest AL2023 EKS-optimized AMI release in the tool's data that published AMIs for
 * Kubernetes `kubernetesVersion` (`1.33`), as `vYYYYMMDD`; undefined when none did.
 */
export function newestAl2023Release(kubernetesVersion: string): string | undefined {
  return AL2023_RELEASES.find((r) => r.kubernetes.includes(kubernetesVersion))?.version;
}
