/**
 * Node pool requirements on instance types, families, categories, sizes and generations,
 * checked against the instance types Karpenter knows (model/instance-catalogue.ts):
 *
 *   - a value Karpenter never gives that label is an error, with a did-you-mean;
 *   - requirements that together leave no known instance type are an error at the
 *     requirement that empties the set (requirements are a conjunction, read in order);
 *   - a pool left with fewer than MIN_INSTANCE_TYPES types gets a warning, unless it is meant to
 *     run one shape: a pool of reserved capacity only (a capacity reservation is for one instance
 *     type) or a static pool (`replicas`: a planned, fixed set of nodes, e.g. EFA nodes in one
 *     placement group).
 *
 * Whether the types left are offered in the cluster's region and zones is a live question
 * (the preflight's DescribeInstanceTypeOfferings), not checked here.
 */
import { CheckContext } from './check-context';
import { labelValueProblem } from './check-labels';
import { LABELS } from './constants';
import { didYouMean } from './did-you-mean';
import {
  CatalogueInstanceType,
  CatalogueLabel,
  catalogueValue,
  instanceCatalogue,
  isCatalogueLabel,
} from './instance-catalogue';
import { LabelConstraint, labelConstraint, withinBounds } from './label-constraint';
import { PathSegment } from './located';
import { RawNodePool } from './raw-fleet';
import { RequirementSite, requirementSites } from './requirement-sites';
import { show } from './show-value';

/** Fewer instance types than this left to a pool is a warning. */
export const MIN_INSTANCE_TYPES = 3;
/** Label values short enough that a did-you-mean would guess: list the known values instead. */
const LIST_INSTEAD: readonly CatalogueLabel[] = [LABELS.instanceCategory, LABELS.instanceGeneration];
const WHAT: Readonly<Record<CatalogueLabel, string>> = {
  [LABELS.instanceType]: 'instance type',
  [LABELS.instanceFamily]: 'instance family',
  [LABELS.instanceCategory]: 'instance category',
  [LABELS.instanceSize]: 'instance size',
  [LABELS.instanceGeneration]: 'instance generation',
};

export function checkInstanceRequirements(ctx: CheckContext, name: string, pool: RawNodePool): void {
  const at = (...rest: PathSegment[]): PathSegment[] => ['nodePools', name, ...rest];
  const catalogue = instanceCatalogue();
  const sites = requirementSites(pool, at).filter((s): s is RequirementSite & { key: CatalogueLabel } =>
    isCatalogueLabel(s.key),
  );
  let unknownValues = 0;
  for (const site of sites) {
    if (site.operator !== 'In' && site.operator !== 'NotIn') continue;
    const known = catalogue.values[site.key];
    site.values.forEach((value, j) => {
      // Not a label value at all: reported as such by check-node-pool.ts.
      if (labelValueProblem(value) !== undefined) return;
      if (known.includes(value)) return;
      unknownValues++;
      const what = WHAT[site.key];
      const guess = LIST_INSTEAD.includes(site.key) ? undefined : didYouMean(value, known);
      const hint = LIST_INSTEAD.includes(site.key)
        ? `Use one of: ${known.join(', ')}`
        : guess
          ? `Did you mean '${guess}'? aws ec2 describe-instance-types lists what EC2 offers`
          : `Check the spelling (aws ec2 describe-instance-types lists what EC2 offers)`;
      ctx.error(
        site.valuePath(j),
        `'${show(value)}' is not an ${what} Karpenter ${catalogue.karpenterVersion} knows (${catalogue.types.length} instance types)`,
        hint,
      );
    });
  }
  if (sites.length === 0 || unknownValues > 0) return;

  // Apply the requirements in order; the one that empties the set is the one to change.
  let left: readonly CatalogueInstanceType[] = catalogue.types;
  const narrowing: RequirementSite[] = [];
  for (const site of sites) {
    const c = labelConstraint([site]);
    if (c.unknownOperator) continue;
    const next = left.filter((t) => satisfies(c, catalogueValue(t, site.key)));
    if (next.length === 0) {
      const before =
        narrowing.length > 0
          ? ` that ${narrowing.map((s) => s.label).join(', ')} allow${narrowing.length === 1 ? 's' : ''} (${sample(left)})`
          : '';
      ctx.error(
        site.path,
        `no instance type Karpenter ${catalogue.karpenterVersion} knows is left: ${site.label} excludes all ${left.length} types${before}`,
        narrowing.length > 0
          ? `Loosen ${site.label} or ${narrowing.map((s) => s.label).join(', ')} so that some instance type satisfies them all`
          : `Loosen ${site.label}`,
        'key',
      );
      return;
    }
    if (next.length < left.length) narrowing.push(site);
    left = next;
  }
  if (left.length < MIN_INSTANCE_TYPES && narrowing.length > 0 && !runsOneShape(pool, at)) {
    const last = narrowing[narrowing.length - 1];
    ctx.warn(
      last.path,
      `only ${left.length} instance type${left.length === 1 ? '' : 's'} (${sample(left)}) ${left.length === 1 ? 'satisfies' : 'satisfy'} the requirements of this pool, so a shortage of ${left.length === 1 ? 'it' : 'them'} leaves pods pending`,
      `Allow at least ${MIN_INSTANCE_TYPES} instance types (more sizes or families) so Karpenter can fall back`,
      'key',
    );
  }
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

/** Does a node whose label has `value` (undefined: no such label) satisfy the constraint? */
function satisfies(c: LabelConstraint, value: string | undefined): boolean {
  if (value === undefined) return !c.mustExist;
  if (c.mustNotExist) return false;
  if (c.allowed !== undefined && !c.allowed.has(value)) return false;
  if (c.excluded.has(value)) return false;
  return withinBounds(value, c);
}

function sample(types: readonly CatalogueInstanceType[]): string {
  const names = types.slice(0, 5).map((t) => t.name);
  return types.length > 5 ? `${names.join(', ')}, …` : names.join(', ');
}
