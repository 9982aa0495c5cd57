/**
 * Each cluster folder's validation findings kept across runs (validation/validate-tree.ts
 * `ClusterFindingsCache`), by what decides them: the cluster, its Karpenter version (shipped, or
 * imported: with the digest of its artifact folder), the digest of the working folder's imports
 * (an imported Auto Mode NodeClass CRD judges NodeClasses), the name and text of every file of its
 * folder and the digest of its previous objects (the key is made by validate-tree.ts), and the build of the tool and Node's version (io/fleet-load-cache.ts,
 * the same store, conventions and off switch as the fleet load cache), in
 * `$XDG_CACHE_HOME/karpenter-gitops/validation/`.
 */
import { cacheIdentity, fleetCacheDir, keptRecords, pruneFleetCache } from '../io/fleet-load-cache';
import { isDiagnostic } from '../model/basics';
import { Finding } from './finding';
import { ClusterFindingsCache } from './validate-tree';
import type { TemplateVerdicts } from './dist-sources';

/** The cache of the environment, or undefined when caches are off or the build has no identity. */
export function defaultClusterFindingsCache(
  env: NodeJS.ProcessEnv = process.env,
): ClusterFindingsCache | undefined {
  const identity = cacheIdentity(env);
  if (identity === undefined) return undefined;
  const dir = fleetCacheDir(env, 'validation');
  pruneFleetCache(dir);
  return clusterFindingsCache(dir, identity);
}

/** Whether each committed text holds a CloudFormation template, kept the same way (validate-dist.ts). */
export function defaultTemplateVerdicts(env: NodeJS.ProcessEnv = process.env): TemplateVerdicts | undefined {
  const identity = cacheIdentity(env);
  if (identity === undefined) return undefined;
  return keptRecords(fleetCacheDir(env, 'validation'), identity, (v): v is boolean => typeof v === 'boolean');
}

/** The cache in `dir` for the tool build `identity`. */
export function clusterFindingsCache(
  dir: string,
  identity: string,
): ClusterFindingsCache & { readonly written: number } {
  return keptRecords(dir, identity, isFindings);
}

/** What validate-tree.ts keeps: findings, each a Diagnostic naming the check that raised it. */
function isFindings(v: unknown): v is readonly Finding[] {
  return (
    Array.isArray(v) && v.every((f: unknown) => isDiagnostic(f) && typeof (f as Finding).check === 'string')
  );
}
