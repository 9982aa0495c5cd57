/**
 * Checking the rest of a cluster file whose `aws` or `gitops` map is missing or broken
 * (model/load-fleet.ts): the schema pruning needs a valid whole, so a stand-in takes the broken
 * map's place while pruning.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { pruneInvalid } from './prune-invalid';

/** Top-level maps every check of a cluster reads, and stand-ins that pass the schema. */
const STAND_INS: Readonly<Record<'aws' | 'gitops', unknown>> = {
  aws: { accountId: '000000000000', region: 'us-east-1' },
  gitops: { repoURL: 'https://stand-in.invalid/repo.git', destination: { name: 'stand-in' } },
};

/**
 * When `aws` or `gitops` is missing or broken, nothing can be pruned to a valid cluster: check
 * the rest anyway, with a valid stand-in for the broken map while pruning, and without that
 * map afterwards (the checks of aws and gitops skip an absent map; its errors are reported).
 */
export function pruneWithoutBrokenTop(
  plain: unknown,
  errors: readonly ErrorObject[],
  validate: ValidateFunction,
): unknown {
  if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) return undefined;
  const value: Record<string, unknown> = { ...(plain as Record<string, unknown>) };
  const replaced: string[] = [];
  for (const [key, standIn] of Object.entries(STAND_INS)) {
    const broken = errors.some(
      (e) =>
        e.instancePath === `/${key}` ||
        e.instancePath.startsWith(`/${key}/`) ||
        (e.instancePath === '' &&
          e.keyword === 'required' &&
          (e.params as { missingProperty?: string }).missingProperty === key),
    );
    if (!broken) continue;
    value[key] = structuredClone(standIn);
    replaced.push(key);
  }
  if (replaced.length === 0) return undefined;
  const pruned = validate(value)
    ? value
    : pruneInvalid(
        value,
        validate.errors ?? [],
        (v) => validate(v),
        () => validate.errors ?? [],
      );
  if (pruned === undefined) return undefined;
  const out = { ...(pruned as Record<string, unknown>) };
  for (const key of replaced) delete out[key];
  return out;
}

