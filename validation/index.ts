/**
 * Public API of the validator (see docs/validation.md):
 *  - validateDist(files, fleet): the synth pipeline's step over generated dist/ files;
 *  - validateManifests(docs, { karpenterVersion }): any parsed manifests;
 *  - validateFiles(files, options): files and folders, as the CLI and the cdk8s plugin use it.
 */
export { validateDist, hasErrors } from './validate-dist';
export type { ValidateDistOptions } from './validate-dist';
export { validateManifests, validatorFor, ManifestValidator } from './validate-manifests';
export type { ValidateOptions } from './validate-manifests';
export { validateFiles } from './validate-tree';
export type { SourceFile, TreeOptions, TreeResult } from './validate-tree';
export { parseManifests, manifestsFromValues } from './manifest-source';
export type { ManifestDocument } from './manifest-source';
export { render, formatHuman, OUTPUT_FORMATS } from './output-format';
export type { OutputFormat } from './output-format';
export type { Finding } from './finding';
export { sortFindings } from './finding';
