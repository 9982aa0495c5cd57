/**
 * Whether a pinned AL2023 EKS-optimized AMI release (`al2023@v20260714`) published AMIs for a
 * Kubernetes version. Karpenter 1.14.1 resolves a pinned al2023 alias through SSM parameters
 * named after both (github.com/aws/karpenter-provider-aws at tag v1.14.1,
 * pkg/providers/amifamily/al2023.go, AL2023.resolvePath:
 * `/aws/service/eks/optimized-ami/<k8s>/amazon-linux-2023/<arch>/<variant>/amazon-eks-node-al2023-<arch>-<variant>-<k8s>-<release>/image_id`);
 * a release that published no AMI for the cluster's version has no such parameter, so
 * DescribeImageQuery finds no AMI (AMIsNotDiscoveredForAliasError) and Karpenter launches no node.
 *
 * Which releases exist, and for which Kubernetes versions, is generated data
 * (imports/eks-optimized-amis/al2023-releases.ts, from the release notes of awslabs/amazon-eks-ami
 * at a pinned commit; recalled and abandoned releases are left out). A release newer than the
 * newest in the data is beyond what the data knows: no verdict.
 */
import { AL2023_RELEASES, Al2023Release } from '../../imports/eks-optimized-amis/al2023-releases';

/** What the data says of release `version` on Kubernetes `kubernetesVersion`. */
export type Al2023ReleaseCoverage =
  /** The release published AMIs for the Kubernetes version. */
  | { readonly kind: 'covers' }
  /** The release is in the data but published no AMIs for the Kubernetes version. */
  | {
      readonly kind: 'not-covered';
      /** The Kubernetes versions it did publish AMIs for. */
      readonly kubernetes: readonly string[];
      /** The newest release in the data that covers the Kubernetes version, if any does. */
      readonly newestCovering?: string;
    }
  /** Newer than the newest release in the data: the data cannot tell. */
  | { readonly kind: 'newer-than-data'; readonly newest: string }
  /** Within the data's span but not in it (mistyped, recalled or abandoned). */
  | {
      readonly kind: 'absent';
      /** The nearest older release in the data; undefined when older than all of them. */
      readonly before?: string;
      /** The nearest newer release in the data. */
      readonly after: string;
      /** The newest release in the data that covers the Kubernetes version, if any does. */
      readonly newestCovering?: string;
    };

/** Releases newest first; `vYYYYMMDD` strings order as their dates. */
function coverage(
  releases: readonly Al2023Release[],
  version: string,
  kubernetesVersion: string,
): Al2023ReleaseCoverage {
  const newest = releases[0]?.version;
  if (newest === undefined || version > newest) return { kind: 'newer-than-data', newest: newest ?? '' };
  const newestCovering = releases.find((r) => r.kubernetes.includes(kubernetesVersion))?.version;
  const release = releases.find((r) => r.version === version);
  if (release === undefined) {
    const before = releases.find((r) => r.version < version)?.version;
    const after = [...releases].reverse().find((r) => r.version > version)!.version;
    return { kind: 'absent', before, after, newestCovering };
  }
  if (release.kubernetes.includes(kubernetesVersion)) return { kind: 'covers' };
  return { kind: 'not-covered', kubernetes: release.kubernetes, newestCovering };
}

/**
 * What the tool's data says of AL2023 release `version` (`v20250505`, already of the
 * `vYYYYMMDD` form) on Kubernetes `kubernetesVersion` (`1.33`).
 */
export function al2023ReleaseCoverage(version: string, kubernetesVersion: string): Al2023ReleaseCoverage {
  return coverage(AL2023_RELEASES, version, kubernetesVersion);
}

/** The same lookup over other release data (for tests of the edge cases). */
export const al2023ReleaseCoverageIn = coverage;

/** `1.30–1.32` for a run of consecutive minors, else a comma-separated list. */
export function kubernetesRange(versions: readonly string[]): string {
  const minors = versions.map((v) => Number(v.split('.')[1]));
  const consecutive = minors.every((m, i) => i === 0 || m === minors[i - 1] + 1);
  if (versions.length > 1 && consecutive) return `${versions[0]}–${versions[versions.length - 1]}`;
  return versions.join(', ');
}

/** What is wrong with pinning `al2023@<version>` on Kubernetes `kubernetesVersion`, if the data says. */
export interface Al2023ReleaseProblem {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly fix: string;
}

const RELEASES_PAGE = 'github.com/awslabs/amazon-eks-ami/releases';

/** The replacement to suggest: the newest release covering the version, or `@latest`. */
function suggestion(newestCovering: string | undefined, kubernetesVersion: string): string {
  const latest = 'al2023@latest (with allowLatestAmi: true)';
  return newestCovering === undefined
    ? `no release in the tool's data covers Kubernetes ${kubernetesVersion}: pin one that does (${RELEASES_PAGE}), or use ${latest}`
    : `use al2023@${newestCovering} (the newest release in the tool's data for Kubernetes ${kubernetesVersion}), or ${latest}`;
}

/**
 * The verdict on `al2023@<version>` (`version` of the `vYYYYMMDD` form) on Kubernetes
 * `kubernetesVersion`: an error when the release is in the data and published no AMIs for the
 * version, a warning when it lies within the data's span but is not in it, nothing otherwise
 * (a release newer than the data is not judged).
 */
export function al2023ReleaseProblem(
  version: string,
  kubernetesVersion: string,
  cov: Al2023ReleaseCoverage = al2023ReleaseCoverage(version, kubernetesVersion),
): Al2023ReleaseProblem | undefined {
  const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  if (cov.kind === 'not-covered') {
    return {
      severity: 'error',
      message: `AL2023 AMI release ${version} published AMIs only for Kubernetes ${kubernetesRange(cov.kubernetes)}, not ${kubernetesVersion}, so Karpenter resolves no AMI for the alias and launches no node`,
      fix: capital(suggestion(cov.newestCovering, kubernetesVersion)),
    };
  }
  if (cov.kind === 'absent') {
    const nearest =
      cov.before === undefined
        ? `it is older than the oldest, ${cov.after}`
        : `the nearest are ${cov.before} and ${cov.after}`;
    return {
      severity: 'warning',
      message: `${version} is not an AL2023 AMI release in the tool's data (${nearest}): it may be mistyped, or a recalled or abandoned release, which the data leaves out`,
      fix: `Check it at ${RELEASES_PAGE}, or ${suggestion(cov.newestCovering, kubernetesVersion)}`,
    };
  }
  return undefined;
}
