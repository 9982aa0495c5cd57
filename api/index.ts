/**
 * The library API of the `karpenter-gitops` package (`import { … } from 'karpenter-gitops'`),
 * documented in docs/library.md. Small on purpose: what is exported here is covered by semantic
 * versioning (see docs/upgrading.md); everything else in the package is internal.
 *
 *  - a fleet folder: loadFleetFolder, synthesizeFleet (in memory), synthFleetToFolder (dist/);
 *  - the validator: validateManifestText, validateObjects, validateManifests, validateFiles;
 *  - KarpenterCluster: one cluster's fleet description inside your own cdk8s chart;
 *  - KarpenterGitopsValidation: the cdk8s validation plugin (cdk8s.yaml `package: karpenter-gitops`);
 *  - UserError and Diagnostic: every mistake, with file, line and field.
 *
 * The typed classes imported from the CRDs are at `karpenter-gitops/imports/<set>/<group>`
 * (e.g. `karpenter-gitops/imports/karpenter-v1.14.1/karpenter.sh`).
 */
export { loadFleetFolder, synthesizeFleet, synthFleetToFolder } from './fleet';
export type { FleetFolderOptions, LoadedFleetResult, SynthesizedFleet } from './fleet';
export { KarpenterCluster } from './karpenter-cluster';
export type { KarpenterClusterProps } from './karpenter-cluster';
export { validateManifestText, validateObjects } from './validate';
export { validateManifests } from '../validation/kubernetes/validate-manifests';
export type { ValidateOptions } from '../validation/kubernetes/validate-manifests';
export { validateFiles } from '../validation/validate-tree';
export type { SourceFile, TreeOptions, TreeResult } from '../validation/validate-tree';
export { parseManifests, manifestsFromValues } from '../validation/manifest-source';
export type { ManifestDocument } from '../validation/manifest-source';
export type { Finding } from '../validation/finding';
export { KarpenterGitopsValidation } from '../validation/cdk8s-validation-plugin';
export type { KarpenterGitopsValidationProperties } from '../validation/cdk8s-validation-plugin';
export { UserError, formatDiagnostic } from '../model';
export type { Diagnostic, Severity } from '../model';
export type { FleetModel, ClusterModel, NodePoolModel, NodeClassModel } from '../model';
export type { PlacedManifest } from '../charts/karpenter/karpenter-chart';
export type { SynthResult } from '../synth/synth';
export type { KarpenterVersion } from '../model';
export { KARPENTER_VERSIONS, DEFAULT_KARPENTER_VERSION } from '../model';
