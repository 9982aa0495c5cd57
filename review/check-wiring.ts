/**
 * The real pipeline behind `npm run check`: the fleet loader (model/load-fleet.ts), the
 * generators (synth/synthesize.ts), the validator (validation/validate-dist.ts: schemas, CEL
 * rules, cross-artifact checks, CloudFormation with cfn-lint when installed, started early and
 * cached by content: validation/cloudformation/cfn-lint.ts) and the policy scenario table
 * (review/policy-scenarios-step.ts). Tests inject their own CheckDeps instead.
 */
import { clusterFilesInDir, loadFleetFromDir } from '../io/cli-common';
import { join } from 'node:path';
import { synthesizeFiles } from '../synth/synthesize';
import { FLEET_WIDE_GENERATORS } from '../synth/generators';
import { synthesizeThroughCache } from '../synth/cached-synthesize';
import { defaultGenerationCache } from '../synth/generation-cache';
import { defaultClusterFindingsCache } from '../validation/cluster-findings-cache';
import { validateDist } from '../validation/validate-dist';
import { runPolicyScenarios } from './policy-scenarios-step';
import type * as ScenarioWorkers from './scenario-workers';
import { CheckDeps, StartedLint } from './run-check';
import { lintCommittedOffThread } from './threads/check-work';

/**
 * @param projectRoot the user's repository (the working folder)
 * @param clustersDir its fleet description, absolute @default clusters/ of projectRoot
 * @param env the environment (HOME and XDG_CACHE_HOME name cfn-lint's cache) @default process.env
 * @param started cfn-lint already started on the committed dist/ @default none: started by `check`'s first step
 */
export function defaultCheckDeps(
  projectRoot: string,
  clustersDir = join(projectRoot, 'clusters'),
  env: NodeJS.ProcessEnv = process.env,
  started?: StartedLint,
): CheckDeps {
  const findingsCache = defaultClusterFindingsCache(env);
  const generationCache = defaultGenerationCache(env);
  return {
    loadFleet: (root, part) => loadFleetFromDir(root, clustersDir, part),
    listClusterFiles: (root) => clusterFilesInDir(root, clustersDir),
    // Each cluster generated before is taken from the cache (synth/cached-synthesize.ts).
    synthesize: (fleet) => synthesizeThroughCache(fleet, generationCache),
    synthesizeFleetWide: (fleet) => synthesizeFiles(fleet, FLEET_WIDE_GENERATORS),
    // Without a fleet the validator takes each cluster's Karpenter version from its Applications.
    validate: (files, fleet, previous, context) =>
      validateDist(files, fleet ?? { clusters: [] }, {
        ...(previous ? { previous } : {}),
        ...(context?.values ? { values: context.values } : {}),
        ...(context?.cfnLint !== undefined ? { cfnLint: context.cfnLint } : {}),
        ...(findingsCache ? { cache: findingsCache } : {}),
      }),
    // In a worker thread from the build (review/threads/check-work.ts): it moves on while this thread works.
    lintTemplates: (committed, fresh) => lintCommittedOffThread(committed, fresh, { cwd: projectRoot, env }),
    ...(started ? { startedLint: started } : {}),
    // The worker pool is required only when a cluster's proof is not reused (something to prove).
    policies: (fleet, context) =>
      runPolicyScenarios({
        fleet,
        ...context,
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        prove: (inputs) => (require('./scenario-workers') as typeof ScenarioWorkers).proveInWorkers(inputs),
      }),
  };
}
