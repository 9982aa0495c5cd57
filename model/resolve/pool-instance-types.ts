/**
 * The instance types one NodePool of a cluster description may launch: its requirements
 * (shorthands first, then `requirements`, model/parse/requirement-sites.ts) resolved against the
 * catalogue the way Karpenter does (model/resolve/resolve-instance-types.ts), for its node class's
 * AMI family (architectures, and the OS getOS gives). Shared by the fit, limit and cost checks and
 * the capacity report.
 */
import { AmiFamily } from '../facts/constants';
import { behaviourOf, familyKind, writtenFamily } from '../facts/ami-families';
import { TableInstanceType } from '../facts/instance-table';
import { RawCluster, RawNodePool } from '../parse/raw-fleet';
import { requirementSites } from '../parse/requirement-sites';
import { NodeClassTraits, resolveInstanceTypes } from './resolve-instance-types';

/** What an AMI family decides about the types (undefined family: nothing known, any architecture, Linux). */
export function familyTraits(family: AmiFamily | undefined): NodeClassTraits {
  if (family === undefined) return {};
  return { architectures: behaviourOf(family).architectures, windows: familyKind(family) === 'Windows' };
}

/** familyTraits of a node class as written (amiFamily, or its alias's family). */
export function nodeClassTraits(nc: Parameters<typeof writtenFamily>[0] | undefined): NodeClassTraits {
  return familyTraits(nc === undefined ? undefined : writtenFamily(nc));
}

const cache = new WeakMap<RawNodePool, readonly TableInstanceType[]>();

export function poolInstanceTypes(raw: RawCluster, pool: RawNodePool): readonly TableInstanceType[] {
  const hit = cache.get(pool);
  if (hit) return hit;
  const sites = requirementSites(pool, (...rest) => rest);
  const types = resolveInstanceTypes(sites, nodeClassTraits(raw.nodeClasses?.[pool.nodeClass])).types;
  cache.set(pool, types);
  return types;
}
