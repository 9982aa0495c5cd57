import { parseAlias } from '../../model/facts/ami-alias';
import {
  amiAliasParameters,
  amiVersionsPath,
  compareReleases,
  latestReleaseParameter,
  releaseOfImageName,
} from '../../preflight/ami-parameters';

const params = (alias: string, k8s = '1.33') => amiAliasParameters(parseAlias(alias)!, k8s);

describe('SSM parameters of AMI aliases (Karpenter 1.14.1)', () => {
  it('AL2023: five architecture/variant paths, pinned or recommended', () => {
    expect(params('al2023@v20260714')).toEqual([
      '/aws/service/eks/optimized-ami/1.33/amazon-linux-2023/x86_64/standard/amazon-eks-node-al2023-x86_64-standard-1.33-v20260714/image_id',
      '/aws/service/eks/optimized-ami/1.33/amazon-linux-2023/x86_64/nvidia/amazon-eks-node-al2023-x86_64-nvidia-1.33-v20260714/image_id',
      '/aws/service/eks/optimized-ami/1.33/amazon-linux-2023/x86_64/neuron/amazon-eks-node-al2023-x86_64-neuron-1.33-v20260714/image_id',
      '/aws/service/eks/optimized-ami/1.33/amazon-linux-2023/arm64/standard/amazon-eks-node-al2023-arm64-standard-1.33-v20260714/image_id',
      '/aws/service/eks/optimized-ami/1.33/amazon-linux-2023/arm64/nvidia/amazon-eks-node-al2023-arm64-nvidia-1.33-v20260714/image_id',
    ]);
    expect(params('al2023@latest')![0]).toBe(
      '/aws/service/eks/optimized-ami/1.33/amazon-linux-2023/x86_64/standard/recommended/image_id',
    );
  });

  it('AL2, Bottlerocket (version without v) and Windows', () => {
    expect(params('al2@v20240807', '1.30')).toEqual([
      '/aws/service/eks/optimized-ami/1.30/amazon-linux-2/amazon-eks-node-1.30-v20240807/image_id',
      '/aws/service/eks/optimized-ami/1.30/amazon-linux-2-arm64/amazon-eks-arm64-node-1.30-v20240807/image_id',
      '/aws/service/eks/optimized-ami/1.30/amazon-linux-2-gpu/amazon-eks-gpu-node-1.30-v20240807/image_id',
    ]);
    expect(params('bottlerocket@v1.40.0')![0]).toBe(
      '/aws/service/bottlerocket/aws-k8s-1.33/x86_64/1.40.0/image_id',
    );
    expect(params('bottlerocket@v1.40.0')![3]).toBe(
      '/aws/service/bottlerocket/aws-k8s-1.33-nvidia/arm64/1.40.0/image_id',
    );
    expect(params('windows2022@latest')).toEqual([
      '/aws/service/ami-windows-latest/Windows_Server-2022-English-Core-EKS_Optimized-1.33/image_id',
    ]);
  });

  it('knows where to list versions, and nothing for unknown families', () => {
    expect(amiVersionsPath(parseAlias('al2023@v1')!, '1.33')).toBe(
      '/aws/service/eks/optimized-ami/1.33/amazon-linux-2023/x86_64/standard',
    );
    expect(params('ubuntu@v1')).toBeUndefined();
  });
});

describe('the newest release of a pinned alias (Karpenter 1.14.1 @latest, AMI names)', () => {
  const al2023 = parseAlias('al2023@v20260714')!;
  const bottlerocket = parseAlias('bottlerocket@v1.40.0')!;

  it('reads the parameter Karpenter resolves for @latest, for al2023 and bottlerocket only', () => {
    expect(latestReleaseParameter(al2023, '1.34')).toBe(
      '/aws/service/eks/optimized-ami/1.34/amazon-linux-2023/x86_64/standard/recommended/image_id',
    );
    expect(latestReleaseParameter(bottlerocket, '1.34')).toBe(
      '/aws/service/bottlerocket/aws-k8s-1.34/x86_64/latest/image_id',
    );
    expect(latestReleaseParameter(parseAlias('al2@v20240807')!, '1.30')).toBeUndefined();
    expect(latestReleaseParameter(parseAlias('windows2022@latest')!, '1.33')).toBeUndefined();
  });

  it('takes the release from the AMI name as Karpenter names and reads them', () => {
    expect(releaseOfImageName(al2023, 'amazon-eks-node-al2023-arm64-nvidia-1.33-v20260714')).toBe(
      'v20260714',
    );
    expect(
      releaseOfImageName(al2023, 'amazon-eks-node-al2023-x86_64-standard-1.33-v2026071'),
    ).toBeUndefined();
    expect(releaseOfImageName(al2023, 'my-golden-image-v20260714')).toBeUndefined();
    expect(releaseOfImageName(bottlerocket, 'bottlerocket-aws-k8s-1.33-x86_64-v1.46.0-431fe75a')).toBe(
      'v1.46.0',
    );
    expect(releaseOfImageName(bottlerocket, 'bottlerocket-aws-k8s-1.33-x86_64')).toBeUndefined();
  });

  it('orders releases: AL2023 by date, Bottlerocket by numeric parts; undefined for other shapes', () => {
    expect(compareReleases(al2023, 'v20250505', 'v20260714')).toBeLessThan(0);
    expect(compareReleases(al2023, 'v20260714', 'v20260714')).toBe(0);
    expect(compareReleases(bottlerocket, 'v1.9.0', 'v1.46.0')).toBeLessThan(0);
    expect(compareReleases(bottlerocket, 'v1.46.1', '1.46.0')).toBeGreaterThan(0);
    expect(compareReleases(bottlerocket, 'v1.46', 'v1.46.0')).toBeUndefined();
    expect(compareReleases(al2023, 'v1.46.0', 'v20260714')).toBeUndefined();
  });
});
