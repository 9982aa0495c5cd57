/**
 * The real pipeline behind `npm run check`: the fleet loader (model/load-fleet.ts), the
 * generators (synth/synthesize.ts), the validator (validation/validate-dist.ts: schemas, CEL
 * rules, cross-artifact checks, CloudFormation with cfn-lint when installed) and the policy scenario table
 * (review/policy-scenarios-step.ts). Tests inject their own CheckDeps instead.
 */
import { loadFleet } from '../model/load-fleet';
import { synthesize } from '../synth/synthesize';
import { validateDist } from '../validation/validate-dist';
import { runPolicyScenarios } from './policy-scenarios-step';
import { proveInWorkers } from './scenario-workers';
import { CheckDeps } from './run-check';

/** @param _projectRoot the checked project (its loader and validator take it from runCheck's options) */
export function defaultCheckDeps(_projectRoot?: string): CheckDeps {
  return {
    loadFleet: (root) => loadFleet(root),
    synthesize: (fleet) => synthesize(fleet),
    // Without a fleet the validator takes each cluster's Karpenter version from its Applications.
    validate: (files, fleet, previous) =>
      validateDist(files, fleet ?? { clusters: [] }, previous ? { previous } : {}),
    policies: (fleet, context) => runPolicyScenarios({ fleet, ...context, prove: proveInWorkers }),
  };
}
