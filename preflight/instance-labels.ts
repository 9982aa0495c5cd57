/**
 * The labels Karpenter 1.14.1 derives for an instance type from EC2's own data
 * (pkg/providers/instancetype/types.go: `computeRequirements`), restricted to the ones the
 * preflight can derive from DescribeInstanceTypes and DescribeInstanceTypeOfferings. A pool's
 * requirements on these keys are evaluated against the live data; requirements on other keys
 * (custom labels, bandwidth, NVMe size ...) are left to Karpenter.
 */
import type { InstanceTypeInfo } from '@aws-sdk/client-ec2';
import { CapacityType, LABELS, Requirement, RequirementInput, admitsLabelValues } from '../model';

const RESERVED: CapacityType = 'reserved';

/** Keys the preflight evaluates. */
export const DERIVED_LABEL_KEYS = [
  LABELS.instanceType,
  LABELS.instanceFamily,
  LABELS.instanceCategory,
  LABELS.instanceGeneration,
  LABELS.instanceSize,
  LABELS.instanceCpu,
  LABELS.instanceMemory,
  LABELS.instanceHypervisor,
  LABELS.instanceCpuManufacturer,
  LABELS.instanceGpuCount,
  LABELS.instanceGpuName,
  LABELS.instanceGpuManufacturer,
  LABELS.arch,
  LABELS.capacityType,
  LABELS.zone,
] as const;
export type DerivedLabelKey = (typeof DERIVED_LABEL_KEYS)[number];

/** Label key → the values an instance of this type may carry (several for zone and capacity type). */
export type InstanceLabels = ReadonlyMap<DerivedLabelKey, readonly string[]>;

/** `(^[a-z]+)(\-[0-9]+tb)?([0-9]+).*\.` as upstream: category and generation. */
const INSTANCE_TYPE_SCHEME = /^([a-z]+)(-[0-9]+tb)?([0-9]+).*\./;

const KUBE_ARCH: Readonly<Record<string, string>> = { x86_64: 'amd64', arm64: 'arm64' };

function kebab(s: string): string {
  return s.replace(/ /g, '-').toLowerCase();
}

/** Labels of one instance type offered in `zones`. */
export function instanceLabels(info: InstanceTypeInfo, zones: readonly string[]): InstanceLabels {
  const type = info.InstanceType ?? '';
  const labels = new Map<DerivedLabelKey, readonly string[]>();
  const set = (key: DerivedLabelKey, value: string | number | undefined) => {
    if (value !== undefined) labels.set(key, [String(value)]);
  };
  set(LABELS.instanceType, type);
  const scheme = INSTANCE_TYPE_SCHEME.exec(type);
  if (scheme) {
    set(LABELS.instanceCategory, scheme[1]);
    set(LABELS.instanceGeneration, scheme[3]);
  }
  const parts = type.split('.');
  if (parts.length === 2) {
    set(LABELS.instanceFamily, parts[0]);
    set(LABELS.instanceSize, parts[1]);
  }
  set(LABELS.instanceCpu, info.VCpuInfo?.DefaultVCpus);
  set(LABELS.instanceMemory, info.MemoryInfo?.SizeInMiB);
  set(LABELS.instanceHypervisor, info.Hypervisor ?? '');
  if (info.ProcessorInfo?.Manufacturer !== undefined)
    set(LABELS.instanceCpuManufacturer, kebab(info.ProcessorInfo.Manufacturer));
  const arch = (info.ProcessorInfo?.SupportedArchitectures ?? []).map((a) => KUBE_ARCH[a]).find((a) => a);
  set(LABELS.arch, arch);
  const gpus = info.GpuInfo?.Gpus ?? [];
  if (gpus.length === 1) {
    set(LABELS.instanceGpuName, kebab(gpus[0].Name ?? ''));
    set(LABELS.instanceGpuManufacturer, kebab(gpus[0].Manufacturer ?? ''));
    set(LABELS.instanceGpuCount, gpus[0].Count);
  }
  const usage = info.SupportedUsageClasses ?? [];
  labels.set(LABELS.capacityType, [
    ...(usage.includes('on-demand') ? ['on-demand'] : []),
    ...(usage.includes('spot') ? ['spot'] : []),
  ]);
  labels.set(LABELS.zone, [...zones].sort());
  return labels;
}

export function isDerivedKey(key: string): key is DerivedLabelKey {
  return (DERIVED_LABEL_KEYS as readonly string[]).includes(key);
}

/**
 * Does an instance with these labels satisfy one requirement (one of its values does, or absence is
 * allowed)? Karpenter's per-key Intersects against the type's `In [values]` (model/facts/
 * karpenter-requirements.ts, admitsLabelValues), on the normalized key. Pass a `Requirement` already
 * intersected with the pool's other requirements on the key to get Karpenter's answer for repeated keys.
 */
export function satisfies(labels: InstanceLabels, requirement: RequirementInput | Requirement): boolean {
  const r = requirement instanceof Requirement ? requirement : Requirement.of(requirement);
  if (!isDerivedKey(r.key)) return true;
  // Capacity reservations are not visible in offerings: a requirement admitting `reserved` is left to Karpenter.
  if (r.key === LABELS.capacityType && r.has(RESERVED)) return true;
  return admitsLabelValues(r, labels.get(r.key) ?? []);
}
