/**
 * The validator for library users: Kubernetes manifests as YAML text or as objects (e.g. a
 * cdk8s chart's `toJson()`), judged by the imported CRD schemas and CEL rules of one Karpenter
 * version. Returns the findings (errors and warnings, sorted); an empty list means valid.
 */
import { Finding, sortFindings } from '../validation/finding';
import { manifestsFromValues, parseManifests } from '../validation/manifest-source';
import { validateManifests, ValidateOptions } from '../validation/kubernetes/validate-manifests';

/** Validates every document of a YAML text; `file` names it in the findings. */
export function validateManifestText(
  text: string,
  file: string = 'manifest.yaml',
  options?: ValidateOptions,
): Finding[] {
  return sortFindings(validateManifests(parseManifests(file, text), options));
}

/** Validates objects already in memory (no line numbers); `file` names them in the findings. */
export function validateObjects(
  objects: readonly unknown[],
  file: string = 'objects',
  options?: ValidateOptions,
): Finding[] {
  return sortFindings(validateManifests(manifestsFromValues(file, objects), options));
}
