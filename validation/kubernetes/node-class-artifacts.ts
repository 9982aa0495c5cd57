/**
 * Which EKS Auto Mode NodeClass schema validates `eks.amazonaws.com` objects: the ONE place that
 * chooses. AWS publishes no NodeClass CRD, so there are two candidates:
 *
 * - `imported`: the repository's own import of the CRD its clusters serve
 *   (`kubectl get crd nodeclasses.eks.amazonaws.com -o yaml`, then `karpenter-gitops import`),
 *   written to `karpenter-imports/eks-auto-mode/` beside `clusters/`. When present it wins: the
 *   cluster's own schema is the truth.
 * - `pinned`: the schema shipped with the tool, assembled from public sources and NOT published
 *   by AWS (codegen/sources/eks-auto-mode/ → imports/validation/eks-auto-mode-pinned/).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EKS_AUTO_MODE_CRD_SET } from '../../model';
import { ArtifactSet } from './artifacts';

/**
 * Folder of an imported NodeClass CRD's validation artifacts, relative to the repository root.
 * The `import` command writes it (io/repository-imports.ts: REPOSITORY_IMPORTS_DIR/AUTO_MODE_FOLDER).
 */
export const IMPORTED_NODE_CLASS_DIR = join('karpenter-imports', 'eks-auto-mode');

export type NodeClassSchemaOrigin = 'imported' | 'pinned';

export interface NodeClassArtifacts {
  readonly set: ArtifactSet;
  readonly origin: NodeClassSchemaOrigin;
  /** Said beside findings and in reports: which schema judged the NodeClasses. */
  readonly label: string;
}

/**
 * The NodeClass artifact set for a repository: its import when it has one (a catalog in
 * IMPORTED_NODE_CLASS_DIR), else the pinned set of the tool at `projectRoot`.
 */
export function nodeClassArtifacts(projectRoot: string, repositoryRoot: string): NodeClassArtifacts {
  const imported = join(repositoryRoot, IMPORTED_NODE_CLASS_DIR);
  if (existsSync(join(imported, 'catalog.js'))) {
    return {
      set: ArtifactSet.fromDir(EKS_AUTO_MODE_CRD_SET.project, 'imported', imported),
      origin: 'imported',
      label: `the NodeClass CRD imported into ${IMPORTED_NODE_CLASS_DIR}`,
    };
  }
  return {
    set: new ArtifactSet(projectRoot, EKS_AUTO_MODE_CRD_SET.project, EKS_AUTO_MODE_CRD_SET.version),
    origin: 'pinned',
    label: 'the pinned EKS Auto Mode NodeClass schema (assembled from public sources, not published by AWS)',
  };
}
