/** RawNodePool → NodePoolModel, with every node-pool default applied. */
import { KarpenterMode } from '../facts/constants';
import { EKS_AUTO_MODE } from '../facts/eks-auto-mode';
import { FLEET_DEFAULTS } from '../shared/fleet-defaults';
import { NodePoolModel, SourceLocation, TaintModel } from '../shared/fleet-model';
import { RawNodePool, RawTaint } from '../parse/raw-fleet';
import { expandRequirements } from '../parse/requirement-shorthands';
import { sortedRecord } from '../shared/sorted';

export function resolveNodePool(
  name: string,
  raw: RawNodePool,
  source: SourceLocation,
  mode: KarpenterMode = FLEET_DEFAULTS.karpenterMode,
): NodePoolModel {
  const d = raw.disruption ?? {};
  const limits: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw.limits ?? {})) limits[k] = String(v);
  return {
    name,
    source,
    objectAnnotations: sortedRecord(raw.metadata?.annotations),
    objectLabels: sortedRecord(raw.metadata?.labels),
    nodeClass: raw.nodeClass,
    ...(raw.replicas !== undefined ? { replicas: raw.replicas } : {}),
    requirements: expandRequirements(raw, mode),
    labels: sortedRecord(raw.labels),
    annotations: sortedRecord(raw.annotations),
    taints: (raw.taints ?? []).map(taint),
    startupTaints: (raw.startupTaints ?? []).map(taint),
    limits: sortedRecord(limits),
    disruption: {
      consolidationPolicy: d.consolidationPolicy ?? FLEET_DEFAULTS.consolidationPolicy,
      consolidateAfter: d.consolidateAfter ?? FLEET_DEFAULTS.consolidateAfter,
      budgets: (d.budgets ?? FLEET_DEFAULTS.budgets).map((b) => ({
        nodes: String(b.nodes),
        ...('schedule' in b && b.schedule !== undefined ? { schedule: b.schedule } : {}),
        ...('duration' in b && b.duration !== undefined ? { duration: b.duration } : {}),
        ...('reasons' in b && b.reasons !== undefined ? { reasons: [...b.reasons] } : {}),
      })),
    },
    expireAfter:
      raw.expireAfter ??
      (mode === 'eks-auto-mode' ? EKS_AUTO_MODE.defaultExpireAfter : FLEET_DEFAULTS.expireAfter),
    ...(raw.terminationGracePeriod !== undefined
      ? { terminationGracePeriod: raw.terminationGracePeriod }
      : {}),
    ...(raw.weight !== undefined ? { weight: raw.weight } : {}),
    smokeTest: raw.smokeTest ?? false,
  };
}

function taint(t: RawTaint): TaintModel {
  return { key: t.key, ...(t.value !== undefined ? { value: t.value } : {}), effect: t.effect };
}
