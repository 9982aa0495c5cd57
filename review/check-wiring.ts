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
import { cfnLintCacheDir, homeFolder } from '../validation/cloudformation/cfn-lint-cache';
import { defaultClusterFindingsCache, defaultTemplateVerdicts } from '../validation/cluster-findings-cache';
import { lintTemplates } from '../validation/cloudformation/cfn-lint';
import { cfnLintServerSettings } from '../validation/cloudformation/cfn-lint-server';
import { cloudFormationTemplates, distSources, validateDist } from '../validation/validate-dist';
import { runPolicyScenarios } from './policy-scenarios-step';
import { proveInWorkers } from './scenario-workers';
import { CheckDeps } from './run-check';
import type { IdentityTeller } from './check-lint';

/**
 * @param projectRoot the user's repository (the working folder)
 * @param clustersDir its fleet description, absolute @default clusters/ of projectRoot
 * @param env the environment (HOME and XDG_CACHE_HOME name cfn-lint's cache) @default process.env
 * @param identity tells cfn-lint's identity, started early (review/check-lint.ts `startLintIdentity`)
 *   @default asked when cfn-lint's cache keys are made
 */
export function defaultCheckDeps(
  projectRoot: string,
  clustersDir = join(projectRoot, 'clusters'),
  env: NodeJS.ProcessEnv = process.env,
  identity?: IdentityTeller,
): CheckDeps {
  const home = homeFolder(env);
  const findingsCache = defaultClusterFindingsCache(env);
  const generationCache = defaultGenerationCache(env);
  const server = cfnLintServerSettings(env, home);
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
    lintTemplates: (committed, fresh) =>
      lintTemplates(() => cloudFormationTemplates(distSources(committed), defaultTemplateVerdicts(env)), {
        cacheDir: cfnLintCacheDir(env, home),
        readCache: !fresh,
        cwd: projectRoot,
        home,
        ...(identity ? { identity } : {}),
        ...(server ? { server } : {}),
      }),
    policies: (fleet, context) => runPolicyScenarios({ fleet, ...context, prove: proveInWorkers }),
  };
}
