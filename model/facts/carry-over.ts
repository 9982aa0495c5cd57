/**
 * Which of the tool's semantic checks carry over to a Karpenter version a repository imported
 * (`karpenter-gitops import`). Each check is written for the versions the tool ships and
 * declares the CRD schema paths it relies on; on an imported version it applies unchanged only
 * when none of those paths changed against the nearest shipped version (schema, enums,
 * defaults, constraints and CEL rules at or below them). A check whose paths changed is
 * reported as not applied, never silently run on a shape it was not written for.
 */
import { CrdShape, diffCrdShapes, isUnder, SchemaChange } from './crd-schema-diff';
import { KARPENTER_VERSIONS, KarpenterVersion } from './versions';

/** The semantic checks whose carry-over is judged (a closed set). */
export const CARRY_OVER_CHECKS = [
  'requirement semantics',
  'drift hash fields',
  'AMI families',
  'kubelet rules',
  'instance catalogue',
  'IAM scenarios',
] as const;
export type CarryOverCheck = (typeof CARRY_OVER_CHECKS)[number];

/** A schema path one check relies on: the kind and the dotted path from the object root. */
export interface CheckedPath {
  readonly kind: string;
  readonly path: string;
}

/**
 * The schema paths each check reads (where its code is: model/check/node-pool/ for
 * requirements and instance types, review/impact/ for drift, model/check/node-class/ for AMI
 * families and kubelet, policies/scenarios/ for IAM).
 */
export const CHECK_PATHS: Readonly<Record<CarryOverCheck, readonly CheckedPath[]>> = {
  'requirement semantics': [
    { kind: 'NodePool', path: 'spec.template.spec.requirements' },
    { kind: 'NodeOverlay', path: 'spec.requirements' },
  ],
  'drift hash fields': [
    { kind: 'NodePool', path: 'spec.template' },
    { kind: 'EC2NodeClass', path: 'spec' },
  ],
  'AMI families': [
    { kind: 'EC2NodeClass', path: 'spec.amiFamily' },
    { kind: 'EC2NodeClass', path: 'spec.amiSelectorTerms' },
    { kind: 'EC2NodeClass', path: 'spec.userData' },
    { kind: 'EC2NodeClass', path: 'spec.blockDeviceMappings' },
    { kind: 'EC2NodeClass', path: 'spec.instanceStorePolicy' },
  ],
  'kubelet rules': [{ kind: 'EC2NodeClass', path: 'spec.kubelet' }],
  'instance catalogue': [
    { kind: 'NodePool', path: 'spec.template.spec.requirements' },
    { kind: 'NodePool', path: 'spec.limits' },
    { kind: 'NodeOverlay', path: 'spec.capacity' },
    { kind: 'NodeOverlay', path: 'spec.price' },
    { kind: 'NodeOverlay', path: 'spec.priceAdjustment' },
  ],
  'IAM scenarios': [
    { kind: 'EC2NodeClass', path: 'spec.role' },
    { kind: 'EC2NodeClass', path: 'spec.instanceProfile' },
    { kind: 'EC2NodeClass', path: 'spec.tags' },
    { kind: 'EC2NodeClass', path: 'spec.blockDeviceMappings' },
    { kind: 'EC2NodeClass', path: 'spec.capacityReservationSelectorTerms' },
    { kind: 'EC2NodeClass', path: 'spec.placementGroupSelector' },
  ],
};

export interface CarryOverVerdict {
  readonly check: CarryOverCheck;
  readonly applies: boolean;
  /** The changes under the check's paths. */
  readonly changes: readonly KindChange[];
}

/** A change of one kind, for messages and the impact report. */
export interface KindChange extends SchemaChange {
  readonly kind: string;
}

export interface CarryOver {
  /** The shipped version the checks were judged against. */
  readonly nearestKnown: KarpenterVersion;
  /** Set when every CRD is identical to this shipped version's: every check applies. */
  readonly identicalTo?: KarpenterVersion;
  readonly verdicts: readonly CarryOverVerdict[];
  /** Every change against `nearestKnown`, by kind. */
  readonly changes: readonly KindChange[];
}

function versionKey(v: string): [number, number, number] {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(v);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
}

/** The shipped version closest to `version` (by minor, then patch; the newer one on a tie). */
export function nearestKnownVersion(version: string): KarpenterVersion {
  const [ma, mi, pa] = versionKey(version);
  const distance = (k: KarpenterVersion): number => {
    const [a, b, c] = versionKey(k);
    return Math.abs(a - ma) * 1e8 + Math.abs(b - mi) * 1e4 + Math.abs(c - pa);
  };
  return [...KARPENTER_VERSIONS].sort((x, y) => distance(x) - distance(y) || (x < y ? 1 : -1))[0];
}

/** Every change from one version's CRDs to another's, by kind (kinds only one side has count too). */
export function diffCrdSets(
  before: ReadonlyMap<string, CrdShape>,
  after: ReadonlyMap<string, CrdShape>,
): KindChange[] {
  const out: KindChange[] = [];
  for (const kind of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const b = before.get(kind);
    const a = after.get(kind);
    if (b === undefined) out.push({ kind, path: '', change: 'added', detail: 'kind added' });
    else if (a === undefined) out.push({ kind, path: '', change: 'removed', detail: 'kind removed' });
    else out.push(...diffCrdShapes(b, a).map((c) => ({ ...c, kind })));
  }
  return out;
}

/**
 * The carry-over of an imported version whose CRD shapes are `imported`, against the shipped
 * versions' shapes (`known`, by version).
 */
export function judgeCarryOver(
  version: string,
  imported: ReadonlyMap<string, CrdShape>,
  known: (v: KarpenterVersion) => ReadonlyMap<string, CrdShape>,
): CarryOver {
  const identicalTo = KARPENTER_VERSIONS.find((k) => diffCrdSets(known(k), imported).length === 0);
  const nearestKnown = identicalTo ?? nearestKnownVersion(version);
  const changes = identicalTo ? [] : diffCrdSets(known(nearestKnown), imported);
  const verdicts = (Object.keys(CHECK_PATHS) as CarryOverCheck[]).map((check): CarryOverVerdict => {
    const hits = changes.filter((c) =>
      CHECK_PATHS[check].some((p) => p.kind === c.kind && (c.path === '' || isUnder(c.path, p.path))),
    );
    return {
      check,
      applies: hits.length === 0,
      changes: hits,
    };
  });
  return { nearestKnown, ...(identicalTo ? { identicalTo } : {}), verdicts, changes };
}

/** The one report line `synth` prints for a cluster on an imported version. */
export function carryOverLine(cluster: string, version: string, carry: CarryOver): string {
  if (carry.identicalTo)
    return `${cluster}: Karpenter ${version} (imported) has the CRDs of ${carry.identicalTo}: every check applies (${CARRY_OVER_CHECKS.join(', ')}).`;
  const applied = carry.verdicts.filter((v) => v.applies).map((v) => v.check);
  const skipped = carry.verdicts.filter((v) => !v.applies);
  const first = (v: CarryOverVerdict): string => {
    const c = v.changes[0];
    const more = v.changes.length > 1 ? ` and ${v.changes.length - 1} more` : '';
    return `${v.check} (${c.kind} ${c.path || '(kind)'}: ${c.change === 'rule' ? 'CEL rule changed' : c.detail}${more})`;
  };
  return (
    `${cluster}: Karpenter ${version} (imported), nearest known ${carry.nearestKnown}: ` +
    `applied unchanged: ${applied.join(', ') || 'none'}; ` +
    `not applied (schema changed): ${skipped.map(first).join(', ') || 'none'}.`
  );
}
