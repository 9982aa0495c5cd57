/**
 * Pools that can launch nothing although their requirements allow instance types:
 *
 *   - `limits.cpu` / `limits.memory` below the smallest allowed type (e.g. `cpu: "0"`):
 *     Karpenter launches a node only while the pool's total stays within its limits, so none
 *     ever fits. A warning, since a zero limit can be a deliberate pause;
 *   - the node class's `kubelet.maxPods` above the pod capacity of every type a pool allows
 *     (Karpenter's figure from the ENI limits, with the VPC CNI's defaults): the extra pods get
 *     no IP address. A warning.
 *
 * Limits compare with an instance's capacity (labels instance-cpu, instance-memory), as
 * Karpenter does.
 */
import { CheckContext } from '../check-context';
import { LABELS } from '../../facts/constants';
import { TableInstanceType } from '../../facts/instance-table';
import { poolInstanceTypes } from '../../resolve/pool-instance-types';
import { resourceAmount, showAmount } from '../../parse/pod-requests';
import { sampleNames } from '../../resolve/resolve-instance-types';
import { kubeletPodSettings, podsOnType } from '../../resolve/pool-pods';
import { writtenFamily } from '../../facts/ami-families';
import { show } from '../../shared/show-value';

const CAPACITY_LABEL: Readonly<Record<string, string>> = {
  cpu: LABELS.instanceCpu,
  memory: LABELS.instanceMemory,
};

type Smallest = Partial<Record<'cpu' | 'memory', { readonly name: string; readonly capacity: number }>>;
const smallestCache = new WeakMap<readonly TableInstanceType[], Smallest>();

/** The type of least cpu and of least memory capacity (catalogue units), once per resolved set. */
function smallest(types: readonly TableInstanceType[]): Smallest {
  const hit = smallestCache.get(types);
  if (hit) return hit;
  const out: { cpu?: { name: string; capacity: number }; memory?: { name: string; capacity: number } } = {};
  for (const t of types) {
    for (const resource of ['cpu', 'memory'] as const) {
      const c = Number(t.labels[CAPACITY_LABEL[resource]]) * (resource === 'cpu' ? 1000 : 1);
      if (!(c > 0)) continue;
      const prior = out[resource];
      if (prior === undefined || c < prior.capacity) out[resource] = { name: t.name, capacity: c };
    }
  }
  smallestCache.set(types, out);
  return out;
}

export function checkPoolLaunchable(ctx: CheckContext): void {
  for (const [name, pool] of Object.entries(ctx.raw.nodePools ?? {})) {
    const types = poolInstanceTypes(ctx.raw, pool);
    if (types.length === 0) continue; // reported by check-instance-requirements.ts
    const smallestOf = smallest(types);
    for (const resource of ['cpu', 'memory'] as const) {
      const written = pool.limits?.[resource];
      if (written === undefined) continue;
      const limit = resourceAmount(resource, written);
      const least = smallestOf[resource];
      if (limit === undefined || least === undefined || limit >= least.capacity) continue;
      ctx.warn(
        ['nodePools', name, 'limits', resource],
        `limits.${resource} ${show(String(written))} is below the smallest instance type the pool allows (${least.name}, ${showAmount(resource, least.capacity)} ${resource}), so pool '${show(name)}' launches nothing`,
        limit === 0
          ? `If the pool is paused on purpose, nothing to do; else raise limits.${resource} to at least ${showAmount(resource, least.capacity)}`
          : `Raise limits.${resource} to at least ${showAmount(resource, least.capacity)}, or allow smaller instance types`,
      );
    }
    // The kubelet as written, typed or free-form (model/resolve/pool-pods.ts); a CEL expression
    // in maxPods is evaluated by Karpenter per type: nothing to compare here.
    const settings = kubeletPodSettings(ctx.kubeletOf(pool.nodeClass));
    const maxPods = settings.maxPods;
    if (maxPods === undefined) continue;
    const nc = ctx.raw.nodeClasses?.[pool.nodeClass];
    const family = nc ? writtenFamily(nc) : undefined;
    const known = types.filter((t) => t.allocatable?.pods !== undefined);
    const effective = (t: (typeof known)[number]): number => podsOnType(t, settings, family) ?? maxPods;
    if (known.length === 0 || known.some((t) => effective(t) <= (t.allocatable?.pods ?? 0))) continue;
    const most = Math.max(...known.map((t) => t.allocatable?.pods ?? 0));
    const largest = known.filter((t) => t.allocatable?.pods === most);
    ctx.warn(
      ['nodeClasses', pool.nodeClass, 'kubelet', 'maxPods'],
      `maxPods ${maxPods} is more than any instance type pool '${show(name)}' allows has IP addresses for (at most ${most} pods, on ${sampleNames(largest, 3)}), so pods beyond that stay ContainerCreating without an IP`,
      `Lower maxPods to ${most}, or enable VPC CNI prefix delegation (then ignore this warning)`,
    );
  }
}
