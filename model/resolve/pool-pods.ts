/**
 * How many pods a node of a pool can run, as Karpenter sets the node's `pods` capacity
 * (aws/karpenter-provider-aws pkg/providers/instancetype/types.go `pods`): the class's
 * `kubelet.maxPods` when set, else the instance type's ENI-limited figure (the catalogue's
 * `allocatable.pods`, Karpenter's own for AL2023); then at most `podsPerCore` × vCPUs where the
 * AMI family applies podsPerCore (`PodsPerCoreEnabled`: not Bottlerocket).
 *
 * The kubelet is read as written, typed or free-form (an imported 1.15-shaped EC2NodeClass passes
 * it through whole, model/schema/pass-through.ts): the same settings give the same estimate. A
 * CEL expression in `maxPods` (model/facts/free-form-kubelet.ts) is evaluated by Karpenter per
 * instance type, so the estimate is unknown. kubeReserved and systemReserved change allocatable
 * cpu and memory, not the pod count; no estimate here reads them.
 */
import type { AmiFamily } from '../facts/constants';
import { FREE_FORM_KUBELET_SUPPORT } from '../facts/free-form-kubelet';
import { familyKind } from '../facts/ami-families';
import { LABELS } from '../facts/constants';
import type { TableInstanceType } from '../facts/instance-table';

/** The pod settings of a class's kubelet, as plain values. */
export interface KubeletPodSettings {
  readonly maxPods?: number;
  readonly podsPerCore?: number;
  /** Set when `maxPods` is a CEL expression: why the pod count is unknown. */
  readonly unknown?: string;
}

/** A class's kubelet as written: the typed one, or a free-form one passed through. */
export function writtenKubelet(
  nc: { readonly kubelet?: unknown; readonly passThrough?: Readonly<Record<string, unknown>> } | undefined,
): unknown {
  return nc?.kubelet ?? nc?.passThrough?.kubelet;
}

/** The pod settings of `kubelet` (typed or free-form; anything else has none). */
export function kubeletPodSettings(kubelet: unknown): KubeletPodSettings {
  if (typeof kubelet !== 'object' || kubelet === null || Array.isArray(kubelet)) return {};
  const k = kubelet as Record<string, unknown>;
  const podsPerCore = typeof k.podsPerCore === 'number' ? { podsPerCore: k.podsPerCore } : {};
  if (typeof k.maxPods === 'string')
    return {
      ...podsPerCore,
      unknown: `kubelet.maxPods is a CEL expression (${k.maxPods}) Karpenter evaluates per instance type`,
    };
  return { ...(typeof k.maxPods === 'number' ? { maxPods: k.maxPods } : {}), ...podsPerCore };
}

/** Pods one node of type `t` runs (undefined: the catalogue has no figure and maxPods is unset). */
export function podsOnType(
  t: TableInstanceType,
  settings: KubeletPodSettings,
  family: AmiFamily | undefined,
): number | undefined {
  const count = settings.maxPods ?? t.allocatable?.pods;
  if (count === undefined) return undefined;
  const perCore = settings.podsPerCore ?? 0;
  const applies = family === undefined || FREE_FORM_KUBELET_SUPPORT[familyKind(family)].podsPerCore;
  if (perCore <= 0 || !applies) return count;
  return Math.min(count, perCore * Number(t.labels[LABELS.instanceCpu] ?? Infinity));
}

/** The pods per node over a pool's types: the range, or why it is unknown. */
export type PodsPerNode = { readonly min: number; readonly max: number } | { readonly unknown: string };

export function podsPerNode(
  types: readonly TableInstanceType[],
  settings: KubeletPodSettings,
  family: AmiFamily | undefined,
): PodsPerNode | undefined {
  if (settings.unknown !== undefined) return { unknown: settings.unknown };
  const counts = types.flatMap((t) => {
    const n = podsOnType(t, settings, family);
    return n === undefined ? [] : [n];
  });
  if (counts.length === 0) return undefined;
  return { min: Math.min(...counts), max: Math.max(...counts) };
}
