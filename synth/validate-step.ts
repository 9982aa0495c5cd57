/**
 * The single place where the synth pipeline validates what it generated, before anything
 * is written. `npm run synth` (synth/synth.ts) and `cdk8s synth` (main.ts) both run it.
 *
 * It runs the validator (CRD schemas, CEL rules, cross-artifact checks) and the smoke-test
 * schedulability checks. CloudFormation gets the fast built-in check here; cfn-lint (about
 * 3 s of start-up) runs in `npm run check` and `npm run validate`, the PR job's commands.
 *
 * Contract: return every finding as a Diagnostic (`file` = the `dist/`-relative path, or the
 * cluster file for model-level findings). Errors stop synth before `dist/` is touched
 * (exit 1); warnings are printed. Throwing a plain Error means a bug (exit 70).
 */
import { clusterBaseFindings } from '../charts/cluster-base/cluster-base-generator';
import { Diagnostic, DistFiles, FleetModel } from '../model';
import { validateDist } from '../validation/validate-dist';
import type { ClusterFindingsCache } from '../validation/validate-tree';
import { defaultClusterFindingsCache } from '../validation/cluster-findings-cache';

/**
 * `values`: the value of each generated file that has one (synth/synthesize.ts's
 * synthesizeFiles), taken instead of parsing its text; @default none: every text is parsed.
 */
export type ValidateStep = (
  fleet: FleetModel,
  files: DistFiles,
  values?: ReadonlyMap<string, unknown>,
) => readonly Diagnostic[];

/** The validation step with `cache` for each cluster folder's findings (none: every cluster is judged). */
export function validateStepWith(cache: ClusterFindingsCache | undefined): ValidateStep {
  return (fleet, files, values) => [
    ...validateDist(files, fleet, {
      cfnLint: false,
      ...(values ? { values } : {}),
      ...(cache ? { cache } : {}),
    }),
    ...clusterBaseFindings(fleet),
  ];
}

/** The validation step with the user's cache (validation/cluster-findings-cache.ts), when it is on. */
export const validateStep: ValidateStep = (fleet, files, values) =>
  validateStepWith(defaultClusterFindingsCache())(fleet, files, values);
