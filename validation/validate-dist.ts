/**
 * The synth pipeline's validation step: everything generated for `dist/`, validated in
 * memory before anything is written. Each cluster's Kubernetes objects are judged by the
 * CRD schemas and CEL rules of the Karpenter version the cluster declares.
 */
import { Diagnostic } from '../model/diagnostics';
import { DistFiles } from '../model/dist-layout';
import { FleetModel } from '../model/fleet-model';
import { KarpenterVersion } from '../model/versions';
import { Finding, sortFindings } from './finding';
import { validateFiles } from './validate-tree';

/** Files the validator reads; others (e.g. README.md) are left alone. */
export const VALIDATED_EXTENSIONS = /\.(ya?ml|json)$/;

/**
 * Errors and warnings for the generated files (paths relative to `dist/`), sorted.
 * The caller fails the synth on any `error` and prints warnings.
 */
export interface ValidateDistOptions {
  /**
   * Run cfn-lint on the CloudFormation templates when it is installed (about 3 s of start-up);
   * false uses only the built-in check.
   * @default true
   */
  readonly cfnLint?: boolean;
}

export function validateDist(
  files: DistFiles,
  fleet: FleetModel,
  options: ValidateDistOptions = {},
): Finding[] {
  const versions = new Map<string, KarpenterVersion>(
    fleet.clusters.map((c) => [c.name, c.karpenter.version]),
  );
  const sources = [...files]
    .filter(([path]) => VALIDATED_EXTENSIONS.test(path))
    .map(([rel, text]) => ({ display: `dist/${rel}`, rel, text }));
  return sortFindings(
    validateFiles(sources, { versionFor: (c) => versions.get(c), cfnLint: options.cfnLint ?? true }).findings,
  );
}

/** True when `findings` contain an error (warnings do not fail a run). */
export function hasErrors(findings: readonly Diagnostic[]): boolean {
  return findings.some((f) => f.severity === 'error');
}
