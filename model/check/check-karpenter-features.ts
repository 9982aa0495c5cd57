/**
 * Checks of one cluster that depend on its Karpenter version and feature gates: fields and
 * values its version's CRDs do not have (model/facts/karpenter-version-features.ts), static pools
 * (gate `staticCapacity`, the 1.14.1 NodePool CEL rules for them) and reserved capacity
 * (gate `reservedCapacity`, a pool of capacity type `reserved` needs reservations to use).
 */
import { CheckContext } from './check-context';
import { checkObjectAnnotations, checkObjectLabels } from './check-object-metadata';
import { reservedCapacityPaths } from './node-class/check-capacity-reservations';
import { enableGateFix, FeatureGate, gateEnabled } from '../facts/feature-gates';
import { compareVersions, unsupportedFeatures, VersionedKind } from '../facts/karpenter-version-features';
import { PathSegment } from '../parse/located';
import { RawNodePool } from '../parse/raw-fleet';
import { KarpenterVersion } from '../facts/versions';

/** Newest imported version: the one a version error tells the user to move to. */
const NEWEST: KarpenterVersion = '1.14.1';

export function checkKarpenterFeatures(ctx: CheckContext): void {
  const raw = ctx.raw;
  const version = ctx.karpenterVersion;
  const gates = raw.karpenter?.featureGates;
  const versionErrors = (kind: VersionedKind, base: PathSegment[], value: unknown) => {
    for (const { path, feature } of unsupportedFeatures(kind, value, version)) {
      const what = feature.value !== undefined ? `${feature.value}` : feature.fleetPath.replace(/\[\]/g, '');
      ctx.error(
        [...base, ...path],
        `${what} needs Karpenter ${feature.since} or later, but this cluster runs Karpenter ${version}`,
        `Set karpenter.version: ${NEWEST} in this cluster's file, or remove it`,
        feature.value !== undefined ? 'value' : 'key',
      );
    }
  };
  const gateError = (path: PathSegment[], what: string, gate: FeatureGate, anchor: 'key' | 'value') =>
    ctx.error(
      path,
      `${what} needs the Karpenter feature gate ${gate}, which is off for this cluster`,
      enableGateFix(gate),
      anchor,
    );

  const classes = raw.nodeClasses ?? {};
  for (const [name, nc] of Object.entries(classes)) {
    const at = (...rest: PathSegment[]): PathSegment[] => ['nodeClasses', name, ...rest];
    versionErrors('EC2NodeClass', at(), nc);
    checkObjectAnnotations(ctx, at('metadata', 'annotations'), nc.metadata?.annotations);
    checkObjectLabels(ctx, at('metadata', 'labels'), nc.metadata?.labels);
    const terms = nc.capacityReservationSelectorTerms;
    if (
      terms !== undefined &&
      compareVersions(version, '1.14.1') >= 0 &&
      !gateEnabled(gates, 'reservedCapacity')
    ) {
      gateError(at('capacityReservationSelectorTerms'), 'capacity reservations', 'reservedCapacity', 'key');
    }
  }

  for (const [name, pool] of Object.entries(raw.nodePools ?? {})) {
    const at = (...rest: PathSegment[]): PathSegment[] => ['nodePools', name, ...rest];
    versionErrors('NodePool', at(), pool);
    checkObjectAnnotations(ctx, at('metadata', 'annotations'), pool.metadata?.annotations);
    checkObjectLabels(ctx, at('metadata', 'labels'), pool.metadata?.labels);
    const recent = compareVersions(version, '1.14.1') >= 0;
    if (pool.replicas !== undefined) {
      checkStaticPool(ctx, at, pool);
      if (recent && !gateEnabled(gates, 'staticCapacity'))
        gateError(at('replicas'), 'a static pool (replicas)', 'staticCapacity', 'key');
    }
    const reserved = reservedCapacityPaths(pool);
    for (const path of reserved) {
      if (!recent) {
        ctx.error(
          at(...path),
          `the reserved capacity type needs Karpenter 1.14.1 or later, but this cluster runs Karpenter ${version}`,
          `Set karpenter.version: ${NEWEST} in this cluster's file, or remove reserved`,
        );
      } else if (!gateEnabled(gates, 'reservedCapacity')) {
        gateError(at(...path), 'the reserved capacity type', 'reservedCapacity', 'value');
      }
    }
    const nc = classes[pool.nodeClass];
    if (reserved.length > 0 && nc !== undefined && (nc.capacityReservationSelectorTerms ?? []).length === 0) {
      ctx.error(
        at(...reserved[0]),
        `node class '${pool.nodeClass}' selects no capacity reservations, so reserved capacity can never launch`,
        `Add capacityReservationSelectorTerms (by id or tags) to nodeClasses.${pool.nodeClass}, or remove reserved`,
      );
    }
  }
}

/** The 1.14.1 NodePool CEL rules for static pools, and fields a static pool ignores. */
function checkStaticPool(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  pool: RawNodePool,
): void {
  for (const resource of Object.keys(pool.limits ?? {})) {
    if (resource === 'nodes') continue;
    ctx.error(
      at('limits', resource),
      `a static pool (replicas) may limit only nodes, not ${resource}`,
      'Remove this limit, or write limits: { nodes: <most nodes> }',
      'key',
    );
  }
  if (pool.weight !== undefined) {
    ctx.error(
      at('weight'),
      'a static pool (replicas) takes no weight',
      'Remove weight: a static pool keeps its replicas whatever other pools exist',
      'key',
    );
  }
  const d = pool.disruption;
  for (const field of ['consolidationPolicy', 'consolidateAfter'] as const) {
    if (d?.[field] === undefined) continue;
    ctx.warn(
      at('disruption', field),
      `a static pool (replicas) ignores disruption.${field}`,
      'Remove it: Karpenter never consolidates a static pool',
      'key',
    );
  }
}
