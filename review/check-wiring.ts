/**
 * The real pipeline behind `npm run check`: the fleet loader (model/load-fleet.ts), the
 * generators (synth/synthesize.ts), the validator (validation/validate-dist.ts: schemas, CEL
 * rules, cross-artifact checks, CloudFormation with cfn-lint when installed) and the policy scenario table
 * (review/policy-scenarios-step.ts). Tests inject their own CheckDeps instead.
 */
import { loadFleetFromDir, TOOL_ROOT } from '../io/cli-common';
import { join } from 'node:path';
import { synthesize } from '../synth/synthesize';
import { validateDist } from '../validation/validate-dist';
import { runPolicyScenarios } from './policy-scenarios-step';
import { CheckDeps } from './run-check';

/**
 * @param projectRoot the user's repository (the working folder)
 * @param clustersDir its fleet description, absolute @default clusters/ of projectRoot
 */
export function defaultCheckDeps(
  projectRoot: string,
  clustersDir = join(projectRoot, 'clusters'),
): CheckDeps {
  return {
    loadFleet: (root) => loadFleetFromDir(root, clustersDir),
    synthesize: (fleet) => synthesize(fleet),
    // Without a fleet the validator takes each cluster's Karpenter version from its Applications.
    validate: (files, fleet, previous) =>
      validateDist(files, fleet ?? { clusters: [] }, previous ? { previous } : {}),
    // The scenario runner lives with the tool; the fleet it checks is the user's.
    policies: () => runPolicyScenarios(TOOL_ROOT, projectRoot),
  };
}
