/**
 * The instance types one NodePool of a cluster description may launch: its requirements
 * (shorthands first, then `requirements`, model/parse/requirement-sites.ts) resolved against the
 * catalogue, restricted to the architectures its node class's AMIs exist for. Shared by the
 * fit, limit and cost checks and the capacity report.
 */
import { behaviourOf, writtenFamily } from '../facts/ami-families';
import { TableInstanceType } from '../facts/instance-table';
import { RawCluster, RawNodePool } from '../parse/raw-fleet';
import { requirementSites } from '../parse/requirement-sites';
import { resolveInstanceTypes } from './resolve-instance-types';

const cache = new WeakMap<RawNodePool, readonly TableInstanceType[]>();

export function poolInstanceTypes(raw: RawCluster, pool: RawNodePool): readonly TableInstanceType[] {
  const hit = cache.get(pool);
  if (hit) return hit;
  const sites = requirementSites(pool, (...rest) => rest);
  const nc = raw.nodeClasses?.[pool.nodeClass];
  const family = nc === undefined ? undefined : writtenFamily(nc);
  const archs = family === undefined ? undefined : behaviourOf(family).architectures;
  const types = resolveInstanceTypes(sites, archs).types;
  cache.set(pool, types);
  return types;
}
