/**
 * Test oracle: which catalogue types Karpenter 1.14.1 would consider for a NodePool, written from
 * Karpenter's Go code and NOT from model/ (it imports only the raw catalogue table). Kept small and
 * literal; line numbers are of the files at tag v1.14.1:
 *
 * - kubernetes-sigs/karpenter pkg/scheduling/requirement.go
 *   L48-110 NewRequirementWithFlexibility, L181-214 Intersection, L220-254 HasIntersection,
 *   L290-301 Operator, L334-350 withinBounds;
 * - kubernetes-sigs/karpenter pkg/scheduling/requirements.go
 *   L133-140 Add, L254-274 Intersects;
 * - kubernetes-sigs/karpenter pkg/cloudprovider/types.go L399-433 SatisfiesMinValues;
 * - aws/karpenter-provider-aws pkg/providers/instancetype/types.go
 *   L163-310 computeRequirements (every label it sets, DoesNotExist where absent, tenancy In
 *   [default dedicated], windows-build DoesNotExist outside Windows), L313-321 getOS.
 */
import { instanceTable } from '../../../model/facts/instance-table';

interface Req {
  c: boolean; // complement
  v: Set<string>;
  lo?: number; // gte
  hi?: number; // lte
  min?: number;
}

export interface OracleInput {
  readonly key: string;
  readonly operator: string;
  readonly values?: readonly string[];
  readonly minValues?: number;
}

const NORMALIZED: Record<string, string> = {
  'failure-domain.beta.kubernetes.io/zone': 'topology.kubernetes.io/zone',
  'beta.kubernetes.io/arch': 'kubernetes.io/arch',
  'beta.kubernetes.io/os': 'kubernetes.io/os',
  'beta.kubernetes.io/instance-type': 'node.kubernetes.io/instance-type',
  'failure-domain.beta.kubernetes.io/region': 'topology.kubernetes.io/region',
};

function atoi(s: string): number | undefined {
  return /^[+-]?\d+$/.test(s) ? Number(s) : undefined;
}

function inBounds(s: string, lo?: number, hi?: number): boolean {
  if (lo === undefined && hi === undefined) return true;
  const n = atoi(s);
  if (n === undefined) return false;
  return !((lo !== undefined && n < lo) || (hi !== undefined && n > hi));
}

function make(op: string, values: readonly string[], min?: number): Req {
  if (op === 'In') return { c: false, v: new Set(values), min };
  const r: Req = { c: op !== 'DoesNotExist', v: new Set(), min };
  if (op === 'NotIn') values.forEach((x) => r.v.add(x));
  const n = atoi(values[0] ?? '') ?? 0;
  if (op === 'Gt') {
    if (n >= 2 ** 63) return { c: false, v: new Set() }; // Gt MaxInt (Atoi clamps larger values to it)
    r.lo = n + 1;
  }
  if (op === 'Lt') r.hi = n - 1;
  if (op === 'Gte') r.lo = n;
  if (op === 'Lte') r.hi = n;
  return r;
}

function pick<T>(a: T | undefined, b: T | undefined, f: (x: T, y: T) => T): T | undefined {
  return a === undefined ? b : b === undefined ? a : f(a, b);
}

function intersect(a: Req, b: Req): Req {
  const lo = pick(a.lo, b.lo, Math.max);
  const hi = pick(a.hi, b.hi, Math.min);
  const min = pick(a.min, b.min, Math.max);
  if (lo !== undefined && hi !== undefined && lo > hi) return { c: false, v: new Set(), min };
  let v: string[];
  if (a.c && b.c) v = [...a.v, ...b.v];
  else if (a.c) v = [...b.v].filter((x) => !a.v.has(x));
  else if (b.c) v = [...a.v].filter((x) => !b.v.has(x));
  else v = [...a.v].filter((x) => b.v.has(x));
  v = v.filter((x) => inBounds(x, lo, hi));
  const c = a.c && b.c;
  return c ? { c, v: new Set(v), lo, hi, min } : { c, v: new Set(v), min };
}

function overlaps(a: Req, b: Req): boolean {
  const lo = pick(a.lo, b.lo, Math.max);
  const hi = pick(a.hi, b.hi, Math.min);
  if (lo !== undefined && hi !== undefined && lo > hi) return false;
  if (a.c && b.c) return true;
  const [fin, other] = a.c ? [b, a] : [a, b];
  for (const x of fin.v) if (other.v.has(x) !== other.c && inBounds(x, lo, hi)) return true;
  return false;
}

function op(r: Req): string {
  if (r.c) return r.v.size > 0 ? 'NotIn' : 'Exists';
  return r.v.size > 0 ? 'In' : 'DoesNotExist';
}

/** requirements.go Add, over a list. */
export function oracleRequirements(list: readonly OracleInput[]): Map<string, Req> {
  const m = new Map<string, Req>();
  for (const x of list) {
    const key = NORMALIZED[x.key] ?? x.key;
    const r = make(x.operator, x.values ?? [], x.minValues);
    const prior = m.get(key);
    m.set(key, prior ? intersect(r, prior) : r);
  }
  return m;
}

const absentOk = (r: Req) => op(r) === 'NotIn' || op(r) === 'DoesNotExist';

/** The names Karpenter would consider, and the minValues keys it cannot meet (with the count reached). */
export function oracleTypes(
  list: readonly OracleInput[],
  klass: { windows: boolean; architectures?: readonly string[] },
): { names: string[]; short: Record<string, number> } {
  const table = instanceTable();
  const pool = oracleRequirements(list);
  const kept = table.types.filter((t) => {
    // computeRequirements: the type's own requirements, only on the keys it defines.
    const own = new Map<string, Req>();
    for (const key of table.labelKeys) {
      if (key === 'kubernetes.io/os') continue;
      const v = t.labels[key];
      own.set(key, make('In', v === undefined ? [] : [v]));
    }
    const amd = t.labels['kubernetes.io/arch'] === 'amd64';
    own.set('kubernetes.io/os', make('In', klass.windows ? (amd ? ['windows'] : []) : ['linux']));
    own.set('karpenter.k8s.aws/instance-tenancy', make('In', ['default', 'dedicated']));
    if (!klass.windows) own.set('node.kubernetes.io/windows-build', make('DoesNotExist', []));
    for (const [key, existing] of own) {
      const incoming = pool.get(key);
      if (incoming === undefined) continue;
      if (!overlaps(existing, incoming) && !(absentOk(incoming) && absentOk(existing))) return false;
    }
    const archs = klass.architectures;
    return archs === undefined || archs.includes(t.labels['kubernetes.io/arch'] ?? '');
  });
  const short: Record<string, number> = {};
  for (const [key, r] of pool) {
    // Not evaluated by the tool either: a Windows class's build is not in the catalogue.
    if (r.min === undefined || (klass.windows && key === 'node.kubernetes.io/windows-build')) continue;
    const seen = new Set<string>();
    for (const t of kept) {
      if (key === 'karpenter.k8s.aws/instance-tenancy') ['default', 'dedicated'].forEach((x) => seen.add(x));
      else if (key === 'kubernetes.io/os')
        (klass.windows ? (t.labels['kubernetes.io/arch'] === 'amd64' ? ['windows'] : []) : ['linux']).forEach(
          (x) => seen.add(x),
        );
      else if (t.labels[key] !== undefined && key !== 'node.kubernetes.io/windows-build')
        seen.add(t.labels[key]);
    }
    if (seen.size < r.min) short[key] = seen.size;
  }
  return { names: kept.map((t) => t.name), short };
}
