/**
 * Node pool requirements on every label the instance-type catalogue describes (model/
 * instance-table.ts: type, family, category, size, generation, cpu, memory, GPUs, hypervisor,
 * local NVMe, arch, ...), resolved to the types Karpenter may consider
 * (model/resolve/resolve-instance-types.ts):
 *
 *   - a value Karpenter never gives a label with a closed set of values is an error, with a
 *     did-you-mean (e.g. instance-gpu-name a10 for a10g);
 *   - requirements that together leave no known instance type are an error at the
 *     requirement that empties the set (requirements are a conjunction, read in order), or at
 *     the pool's nodeClass when its AMIs exist for none of the types left (Windows: amd64);
 *   - a minValues above the distinct values the allowed types offer is an error at it;
 *   - a pool left with fewer than MIN_INSTANCE_TYPES types gets a warning, unless it is meant to
 *     run one shape: a pool of reserved capacity only (a capacity reservation is for one instance
 *     type) or a static pool (`replicas`: a planned, fixed set of nodes, e.g. EFA nodes in one
 *     placement group).
 *
 * Whether the types left are offered in the cluster's region and zones is a live question
 * (the preflight's DescribeInstanceTypeOfferings), not checked here.
 */
import { CheckContext } from '../check-context';
import { labelValueProblem } from '../check-labels';
import { LABELS } from '../../facts/constants';
import { didYouMean, editDistance } from '../../shared/did-you-mean';
import { behaviourOf, writtenFamily } from '../../facts/ami-families';
import { poolArchitectures } from './check-pool-architectures';
import { isCatalogueLabel } from '../../facts/instance-catalogue';
import { instanceTable, TableInstanceType } from '../../facts/instance-table';
import { PathSegment } from '../../parse/located';
import { RawNodePool, RawShorthand } from '../../parse/raw-fleet';
import { RequirementSite, requirementSites } from '../../parse/requirement-sites';
import { SHORTHANDS } from '../../parse/requirement-shorthands';
import { isTypeLabel, resolveInstanceTypes, sampleNames } from '../../resolve/resolve-instance-types';
import { show } from '../../shared/show-value';

/** Fewer instance types than this left to a pool is a warning. */
export const MIN_INSTANCE_TYPES = 3;
/** Label values short enough that a did-you-mean would guess: list the known values instead. */
const LIST_INSTEAD: readonly string[] = [LABELS.instanceCategory, LABELS.instanceGeneration];
/** Closed sets this small are listed in the fix. */
const MAX_LISTED = 40;
const WHAT: Readonly<Record<string, string>> = {
  [LABELS.instanceType]: 'instance type',
  [LABELS.instanceFamily]: 'instance family',
  [LABELS.instanceCategory]: 'instance category',
  [LABELS.instanceSize]: 'instance size',
  [LABELS.instanceGeneration]: 'instance generation',
};

export function checkInstanceRequirements(ctx: CheckContext, name: string, pool: RawNodePool): void {
  const at = (...rest: PathSegment[]): PathSegment[] => ['nodePools', name, ...rest];
  const table = instanceTable();
  const count = table.types.length;
  const sites = requirementSites(pool, at).filter((s) => isTypeLabel(s.key));
  let unknownValues = 0;
  for (const site of sites) {
    if (site.operator !== 'In' && site.operator !== 'NotIn') continue;
    // Open sets (numbers) and the schema's own enums are not value-checked here.
    if (site.key === LABELS.arch) continue;
    if (table.numericLabels.has(site.key) && site.key !== LABELS.instanceGeneration) continue;
    const known = table.values.get(site.key) ?? [];
    const knownSet = valueSet(site.key, known);
    site.values.forEach((value, j) => {
      if (knownSet.has(value)) return;
      // Not a label value at all: reported as such by check-node-pool.ts.
      if (labelValueProblem(value) !== undefined) return;
      unknownValues++;
      const what = WHAT[site.key] ?? `${site.key.slice(site.key.indexOf('/') + 1)} value`;
      const list = LIST_INSTEAD.includes(site.key) || known.length <= MAX_LISTED;
      const guess = LIST_INSTEAD.includes(site.key) ? undefined : nearest(value, known);
      const article = /^[aeiou]/.test(what) ? 'an' : 'a';
      const hint = guess
        ? `Did you mean '${guess}'? ${isCatalogueLabel(site.key) ? 'aws ec2 describe-instance-types lists what EC2 offers' : `Known values: ${known.join(', ')}`}`
        : list
          ? `Use one of: ${known.join(', ')}`
          : `Check the spelling (aws ec2 describe-instance-types lists what EC2 offers)`;
      ctx.error(
        site.valuePath(j),
        `'${show(value)}' is not ${article} ${what} Karpenter ${table.karpenterVersion} knows (${count} instance types)`,
        hint,
      );
    });
  }
  // Malformed bounds (Gt "a") are reported by check-node-pool.ts; nothing to resolve then.
  const malformed = sites.some(
    (s) =>
      ['Gt', 'Gte', 'Lt', 'Lte'].includes(s.operator) &&
      !(s.values.length === 1 && /^[0-9]+$/.test(s.values[0])),
  );
  if (sites.length === 0 || unknownValues > 0 || malformed) return;

  // Apply the requirements in order; the one that empties the set is the one to change.
  const resolved = resolveInstanceTypes(sites);
  let remaining = table.types.length;
  const narrowing: RequirementSite[] = [];
  for (const [i, site] of sites.entries()) {
    if (resolved.after[i] === 0) {
      // The set just before this requirement (resolved once per distinct prefix).
      const left = resolveInstanceTypes(sites.slice(0, i)).types;
      const before =
        narrowing.length > 0
          ? ` that ${narrowing.map((s) => s.label).join(', ')} allow${narrowing.length === 1 ? 's' : ''} (${sampleNames(left)})`
          : '';
      ctx.error(
        site.path,
        `no instance type Karpenter ${table.karpenterVersion} knows is left: ${site.label} excludes all ${left.length} types${before}`,
        narrowing.length > 0
          ? `Loosen ${site.label} or ${narrowing.map((s) => s.label).join(', ')} so that some instance type satisfies them all`
          : `Loosen ${site.label}`,
        'key',
      );
      return;
    }
    if (resolved.after[i] < remaining) {
      narrowing.push(site);
      remaining = resolved.after[i];
    }
  }
  let left: readonly TableInstanceType[] = resolved.types;
  const withClass = checkNodeClassArchitectures(ctx, at, pool, sites, left);
  if (withClass === undefined) return;
  left = withClass;
  const short = checkMinValues(ctx, pool, at, left);
  if (short) return;
  if (left.length < MIN_INSTANCE_TYPES && narrowing.length > 0 && !runsOneShape(pool, at)) {
    const last = narrowing[narrowing.length - 1];
    ctx.warn(
      last.path,
      `only ${left.length} instance type${left.length === 1 ? '' : 's'} (${sampleNames(left)}) ${left.length === 1 ? 'satisfies' : 'satisfy'} the requirements of this pool, so a shortage of ${left.length === 1 ? 'it' : 'them'} leaves pods pending`,
      `Allow at least ${MIN_INSTANCE_TYPES} instance types (more sizes or families) so Karpenter can fall back`,
      'key',
    );
  }
}

/**
 * The node class's AMIs exist for some architectures only (Windows: amd64): the types left
 * after that, or undefined when none is left (reported at the pool's nodeClass, unless
 * check-pool-architectures.ts already reports the pool's own architectures).
 */
function checkNodeClassArchitectures(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  pool: RawNodePool,
  sites: readonly RequirementSite[],
  left: readonly TableInstanceType[],
): readonly TableInstanceType[] | undefined {
  const nc = ctx.raw.nodeClasses?.[pool.nodeClass];
  const family = nc === undefined ? undefined : writtenFamily(nc);
  if (family === undefined) return left;
  const supported = behaviourOf(family).architectures;
  const next = resolveInstanceTypes(sites, supported).types;
  if (next.length > 0) return next;
  const own = poolArchitectures(pool);
  if (own !== undefined && own.allowed.every((a) => !supported.includes(a))) return undefined;
  ctx.error(
    at('nodeClass'),
    `no instance type is left: node class '${show(pool.nodeClass)}' is ${family}, whose AMIs exist for ${supported.join(', ')} only, and none of the ${left.length} types the requirements allow is (${sampleNames(left)})`,
    `Allow ${supported.join(', ')} instance types (e.g. other families), or use a node class whose AMIs exist for them`,
  );
  return undefined;
}

const distinctCache = new WeakMap<readonly TableInstanceType[], Map<string, readonly string[]>>();
/** The distinct values of `key` over a resolved set, sorted; once per set and key. */
function distinctValues(types: readonly TableInstanceType[], key: string): readonly string[] {
  let byKey = distinctCache.get(types);
  if (!byKey) distinctCache.set(types, (byKey = new Map()));
  let out = byKey.get(key);
  if (!out) {
    out = [...new Set(types.map((t) => t.labels[key]).filter((v) => v !== undefined))].sort();
    byKey.set(key, out);
  }
  return out;
}

/** Every minValues against the distinct values the resolved types offer; true when one falls short. */
function checkMinValues(
  ctx: CheckContext,
  pool: RawNodePool,
  at: (...rest: PathSegment[]) => PathSegment[],
  left: readonly TableInstanceType[],
): boolean {
  const wanted: { key: string; minValues: number; listed: number; path: PathSegment[]; label: string }[] = [];
  for (const [field, key] of SHORTHANDS) {
    const value = pool[field] as RawShorthand | undefined;
    if (value === undefined || Array.isArray(value)) continue;
    const minValues = (value as { minValues?: number }).minValues;
    const listed = (value as { in?: readonly string[] }).in?.length ?? Infinity;
    if (minValues !== undefined)
      wanted.push({ key, minValues, listed, path: at(field, 'minValues'), label: field });
  }
  (pool.requirements ?? []).forEach((r, i) => {
    if (r.minValues !== undefined)
      wanted.push({
        key: r.key,
        minValues: r.minValues,
        listed: r.operator === 'In' ? (r.values ?? []).length : Infinity,
        path: at('requirements', i, 'minValues'),
        label: `requirements[${i}] (${r.key})`,
      });
  });
  let short = false;
  for (const w of wanted) {
    if (!isTypeLabel(w.key) || w.listed < w.minValues) continue; // fewer listed: check-node-pool.ts says so
    const distinct = distinctValues(left, w.key);
    if (distinct.length >= w.minValues) continue;
    short = true;
    ctx.error(
      w.path,
      `minValues ${w.minValues} on ${w.label}, but the ${left.length} instance types the pool allows have only ${distinct.length} distinct ${w.key} value${distinct.length === 1 ? '' : 's'} (${distinct.slice(0, 12).join(', ')}${distinct.length > 12 ? ', …' : ''}), so Karpenter launches nothing`,
      `Lower minValues to at most ${distinct.length}, or allow more values`,
    );
  }
  return short;
}

const valueSets = new Map<string, ReadonlySet<string>>();
function valueSet(key: string, known: readonly string[]): ReadonlySet<string> {
  let set = valueSets.get(key);
  if (!set) valueSets.set(key, (set = new Set(known)));
  return set;
}

/** Reserved capacity only, or a static pool: few instance types are the point, not a risk. */
function runsOneShape(pool: RawNodePool, at: (...rest: PathSegment[]) => PathSegment[]): boolean {
  if (pool.replicas !== undefined) return true;
  const capacity = requirementSites(pool, at).filter(
    (s) => s.key === LABELS.capacityType && s.operator === 'In',
  );
  return (
    capacity.length > 0 &&
    capacity.every((s) => s.values.length > 0 && s.values.every((v) => v === 'reserved'))
  );
}

/** Every known value as close as the closest one, if it is close enough ("'a100' or 'a10g'"). */
function nearest(value: string, known: readonly string[]): string | undefined {
  const best = didYouMean(value, known);
  if (best === undefined) return undefined;
  const d = editDistance(value.toLowerCase(), best.toLowerCase());
  const all = known.filter((k) => editDistance(value.toLowerCase(), k.toLowerCase()) === d);
  return all.length === 2 ? all.join("' or '") : best;
}
