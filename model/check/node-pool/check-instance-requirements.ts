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
import { AmiFamily } from '../../facts/constants';
import { writtenFamily } from '../../facts/ami-families';
import { Requirement, Requirements } from '../../facts/karpenter-requirements';
import { poolArchitectures } from './check-pool-architectures';
import { isCatalogueLabel } from '../../facts/instance-catalogue';
import { instanceTable, TableInstanceType } from '../../facts/instance-table';
import { PathSegment } from '../../parse/located';
import { RawNodePool } from '../../parse/raw-fleet';
import { RequirementSite, requirementSites } from '../../parse/requirement-sites';
import {
  isTypeLabel,
  NodeClassTraits,
  OFFERING_KEYS,
  ResolvedInstanceTypes,
  resolveInstanceTypes,
  sampleNames,
} from '../../resolve/resolve-instance-types';
import { familyTraits } from '../../resolve/pool-instance-types';
import { checkRepeatedKeys, shortKey } from './check-repeated-keys';
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
    const known = table.knownValues.get(site.key) ?? [];
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
  const all = requirementSites(pool, at);
  const malformed = all.some(
    (s) =>
      ['Gt', 'Gte', 'Lt', 'Lte'].includes(s.operator) &&
      !(s.values.length === 1 && /^[0-9]+$/.test(s.values[0])),
  );
  if (unknownValues > 0 || malformed) return;
  const nc = ctx.raw.nodeClasses?.[pool.nodeClass];
  const family = nc === undefined ? undefined : writtenFamily(nc);
  const traits = familyTraits(family);
  if (checkRepeatedKeys(ctx, all, traits)) return;

  // The node class's OS (getOS) takes part; its architectures come last.
  const osOnly: NodeClassTraits = { windows: traits.windows ?? false };
  const resolved = resolveInstanceTypes(all, osOnly);
  if (resolved.types.length === 0 || emptiedByOffering(all)) {
    reportEmpty(ctx, all, osOnly, pool, family);
    return;
  }
  const withClass = checkNodeClassArchitectures(ctx, at, pool, all, resolved.types, traits, family);
  if (withClass === undefined) return;
  const final = resolveInstanceTypes(all, traits);
  if (checkMinValues(ctx, all, final)) return;
  const left = final.types;
  if (left.length < MIN_INSTANCE_TYPES && !runsOneShape(pool, at)) {
    const narrowing = narrowingSites(all, prefixCounts(all, osOnly));
    const last = narrowing[narrowing.length - 1];
    if (last === undefined) return;
    ctx.warn(
      last.path,
      `only ${left.length} instance type${left.length === 1 ? '' : 's'} (${sampleNames(left)}) ${left.length === 1 ? 'satisfies' : 'satisfy'} the requirements of this pool, so a shortage of ${left.length === 1 ? 'it' : 'them'} leaves pods pending`,
      `Allow at least ${MIN_INSTANCE_TYPES} instance types (more sizes or families) so Karpenter can fall back`,
      'key',
    );
  }
}

/** A requirement on an offering key (capacity type, zone) that resolves to DoesNotExist: no type has such an offering. */
function emptiedByOffering(sites: readonly RequirementSite[]): boolean {
  const reqs = Requirements.from(sites);
  return [...OFFERING_KEYS].some((k) => reqs.has(k) && reqs.get(k).operator() === 'DoesNotExist');
}

/** The types left after each prefix of the requirements (Karpenter's semantics, so not always shrinking). */
function prefixCounts(sites: readonly RequirementSite[], traits: NodeClassTraits): number[] {
  return sites.map((_, i) => {
    const prefix = sites.slice(0, i + 1);
    return emptiedByOffering(prefix) ? 0 : resolveInstanceTypes(prefix, traits).types.length;
  });
}

/** The requirements that narrowed the set, in order, from their prefixCounts (`counts[i]` after `sites[i]`). */
function narrowingSites(sites: readonly RequirementSite[], counts: readonly number[]): RequirementSite[] {
  let remaining = instanceTable().types.length;
  const out: RequirementSite[] = [];
  sites.forEach((site, i) => {
    const n = counts[i];
    if (n < remaining) out.push(site);
    remaining = n;
  });
  return out;
}

/**
 * The pool is empty: the error goes to the requirement after which it stays empty, naming what was
 * left just before it; an OS requirement the node class's family cannot meet says so.
 */
function reportEmpty(
  ctx: CheckContext,
  sites: readonly RequirementSite[],
  traits: NodeClassTraits,
  pool: RawNodePool,
  family: AmiFamily | undefined,
): void {
  const table = instanceTable();
  const counts = prefixCounts(sites, traits);
  let i = counts.length - 1;
  while (i > 0 && counts[i - 1] === 0) i--;
  const site = sites[i];
  const before = sites.slice(0, i);
  const left = i === 0 ? table.types : resolveInstanceTypes(before, traits).types;
  const narrowing = narrowingSites(before, counts);
  const key = Requirement.of(site).key;
  if (key === LABELS.os && family !== undefined) {
    const runs = traits.windows ? 'windows (on amd64 types only)' : 'linux';
    ctx.error(
      site.path,
      `${site.label} ${Requirement.of(site).describe()}, but node class '${show(pool.nodeClass)}' is ${family}, whose nodes run ${runs} (Karpenter's getOS), so Karpenter launches nothing from this pool`,
      traits.windows
        ? `Use a Linux node class for this pool, or require kubernetes.io/os In [windows]`
        : `Use a Windows node class (amiFamily Windows2022 or an alias windows2022@…) for this pool, or require kubernetes.io/os In [linux]`,
      'key',
    );
    return;
  }
  const what =
    narrowing.length > 0
      ? ` that ${narrowing.map((s) => s.label).join(', ')} allow${narrowing.length === 1 ? 's' : ''} (${sampleNames(left)})`
      : '';
  const offering = OFFERING_KEYS.has(key) ? ` (no instance type is offered without a ${shortKey(key)})` : '';
  // Names only Karpenter's VPC-limits table knows (not in its reference): not evaluated, so a warning.
  const unevaluated =
    Requirement.of(site).operator() === 'In'
      ? table.notEvaluated.filter((t) => {
          const v = t.nameLabels[key];
          return v !== undefined && site.values.includes(v);
        })
      : [];
  if (unevaluated.length > 0) {
    ctx.warn(
      site.path,
      `no instance type of Karpenter ${table.karpenterVersion}'s reference is left: ${site.label} excludes all ${left.length} types${what}; it names types only Karpenter's VPC-limits table knows (${sampleNames(unevaluated, 3)}), which have no authoritative labels here, so whether Karpenter launches them was not evaluated`,
      `Allow types of the reference too (e.g. a current generation), so the pool does not depend on types this tool cannot check`,
      'key',
    );
    return;
  }
  ctx.error(
    site.path,
    `no instance type Karpenter ${table.karpenterVersion} knows is left: ${site.label} excludes all ${left.length} types${what}${offering}`,
    narrowing.length > 0
      ? `Loosen ${site.label} or ${narrowing.map((s) => s.label).join(', ')} so that some instance type satisfies them all`
      : `Loosen ${site.label}`,
    'key',
  );
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
  traits: NodeClassTraits,
  family: AmiFamily | undefined,
): readonly TableInstanceType[] | undefined {
  const supported = traits.architectures;
  if (supported === undefined) return left;
  const next = resolveInstanceTypes(sites, traits).types;
  if (next.length > 0) return next;
  const own = poolArchitectures(pool);
  if (own !== undefined && own.allowed.every((a) => !supported.includes(a))) return undefined;
  ctx.error(
    at('nodeClass'),
    `no instance type is left: node class '${show(pool.nodeClass)}' is ${family ?? 'of an AMI family'}, whose AMIs exist for ${supported.join(', ')} only, and none of the ${left.length} types the requirements allow is (${sampleNames(left)})`,
    `Allow ${supported.join(', ')} instance types (e.g. other families), or use a node class whose AMIs exist for them`,
  );
  return undefined;
}

/**
 * minValues against the distinct values the kept types offer (SatisfiesMinValues, over the types
 * that remain); true when one falls short. A minValues above the values an In lists is
 * check-node-pool.ts's.
 */
function checkMinValues(
  ctx: CheckContext,
  sites: readonly RequirementSite[],
  resolved: ResolvedInstanceTypes,
): boolean {
  let short = false;
  for (const miss of resolved.minValuesShort) {
    // The effective minValues is the largest written on the key (Intersection keeps the max).
    const site = sites
      .filter((s) => s.minValues !== undefined && Requirement.of(s).key === miss.key)
      .sort((a, b) => (b.minValues ?? 0) - (a.minValues ?? 0))[0];
    if (site === undefined || site.minValuesPath === undefined) continue;
    if (site.operator === 'In' && site.values.length < miss.minValues) continue;
    short = true;
    const distinct = miss.values;
    ctx.error(
      [...site.minValuesPath],
      `minValues ${miss.minValues} on ${site.label}, but the ${resolved.types.length} instance types the pool allows have only ${distinct.length} distinct ${miss.key} value${distinct.length === 1 ? '' : 's'}${
        distinct.length > 0
          ? ` (${distinct
              .slice(0, 12)
              .map((v) => (v === '' ? '""' : v))
              .join(', ')}${distinct.length > 12 ? ', …' : ''})`
          : ''
      }, so Karpenter launches nothing`,
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
