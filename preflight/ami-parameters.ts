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

/**
 * The SSM parameter of the newest release of a family that pins releases, as Karpenter 1.14.1
 * resolves `@latest` (the same paths as amiAliasParameters with version `latest`): AL2023
 * `.../amazon-linux-2023/x86_64/standard/recommended/image_id` (al2023.go `resolvePath`; the
 * variant Karpenter's getting-started script reads to pick `ALIAS_VERSION`,
 * website/content/en/docs/getting-started/getting-started-with-karpenter/scripts/step01-config.sh),
 * Bottlerocket `/aws/service/bottlerocket/aws-k8s-<k8s>/x86_64/latest/image_id`
 * (bottlerocket.go `DescribeImageQuery`). Undefined for the other families (AL2 is not published
 * past Kubernetes 1.32; Windows aliases only take `latest`).
 */
export function latestReleaseParameter(alias: ParsedAlias, k8sVersion: string): string | undefined {
  if (alias.amiFamily !== 'AL2023' && alias.amiFamily !== 'Bottlerocket') return undefined;
  return amiAliasParameters({ ...alias, version: LATEST }, k8sVersion)?.[0];
}

/**
 * The release version in the name of an AMI of the family, undefined when the name has none:
 * AL2023 `amazon-eks-node-al2023-<arch>-<variant>-<k8s>-v20250505` (the names al2023.go pins, and
 * the `v<digits>` the getting-started script cuts from them); Bottlerocket
 * `bottlerocket-aws-k8s-1.33-x86_64-v1.46.0-431fe75a`, the first `-`-separated part that starts
 * with `v` and holds a `.` (bottlerocket.go `extractVersionFromName`).
 */
export function releaseOfImageName(alias: ParsedAlias, name: string): string | undefined {
  if (alias.amiFamily === 'AL2023') return /^amazon-eks-node-al2023-.*-(v\d{8})$/.exec(name)?.[1];
  if (alias.amiFamily === 'Bottlerocket')
    return name.split('-').find((part) => part.startsWith('v') && part.includes('.'));
  return undefined;
}

/**
 * Orders two release versions of the family (negative: `a` is older): AL2023 `vYYYYMMDD` by
 * date, Bottlerocket `v1.46.0` (or `1.46.0`) by its numeric parts. Undefined when either is not of
 * the family's shape.
 */
export function compareReleases(alias: ParsedAlias, a: string, b: string): number | undefined {
  if (alias.amiFamily === 'AL2023') {
    const shape = /^v\d{8}$/;
    return shape.test(a) && shape.test(b) ? Number(a.slice(1)) - Number(b.slice(1)) : undefined;
  }
  if (alias.amiFamily !== 'Bottlerocket') return undefined;
  const parts = (v: string): number[] | undefined => {
    const m = /^v*(\d+)\.(\d+)\.(\d+)$/.exec(v);
    return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
  };
  const pa = parts(a);
  const pb = parts(b);
  if (pa === undefined || pb === undefined) return undefined;
  return pa[0] - pb[0] || pa[1] - pb[1] || pa[2] - pb[2];
}
