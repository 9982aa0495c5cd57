/**
 * Which EKS Auto Mode NodeClass schema validates `eks.amazonaws.com` objects: the ONE place that
 * chooses. AWS publishes no NodeClass CRD, so there are two candidates:
 *
 * - `imported`: the repository's own import of the CRD its clusters serve
 *   (`kubectl get crd nodeclasses.eks.amazonaws.com -o yaml`, then `karpenter-gitops import`),
 *   written to the repository's import folder (io/repository-imports.ts) beside `clusters/`. When present it wins: the
 *   cluster's own schema is the truth.
 * - `pinned`: the schema shipped with the tool, assembled from public sources and NOT published
 *   by AWS (codegen/sources/eks-auto-mode/ → imports/validation/eks-auto-mode-pinned/).
 */
import { EKS_AUTO_MODE_CRD_SET } from '../../model';
import { readRepositoryImports } from '../../io/repository-imports';
import { ArtifactSet } from './artifacts';

export type NodeClassSchemaOrigin = 'imported' | 'pinned';

export interface NodeClassArtifacts {
  readonly set: ArtifactSet;
  readonly origin: NodeClassSchemaOrigin;
  /** Said beside findings and in reports: which schema judged the NodeClasses. */
  readonly label: string;
}

/**
 * The NodeClass artifact set for a repository: its import when its lock names one (the registry
 * of the repository's imports, io/repository-imports.ts, is the one reader of that folder),
 * else the pinned set of the tool at `projectRoot`.
 */
export function nodeClassArtifacts(projectRoot: string, repositoryRoot: string): NodeClassArtifacts {
  const imported = readRepositoryImports(repositoryRoot).autoModeNodeClass;
  if (imported !== undefined) {
    return {
      set: ArtifactSet.fromDir(EKS_AUTO_MODE_CRD_SET.project, 'imported', imported.artifactDir),
      origin: 'imported',
      label: `the NodeClass CRD imported into ${imported.folder}`,
    };
  }
  return {
    set: new ArtifactSet(projectRoot, EKS_AUTO_MODE_CRD_SET.project, EKS_AUTO_MODE_CRD_SET.version),
    origin: 'pinned',
    label: 'the pinned EKS Auto Mode NodeClass schema (assembled from public sources, not published by AWS)',
  };
}
