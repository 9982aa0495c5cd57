/**
 * RawCapacityBuffer → CapacityBufferModel and RawPodTemplate → PodTemplateModel, with their
 * defaults: the namespace (`capacity-buffers`, NAMESPACES.capacityBuffers) and the
 * provisioning strategy (the CRD's default, written out so dist/ says what runs).
 */
import { CAPACITY_BUFFER_STRATEGIES, NAMESPACES } from '../facts/constants';
import { SourceLocation } from '../shared/fleet-model';
import { CapacityBufferModel, PodTemplateModel } from '../shared/overlay-buffer-model';
import { RawCapacityBuffer, RawContainer, RawPodTemplate } from '../parse/raw-overlay-buffer';
import { compareCodeUnits, sortedDeep, sortedRecord } from '../shared/sorted';

export const CAPACITY_BUFFER_DEFAULTS = {
  namespace: NAMESPACES.capacityBuffers,
  provisioningStrategy: CAPACITY_BUFFER_STRATEGIES[0],
} as const;

const quantities = (m: Readonly<Record<string, string | number>> | undefined): Record<string, string> =>
  sortedRecord(Object.fromEntries(Object.entries(m ?? {}).map(([k, v]) => [k, String(v)])));

export function resolveCapacityBuffer(
  name: string,
  raw: RawCapacityBuffer,
  source: SourceLocation,
): CapacityBufferModel {
  return {
    name,
    namespace: raw.namespace ?? CAPACITY_BUFFER_DEFAULTS.namespace,
    source,
    ...(raw.podTemplateRef !== undefined
      ? { podTemplateRef: { name: raw.podTemplateRef.name, existing: raw.podTemplateRef.existing ?? false } }
      : {}),
    ...(raw.scalableRef !== undefined
      ? {
          scalableRef: {
            ...(raw.scalableRef.apiGroup !== undefined ? { apiGroup: raw.scalableRef.apiGroup } : {}),
            kind: raw.scalableRef.kind,
            name: raw.scalableRef.name,
          },
        }
      : {}),
    ...(raw.replicas !== undefined ? { replicas: raw.replicas } : {}),
    ...(raw.percentage !== undefined ? { percentage: raw.percentage } : {}),
    limits: quantities(raw.limits),
    provisioningStrategy: raw.provisioningStrategy ?? CAPACITY_BUFFER_DEFAULTS.provisioningStrategy,
  };
}

export function resolvePodTemplate(
  name: string,
  raw: RawPodTemplate,
  source: SourceLocation,
): PodTemplateModel {
  const withTextQuantities = <C extends Omit<RawContainer, 'ports'>>(c: C): C =>
    c.resources === undefined
      ? c
      : {
          ...c,
          resources: {
            ...(c.resources.requests !== undefined ? { requests: quantities(c.resources.requests) } : {}),
            ...(c.resources.limits !== undefined ? { limits: quantities(c.resources.limits) } : {}),
          },
        };
  // Quantities as text, as the API server returns them (a YAML number 2 is "2").
  const spec = {
    ...raw.template.spec,
    containers: raw.template.spec.containers.map(withTextQuantities),
    ...(raw.template.spec.initContainers !== undefined
      ? { initContainers: raw.template.spec.initContainers.map(withTextQuantities) }
      : {}),
  };
  return {
    name,
    namespace: raw.namespace ?? CAPACITY_BUFFER_DEFAULTS.namespace,
    source,
    labels: sortedRecord(raw.labels),
    annotations: sortedRecord(raw.annotations),
    templateLabels: sortedRecord(raw.template.metadata?.labels),
    templateAnnotations: sortedRecord(raw.template.metadata?.annotations),
    spec: sortedDeep(spec) as Record<string, unknown>,
  };
}

/** Namespace, then name. */
export function byNamespaceAndName<T extends { readonly name: string; readonly namespace: string }>(
  a: T,
  b: T,
): number {
  const x = `${a.namespace}/${a.name}`;
  const y = `${b.namespace}/${b.name}`;
  return compareCodeUnits(x, y);
}
