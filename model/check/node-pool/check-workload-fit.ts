/**
 * Workloads the fleet file itself describes must fit on an instance type some pool may launch
 * (model/resolve/pool-instance-types.ts), or they stay Pending forever:
 *
 *   - the pod of every CapacityBuffer's pod template: its requests (cpu, memory,
 *     ephemeral-storage, nvidia.com/gpu and other extended resources, one pod) against the
 *     allocatable of the types of the pools whose taints it tolerates and whose labels and
 *     requirements its nodeSelector agrees with. An error at the request that fits nowhere,
 *     naming the largest allocatable value the pools offer; an error at the pod spec when no
 *     pool admits the pod at all (an untolerated taint, a nodeSelector no pool satisfies).
 *   - the smoke-test pod of every pool with `smokeTest: true` (its own requests, on that pool).
 *
 * Allocatable figures are Karpenter's for AL2023 without blockDeviceMappings (the catalogue's
 * stated assumption): other AMI families and bigger volumes shift them slightly.
 */
import { CheckContext } from '../check-context';
import { LABELS, SMOKE_TEST_REQUESTS } from '../../facts/constants';
import { TableInstanceType } from '../../facts/instance-table';
import { PathSegment } from '../../parse/located';
import { PodRequest, podRequests, resourceAmount, showAmount } from '../../parse/pod-requests';
import { poolInstanceTypes } from '../../resolve/pool-instance-types';
import { RawNodePool, RawTaint } from '../../parse/raw-fleet';
import { RawNodeOverlay, RawPodSpec } from '../../parse/raw-overlay-buffer';
import { requirementSites } from '../../parse/requirement-sites';
import {
  isTypeLabel,
  OFFERING_KEYS,
  RESERVATION_KEYS,
  sampleNames,
  typeSatisfies,
  WINDOWS_BUILD_LABEL,
} from '../../resolve/resolve-instance-types';
import {
  admitsLabelValues,
  Requirement,
  RequirementInput,
  Requirements,
} from '../../facts/karpenter-requirements';
import { show } from '../../shared/show-value';
import { compareCodeUnits } from '../../shared/sorted';

type Toleration = NonNullable<RawPodSpec['tolerations']>[number];

export function tolerates(tolerations: readonly Toleration[], taint: RawTaint): boolean {
  if (taint.effect === 'PreferNoSchedule') return true;
  return tolerations.some((t) => {
    if (t.effect !== undefined && t.effect !== taint.effect) return false;
    if (t.key === undefined || t.key === '') return t.operator === 'Exists';
    if (t.key !== taint.key) return false;
    return t.operator === 'Exists' || (t.value ?? '') === (taint.value ?? '');
  });
}

/** Why the pool cannot take the pod (undefined: it can), and the types left by its nodeSelector. */
function admission(
  poolName: string,
  pool: RawNodePool,
  types: readonly TableInstanceType[],
  spec: RawPodSpec,
): { reason?: string; types: readonly TableInstanceType[] } {
  for (const taint of pool.taints ?? []) {
    if (!tolerates(spec.tolerations ?? [], taint)) {
      return {
        reason: `pool '${poolName}' has the taint ${taint.key}${taint.value !== undefined ? `=${taint.value}` : ''}:${taint.effect}, which the pod does not tolerate`,
        types,
      };
    }
  }
  const sites = requirementSites(pool, (...rest) => rest);
  let left = types;
  for (const [key, value] of Object.entries(spec.nodeSelector ?? {})) {
    const label = pool.labels?.[key];
    const onKey = sites.filter((s) => s.key === key);
    const refuse = (why: string) => ({ reason: `pool '${poolName}' ${why}`, types });
    if (key === LABELS.nodePool) {
      if (value !== poolName) return refuse(`is not the pool nodeSelector ${key}=${value} asks for`);
      continue;
    }
    if (label !== undefined) {
      if (label !== value) return refuse(`labels its nodes ${key}=${label}, not ${value}`);
      continue;
    }
    const fake = { name: '', labels: { [key]: value }, prices: {} };
    const refused = onKey.find((s) => !typeSatisfies(fake, s));
    if (refused) return refuse(`requires ${refused.label}, which ${key}=${value} does not satisfy`);
    if (isTypeLabel(key)) {
      left = left.filter((t) => t.labels[key] === value);
      if (left.length === 0) return refuse(`allows no instance type with ${key}=${value}`);
      continue;
    }
    const wellKnown =
      key.includes('kubernetes.io/') || key.includes('k8s.io/') || key.startsWith('karpenter.');
    if (onKey.length === 0 && !wellKnown) return refuse(`gives its nodes no label ${key}`);
  }
  const terms =
    spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  if (terms === undefined || terms.length === 0) return { types: left };
  // Any one term may match (Karpenter tries them in order: pkg/scheduling/requirements.go, newPodRequirements).
  let firstReason = '';
  for (const [i, term] of terms.entries()) {
    const a = termAdmission(poolName, pool, sites, left, spec, term.matchExpressions ?? []);
    if (a.reason === undefined) return { types: a.types };
    if (i === 0) firstReason = a.reason;
  }
  return {
    reason: `pool '${poolName}' satisfies no nodeSelectorTerm of the pod's required node affinity (${terms.length === 1 ? '' : 'the first: '}${firstReason})`,
    types,
  };
}

/** Label keys a pool may leave undefined for a pod to require (Karpenter's well-known labels, AWS's included). */
function allowedUndefined(key: string): boolean {
  return (
    isTypeLabel(key) ||
    OFFERING_KEYS.has(key) ||
    RESERVATION_KEYS.has(key) ||
    key === LABELS.os ||
    key === LABELS.nodePool ||
    key === WINDOWS_BUILD_LABEL
  );
}

/**
 * One nodeSelectorTerm against a pool as Karpenter's scheduler checks it
 * (pkg/controllers/provisioning/scheduling/nodeclaim.go: the NodeClaim template's requirements, its
 * labels and karpenter.sh/nodepool included, must be Compatible with the pod's, well-known labels
 * allowed undefined); then the pool's types that the combined requirements still admit.
 */
function termAdmission(
  poolName: string,
  pool: RawNodePool,
  sites: readonly RequirementInput[],
  types: readonly TableInstanceType[],
  spec: RawPodSpec,
  expressions: readonly RequirementInput[],
): { reason?: string; types: readonly TableInstanceType[] } {
  // NewLabelRequirements of the template labels and of the pod's nodeSelector: `key In [value]` each.
  const labels = Requirements.fromLabels({ ...(pool.labels ?? {}), [LABELS.nodePool]: poolName }).values();
  const selector = Requirements.fromLabels(spec.nodeSelector ?? {}).values();
  const written = expressions.map((e) => Requirement.of(e));
  const poolReqs = Requirements.from(sites).add(...labels);
  const podReqs = Requirements.fromLabels(spec.nodeSelector ?? {}).add(...written);
  const [conflict] = poolReqs.compatible(podReqs, { allowUndefined: { has: allowedUndefined } });
  if (conflict !== undefined) {
    const theirs = `${conflict.key} ${conflict.incoming.describe()}`;
    return {
      reason:
        conflict.existing === undefined
          ? `gives its nodes no label ${conflict.key}, which ${theirs} requires`
          : `allows ${conflict.key} ${conflict.existing.describe()}, not ${theirs}`,
      types,
    };
  }
  const combined = Requirements.from(sites).add(...labels, ...selector, ...written);
  const keys = podReqs.keys().filter(isTypeLabel);
  const left = types.filter((t) =>
    keys.every((k) => {
      const v = t.labels[k];
      return admitsLabelValues(combined.get(k), v === undefined ? [] : [v]);
    }),
  );
  if (left.length === 0)
    return {
      reason: `allows no instance type with ${keys.map((k) => `${k} ${podReqs.get(k).describe()}`).join(', ')}`,
      types,
    };
  return { types: left };
}

/** The requests the types cannot hold: per resource whose largest allocatable is too small. */
function tooLarge(
  requests: readonly PodRequest[],
  types: readonly TableInstanceType[],
): { request: PodRequest; largest: number; on?: string }[] {
  const out: { request: PodRequest; largest: number; on?: string }[] = [];
  for (const request of requests) {
    let largest = 0;
    let on: string | undefined;
    for (const t of types) {
      const a = t.allocatable?.[request.resource] ?? 0;
      if (a > largest) {
        largest = a;
        on = t.name;
      }
    }
    if (largest < request.amount) out.push({ request, largest, ...(on !== undefined ? { on } : {}) });
  }
  return out;
}

const fitsOn = (requests: readonly PodRequest[], t: TableInstanceType): boolean =>
  t.allocatable !== undefined &&
  (t.allocatable.pods ?? 0) >= 1 &&
  requests.every((r) => (t.allocatable?.[r.resource] ?? 0) >= r.amount);

/**
 * The types with the extended resources NodeOverlays add (`capacity`, e.g. MIG slices) where
 * an overlay's requirements may match the pool's nodes: its type labels must match, its
 * karpenter.sh/nodepool must name the pool; other keys (zone, capacity type) may match.
 */
export function withOverlayCapacity(
  poolName: string,
  types: readonly TableInstanceType[],
  overlays: readonly RawNodeOverlay[],
): readonly TableInstanceType[] {
  const adding = overlays.filter((o) => o.capacity !== undefined && Object.keys(o.capacity).length > 0);
  if (adding.length === 0) return types;
  return types.map((t) => {
    let allocatable = t.allocatable;
    for (const o of adding) {
      const matches = o.requirements.every((r) =>
        r.key === LABELS.nodePool
          ? typeSatisfies({ name: '', labels: { [r.key]: poolName }, prices: {} }, r)
          : !isTypeLabel(r.key) || typeSatisfies(t, r),
      );
      if (!matches || allocatable === undefined) continue;
      const next: Record<string, number> = { ...allocatable };
      for (const [resource, q] of Object.entries(o.capacity ?? {})) {
        const amount = resourceAmount(resource, q);
        if (amount !== undefined) next[resource] = amount;
      }
      allocatable = next;
    }
    return allocatable === t.allocatable ? t : { ...t, allocatable };
  });
}

export function checkWorkloadFit(ctx: CheckContext): void {
  const overlays = Object.values(ctx.raw.nodeOverlays ?? {});
  const pools = Object.entries(ctx.raw.nodePools ?? {}).map(
    ([name, pool]) =>
      [name, pool, withOverlayCapacity(name, poolInstanceTypes(ctx.raw, pool), overlays)] as const,
  );
  // Pools that resolve to nothing are reported by check-instance-requirements.ts.
  const launching = pools.filter(([, , types]) => types.length > 0);
  if (launching.length < pools.length || pools.length === 0) return;
  checkBufferPods(ctx, launching);
  checkSmokePods(ctx, launching);
}

function checkBufferPods(
  ctx: CheckContext,
  pools: readonly (readonly [string, RawNodePool, readonly TableInstanceType[]])[],
): void {
  const templates = ctx.raw.podTemplates ?? {};
  const buffersOf = new Map<string, string[]>();
  for (const [name, b] of Object.entries(ctx.raw.capacityBuffers ?? {})) {
    const ref = b.podTemplateRef;
    if (ref === undefined || ref.existing === true || templates[ref.name] === undefined) continue;
    buffersOf.set(ref.name, [...(buffersOf.get(ref.name) ?? []), name]);
  }
  for (const [templateName, buffers] of [...buffersOf].sort(([a], [b]) => compareCodeUnits(a, b))) {
    const spec = templates[templateName].template.spec;
    const at = (...rest: PathSegment[]): PathSegment[] => [
      'podTemplates',
      templateName,
      'template',
      'spec',
      ...rest,
    ];
    const who = `the pod of capacity buffer${buffers.length > 1 ? 's' : ''} ${buffers.map((b) => `'${show(b)}'`).join(', ')}`;
    const admitted: (readonly [string, readonly TableInstanceType[]])[] = [];
    const reasons: string[] = [];
    for (const [name, pool, types] of pools) {
      const a = admission(name, pool, types, spec);
      if (a.reason !== undefined) reasons.push(a.reason);
      else admitted.push([name, a.types]);
    }
    if (admitted.length === 0) {
      ctx.error(
        at(
          spec.affinity !== undefined && reasons.every((r) => r.includes('required node affinity'))
            ? 'affinity'
            : spec.tolerations !== undefined
              ? 'tolerations'
              : spec.nodeSelector !== undefined
                ? 'nodeSelector'
                : 'containers',
        ),
        `${who} can land on no node pool: ${reasons.join('; ')}`,
        reasons.some((r) => r.includes(' taint '))
          ? 'Add a toleration for the taint (e.g. tolerations: [{ key: <taint key>, operator: Exists }]), so the buffer reserves capacity where its workload runs'
          : 'Select labels a pool gives its nodes (its labels or requirements), or add the label to a pool',
        'key',
      );
      continue;
    }
    const requests = podRequests(spec);
    const allTypes = admitted.flatMap(([, types]) => types);
    if (allTypes.some((t) => fitsOn(requests, t))) continue;
    const poolNames = admitted.map(([n]) => `'${show(n)}'`).join(', ');
    const over = tooLarge(requests, allTypes);
    for (const { request, largest, on } of over) {
      ctx.error(
        at(...request.path),
        largest === 0
          ? `${who} requests ${request.resource}: ${request.written}, but no instance type node pool ${poolNames} allows has ${request.resource}`
          : `${who} requests ${request.resource}: ${showAmount(request.resource, request.amount)} in all, more than any instance type node pool ${poolNames} allows can allocate (the largest allocatable ${request.resource} is ${showAmount(request.resource, largest)}, on ${on})`,
        largest === 0
          ? `Allow instance types with ${request.resource} in that pool, or remove the request`
          : `Lower the request to at most ${showAmount(request.resource, largest)}, or allow larger instance types in that pool`,
      );
    }
    if (over.length === 0) {
      ctx.error(
        at('containers'),
        `${who} requests ${requests.map((r) => `${r.resource} ${showAmount(r.resource, r.amount)}`).join(', ')}: each fits on some instance type node pool ${poolNames} allows, but no single type holds them all (e.g. ${sampleNames(allTypes, 3)})`,
        'Lower the requests, or allow larger instance types',
        'key',
      );
    }
  }
}

function checkSmokePods(
  ctx: CheckContext,
  pools: readonly (readonly [string, RawNodePool, readonly TableInstanceType[]])[],
): void {
  const requests: PodRequest[] = [
    {
      resource: 'cpu',
      amount: SMOKE_TEST_REQUESTS.cpuMillis,
      path: [],
      written: `${SMOKE_TEST_REQUESTS.cpuMillis}m`,
    },
    {
      resource: 'memory',
      amount: SMOKE_TEST_REQUESTS.memoryMebibytes,
      path: [],
      written: `${SMOKE_TEST_REQUESTS.memoryMebibytes}Mi`,
    },
  ];
  for (const [name, pool, types] of pools) {
    if (pool.smokeTest !== true) continue;
    const known = types.filter((t) => t.allocatable !== undefined);
    if (known.length === 0 || known.some((t) => fitsOn(requests, t))) continue;
    ctx.error(
      ['nodePools', name, 'smokeTest'],
      `the smoke-test pod (cpu ${requests[0].written}, memory ${requests[1].written}) fits on none of the ${known.length} instance types the pool allows (${sampleNames(known)})`,
      'Allow larger instance types, or set smokeTest: false',
    );
  }
}
