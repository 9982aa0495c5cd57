/**
 * What a NodePool or EC2NodeClass of the fleet may use only from a given Karpenter version:
 * the spec fields, enum values and alias families that the 1.14.1 CRDs have and the 1.0.14
 * CRDs lack. The table is checked against the two imported CRD schemas by
 * test/model/facts/karpenter-version-features.test.ts (every leaf path and enum value new in
 * 1.14.1 is listed, nothing else), so it cannot drift from the schemas.
 */
import { KarpenterVersion } from './versions';

export type VersionedKind = 'NodePool' | 'EC2NodeClass';

export interface VersionFeature {
  readonly kind: VersionedKind;
  /** Leaf path in the CRD's spec schema (test/coverage/schema-leaf-paths.ts notation). */
  readonly crdPath: string;
  /** Set for a value new in an enum (or a new alias family): the value. */
  readonly value?: string;
  /**
   * Where the fleet file writes it, relative to the pool or class, same notation; errors
   * point here (a whole new object is reported once, at its top).
   */
  readonly fleetPath: string;
  /** How a fleet value matches `value`: equal, or the alias family before `@`. @default 'equals' */
  readonly match?: 'equals' | 'aliasFamily';
  /** First imported Karpenter version that accepts it. */
  readonly since: KarpenterVersion;
}

const np = (crdPath: string, fleetPath: string, value?: string): VersionFeature => ({
  kind: 'NodePool',
  crdPath,
  fleetPath,
  ...(value !== undefined ? { value } : {}),
  since: '1.14.1',
});
const nc = (crdPath: string, fleetPath = crdPath, value?: string): VersionFeature => ({
  kind: 'EC2NodeClass',
  crdPath,
  fleetPath,
  ...(value !== undefined ? { value } : {}),
  since: '1.14.1',
});

export const VERSION_FEATURES: readonly VersionFeature[] = [
  np('replicas', 'replicas'),
  np('disruption.consolidationPolicy', 'disruption.consolidationPolicy', 'Balanced'),
  np('template.spec.requirements[].operator', 'requirements[].operator', 'Gte'),
  np('template.spec.requirements[].operator', 'requirements[].operator', 'Lte'),
  nc('amiFamily', 'amiFamily', 'Windows2025'),
  { ...nc('amiSelectorTerms[].alias', 'alias', 'windows2025'), match: 'aliasFamily' },
  { ...nc('amiSelectorTerms[].alias', 'amiSelectorTerms[].alias', 'windows2025'), match: 'aliasFamily' },
  nc('amiSelectorTerms[].ssmParameter'),
  nc('blockDeviceMappings[].ebs.volumeInitializationRate'),
  nc('capacityReservationSelectorTerms[].id', 'capacityReservationSelectorTerms'),
  nc('capacityReservationSelectorTerms[].instanceMatchCriteria', 'capacityReservationSelectorTerms'),
  nc('capacityReservationSelectorTerms[].ownerID', 'capacityReservationSelectorTerms'),
  nc('capacityReservationSelectorTerms[].tags.*', 'capacityReservationSelectorTerms'),
  nc('connectionTracking.tcpEstablishedTimeout', 'connectionTracking'),
  nc('connectionTracking.udpStreamTimeout', 'connectionTracking'),
  nc('connectionTracking.udpTimeout', 'connectionTracking'),
  nc('cpuOptions.nestedVirtualization', 'cpuOptions'),
  nc('ipPrefixCount'),
  nc('networkInterfaces[].deviceIndex', 'networkInterfaces'),
  nc('networkInterfaces[].interfaceType', 'networkInterfaces'),
  nc('networkInterfaces[].networkCardIndex', 'networkInterfaces'),
  nc('placementGroupSelector.id', 'placementGroupSelector'),
  nc('placementGroupSelector.name', 'placementGroupSelector'),
];

type Segment = string | number;

/**
 * Every place `fleetPath` is set in `value` (a raw pool or class), as path segments, with
 * the value found there; `[]` walks each list item, `*` each map key.
 */
export function findSet(value: unknown, fleetPath: string): { path: Segment[]; value: unknown }[] {
  const parts = fleetPath.split('.').flatMap((p) => {
    const out: string[] = [];
    let rest = p;
    while (rest.endsWith('[]')) {
      out.unshift('[]');
      rest = rest.slice(0, -2);
    }
    return [rest, ...out];
  });
  const found: { path: Segment[]; value: unknown }[] = [];
  const walk = (v: unknown, i: number, path: Segment[]): void => {
    if (v === undefined || v === null) return;
    if (i === parts.length) {
      found.push({ path, value: v });
      return;
    }
    const part = parts[i];
    if (part === '[]') {
      if (Array.isArray(v)) v.forEach((item, j) => walk(item, i + 1, [...path, j]));
    } else if (typeof v === 'object' && !Array.isArray(v)) {
      const rec = v as Record<string, unknown>;
      if (part === '*') for (const k of Object.keys(rec)) walk(rec[k], i + 1, [...path, k]);
      else walk(rec[part], i + 1, [...path, part]);
    }
  };
  walk(value, 0, []);
  return found;
}

/** The features of `kind` that `raw` uses and `version` does not accept, each once per place. */
export function unsupportedFeatures(
  kind: VersionedKind,
  raw: unknown,
  version: KarpenterVersion,
): { path: Segment[]; feature: VersionFeature }[] {
  const out: { path: Segment[]; feature: VersionFeature }[] = [];
  const seen = new Set<string>();
  for (const feature of VERSION_FEATURES) {
    if (feature.kind !== kind || compareVersions(version, feature.since) >= 0) continue;
    for (const hit of findSet(raw, feature.fleetPath)) {
      if (feature.value !== undefined) {
        const text = String(hit.value);
        const actual = feature.match === 'aliasFamily' ? text.split('@')[0] : text;
        if (actual !== feature.value) continue;
      }
      const key = JSON.stringify(hit.path);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ path: hit.path, feature });
    }
  }
  return out;
}

/** Numeric order of two `x.y.z` versions: negative when `a` is older. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
