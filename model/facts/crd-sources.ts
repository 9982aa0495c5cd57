/**
 * The pinned upstream CRDs the import pipeline reads. Provenance mirrors
 * ../shared/crds/SOURCES.md; the files themselves are never committed.
 */
import { ARGOCD_VERSIONS, KARPENTER_VERSIONS } from './versions';

export interface CrdSet {
  /** Folder under the CRD root and under `imports/`, e.g. `karpenter/v1.14.1`. */
  readonly project: 'karpenter' | 'argo-cd' | 'eks-auto-mode';
  readonly version: string;
  /** Upstream tag the files come from. */
  readonly ref: string;
  /** Upstream commit of that tag. */
  readonly commit: string;
  /** Base URL of the raw files at that tag. */
  readonly upstream: string;
  readonly files: readonly string[];
  /**
   * Folder of the files inside this repository (relative to its root), for a set that has no
   * upstream file to read: the import reads it there whatever `--from` says.
   * @default undefined (read from `--from`: ../shared/crds or the upstream URLs)
   */
  readonly localDir?: string;
  /**
   * `spec`: each file holds only a CRD's `spec` (group, names, scope, versions), a field table of
   * ours rather than a copy of a CRD; the loader wraps it into the CRD (codegen/crd-loader.ts).
   * @default 'crd' (each file is a CRD as upstream publishes it)
   */
  readonly form?: 'crd' | 'spec';
}

/**
 * The EKS Auto Mode NodeClass schema: AWS publishes no CRD file, so the pinned set is one we
 * assemble from public descriptions (codegen/sources/eks-auto-mode/, each field citing its page).
 * It is marked NOT published by AWS wherever it appears; an export from a cluster imported into
 * a repository replaces it there (validation/kubernetes/node-class-artifacts.ts chooses).
 */
export const EKS_AUTO_MODE_CRD_SET: CrdSet = {
  project: 'eks-auto-mode',
  version: 'pinned',
  ref: 'assembled from public sources, NOT published by AWS',
  commit: 'none (no upstream file)',
  upstream: 'codegen/sources/eks-auto-mode/',
  files: ['nodeclass-fields.yaml'],
  localDir: 'codegen/sources/eks-auto-mode',
  form: 'spec',
};

const KARPENTER_COMMITS: Record<(typeof KARPENTER_VERSIONS)[number], string> = {
  '1.14.1': 'bde00654cd316fddb3dccfba3f5ac07039865429',
  '1.0.14': '093ba9dfbcaf7c09d6a2fac7a060fae465a90206',
};

const KARPENTER_FILES: Record<(typeof KARPENTER_VERSIONS)[number], readonly string[]> = {
  '1.14.1': [
    'autoscaling.x-k8s.io_capacitybuffers.yaml',
    'karpenter.k8s.aws_ec2nodeclasses.yaml',
    'karpenter.sh_nodeclaims.yaml',
    'karpenter.sh_nodeoverlays.yaml',
    'karpenter.sh_nodepools.yaml',
  ],
  '1.0.14': [
    'karpenter.k8s.aws_ec2nodeclasses.yaml',
    'karpenter.sh_nodeclaims.yaml',
    'karpenter.sh_nodepools.yaml',
  ],
};

const ARGOCD_COMMITS: Record<(typeof ARGOCD_VERSIONS)[number], string> = {
  '3.5.1': '109ca7ca71139e514114499d294a492e7910a965',
};

export const CRD_SETS: readonly CrdSet[] = [
  ...KARPENTER_VERSIONS.map((version): CrdSet => ({
    project: 'karpenter',
    version,
    ref: `v${version}`,
    commit: KARPENTER_COMMITS[version],
    upstream: `https://raw.githubusercontent.com/aws/karpenter-provider-aws/v${version}/pkg/apis/crds/`,
    files: KARPENTER_FILES[version],
  })),
  ...ARGOCD_VERSIONS.map((version): CrdSet => ({
    project: 'argo-cd',
    version,
    ref: `v${version}`,
    commit: ARGOCD_COMMITS[version],
    upstream: `https://raw.githubusercontent.com/argoproj/argo-cd/v${version}/manifests/crds/`,
    files: ['application-crd.yaml', 'applicationset-crd.yaml', 'appproject-crd.yaml'],
  })),
  EKS_AUTO_MODE_CRD_SET,
];

/** `imports/` sub-folder for a CRD set, e.g. `karpenter-v1.14.1`. */
export function importDirName(set: Pick<CrdSet, 'project' | 'version'>): string {
  if (set.project === 'eks-auto-mode') return `eks-auto-mode-${set.version}`;
  return `${set.project === 'argo-cd' ? 'argocd' : set.project}-v${set.version}`;
}
