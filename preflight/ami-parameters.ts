/**
 * The public SSM parameters Karpenter 1.14.1 reads to resolve an AMI alias
 * (pkg/providers/amifamily/{al2,al2023,bottlerocket,windows}.go, `DescribeImageQuery`).
 * The alias resolves when at least one of them exists in the cluster's region.
 */
import { ParsedAlias } from '../model';

const LATEST = 'latest';

/** Parameter paths for an alias on a Kubernetes minor version; undefined for an unknown family. */
export function amiAliasParameters(alias: ParsedAlias, k8sVersion: string): string[] | undefined {
  const v = alias.version;
  const eks = `/aws/service/eks/optimized-ami/${k8sVersion}`;
  switch (alias.amiFamily) {
    case 'AL2': {
      const name = (prefix: string) =>
        v === LATEST ? 'recommended' : `amazon-eks-${prefix}-${k8sVersion}-${v}`;
      return [
        `${eks}/amazon-linux-2/${name('node')}/image_id`,
        `${eks}/amazon-linux-2-arm64/${name('arm64-node')}/image_id`,
        `${eks}/amazon-linux-2-gpu/${name('gpu-node')}/image_id`,
      ];
    }
    case 'AL2023': {
      const variants: [string, string][] = [
        ['x86_64', 'standard'],
        ['x86_64', 'nvidia'],
        ['x86_64', 'neuron'],
        ['arm64', 'standard'],
        ['arm64', 'nvidia'],
      ];
      return variants.map(([arch, variant]) => {
        const name =
          v === LATEST ? 'recommended' : `amazon-eks-node-al2023-${arch}-${variant}-${k8sVersion}-${v}`;
        return `${eks}/amazon-linux-2023/${arch}/${variant}/${name}/image_id`;
      });
    }
    case 'Bottlerocket': {
      const trimmed = v.replace(/^v+/, '');
      return [
        `/aws/service/bottlerocket/aws-k8s-${k8sVersion}/x86_64/${trimmed}/image_id`,
        `/aws/service/bottlerocket/aws-k8s-${k8sVersion}/arm64/${trimmed}/image_id`,
        `/aws/service/bottlerocket/aws-k8s-${k8sVersion}-nvidia/x86_64/${trimmed}/image_id`,
        `/aws/service/bottlerocket/aws-k8s-${k8sVersion}-nvidia/arm64/${trimmed}/image_id`,
      ];
    }
    case 'Windows2019':
    case 'Windows2022': {
      const year = alias.amiFamily.slice('Windows'.length);
      return [
        `/aws/service/ami-windows-latest/Windows_Server-${year}-English-Core-EKS_Optimized-${k8sVersion}/image_id`,
      ];
    }
    default:
      return undefined;
  }
}

/** Where to list the versions that exist, for the fix of an alias that does not resolve. */
export function amiVersionsPath(alias: ParsedAlias, k8sVersion: string): string | undefined {
  switch (alias.amiFamily) {
    case 'AL2':
      return `/aws/service/eks/optimized-ami/${k8sVersion}/amazon-linux-2`;
    case 'AL2023':
      return `/aws/service/eks/optimized-ami/${k8sVersion}/amazon-linux-2023/x86_64/standard`;
    case 'Bottlerocket':
      return `/aws/service/bottlerocket/aws-k8s-${k8sVersion}/x86_64`;
    case 'Windows2019':
    case 'Windows2022':
      return `/aws/service/ami-windows-latest`;
    default:
      return undefined;
  }
}
