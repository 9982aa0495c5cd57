/**
 * Requirements on a repeated key whose intersection means something else than what was written.
 * Karpenter intersects them (kubernetes-sigs/karpenter v1.14.1 pkg/scheduling/requirements.go, Add →
 * requirement.go, Intersection) and reads the result back from its shape (Operator()): an empty
 * intersection is DoesNotExist, and a NotIn with a bound stays NotIn. Either admits a node (or an
 * instance type) WITHOUT the label, which none of the written requirements did alone:
 *
 *   - `instance-gpu-name In [t4]` and `In [a10g]` → DoesNotExist: every type without a GPU;
 *   - `instance-gpu-count NotIn [8]` and `Gt 1` → NotIn [8] >=2: also every type without a GPU;
 *   - `Gt 4` and `Lt 2`, `Exists` and `DoesNotExist` → DoesNotExist.
 *
 * Each is an error at the requirement where the meaning changes, quoting both sides and Karpenter's
 * result, with the types it would then launch. Where the widening admits nothing more (every type
 * sets the label), nothing changed and nothing is said; an empty result is then check-instance-
 * requirements.ts's "no instance type is left".
 */
import { CheckContext } from '../check-context';
import { LABELS } from '../../facts/constants';
import { Requirement } from '../../facts/karpenter-requirements';
import { instanceTable } from '../../facts/instance-table';
import { RequirementSite } from '../../parse/requirement-sites';
import {
  isTypeLabel,
  NodeClassTraits,
  OFFERING_KEYS,
  resolveInstanceTypes,
  typeLabelValues,
} from '../../resolve/resolve-instance-types';
import { show } from '../../shared/show-value';

/** How a type without the label reads in a message. */
function without(key: string): string {
  if (/\/instance-gpu-/.test(key)) return 'without a GPU';
  if (/\/instance-accelerator-/.test(key)) return 'without an accelerator';
  if (key.endsWith('/instance-local-nvme')) return 'without local NVMe storage';
  return `without the ${shortKey(key)} label`;
}

export function shortKey(key: string): string {
  return key.startsWith('karpenter.k8s.aws/') ? key.slice('karpenter.k8s.aws/'.length) : key;
}

const count = (n: number): string => n.toLocaleString('en-US');

/** Reports each changed meaning; true when one was reported (the pool's other type checks then wait). */
export function checkRepeatedKeys(
  ctx: CheckContext,
  sites: readonly RequirementSite[],
  traits: NodeClassTraits,
): boolean {
  const byKey = new Map<string, RequirementSite[]>();
  for (const s of sites) {
    const key = Requirement.of(s).key;
    byKey.set(key, [...(byKey.get(key) ?? []), s]);
  }
  let reported = false;
  for (const [key, onKey] of byKey) {
    if (onKey.length < 2) continue;
    let acc = Requirement.of(onKey[0]);
    let eachForbidsAbsence = !acc.allowsAbsent();
    for (const site of onKey.slice(1)) {
      const own = Requirement.of(site);
      const next = own.intersection(acc);
      eachForbidsAbsence = eachForbidsAbsence || !own.allowsAbsent();
      const widened = eachForbidsAbsence && next.allowsAbsent();
      if (widened) {
        const problem = consequence(key, next, sites, traits);
        if (problem !== undefined) {
          const result =
            next.operator() === 'DoesNotExist'
              ? 'no value, which Karpenter treats as DoesNotExist'
              : `${next.describe()}, which a node without the label satisfies`;
          ctx.error(
            site.path,
            `${acc.describe()} and ${own.describe()} on ${shortKey(key)} intersect to ${result}: ${problem}`,
            fix(acc, own, key, sites, traits),
            'key',
          );
          reported = true;
          break;
        }
      }
      acc = next;
    }
  }
  return reported;
}

/** What the widened requirement makes Karpenter do, or undefined when it changes nothing. */
function consequence(
  key: string,
  next: Requirement,
  sites: readonly RequirementSite[],
  traits: NodeClassTraits,
): string | undefined {
  if (OFFERING_KEYS.has(key)) {
    return next.operator() === 'DoesNotExist'
      ? `every instance type is offered with some ${shortKey(key)}, so it would launch nothing`
      : undefined;
  }
  if (key === LABELS.os || isTypeLabel(key)) {
    const types = resolveInstanceTypes(sites, traits).types;
    const lacking = types.filter((t) => (typeLabelValues(t, key, traits.windows) ?? ['']).length === 0);
    if (lacking.length > 0 && lacking.length === types.length)
      return `it would launch any of ${count(types.length)} types ${without(key)}`;
    if (lacking.length > 0)
      return `it would launch any of ${count(types.length)} types, ${count(lacking.length)} of them ${without(key)}`;
    return next.operator() === 'DoesNotExist'
      ? 'every instance type sets it, so it would launch nothing'
      : undefined;
  }
  return next.operator() === 'DoesNotExist'
    ? `its nodes would carry no ${show(key)} label at all`
    : undefined;
}

/** One requirement that says what was meant. */
function fix(
  acc: Requirement,
  own: Requirement,
  key: string,
  sites: readonly RequirementSite[],
  traits: NodeClassTraits,
): string {
  if (acc.operator() === 'In' && own.operator() === 'In') {
    const union = [...new Set([...acc.sortedValues(), ...own.sortedValues()])].sort();
    return `Write one requirement: In [${union.join(', ')}]`;
  }
  if (key === LABELS.os || isTypeLabel(key)) {
    // What every written requirement allows: the values of the types that set the label, in the
    // catalogue's order (numeric labels numerically).
    const values = new Set<string>();
    for (const t of resolveInstanceTypes(sites, traits).types)
      for (const v of typeLabelValues(t, key, traits.windows) ?? []) values.add(v);
    const order = instanceTable().values.get(key) ?? [...values].sort();
    const list = order.filter((v) => values.has(v) && acc.has(v) && own.has(v));
    if (list.length > 0 && list.length <= 12)
      return `Write one requirement: In [${list.join(', ')}] (the values the types offer that satisfy both)`;
    if (list.length > 12)
      return `Write one In requirement listing the values you mean (${list.length} values the types offer satisfy both)`;
  }
  return 'Keep only the requirement you mean';
}
