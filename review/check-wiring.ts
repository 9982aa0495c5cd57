/**
 * The real pipeline behind `npm run check`: the fleet loader (model/load-fleet.ts), the
 * generators (scripts/synthesize.ts), the validator (validation/) and the policy scenario table
 * (review/policy-scenarios-step.ts). Tests inject their own CheckDeps instead.
 */
import { loadFleet } from '../model/load-fleet';
import { synthesize } from '../scripts/synthesize';
import { runPolicyScenarios } from './policy-scenarios-step';
import { CheckDeps } from './run-check';

export function defaultCheckDeps(projectRoot: string): CheckDeps {
  return {
    loadFleet: (root) => loadFleet(root),
    synthesize: (fleet) => synthesize(fleet),
    policies: () => runPolicyScenarios(projectRoot, projectRoot),
  };
}
