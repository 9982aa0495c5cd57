/**
 * Requirement drift: does a change to `spec.template.spec.requirements` replace nodes?
 *
 * Grounding (kubernetes-sigs/karpenter v1.14.1):
 * - pkg/apis/v1/nodepool.go, NodeClaimTemplateSpec.Requirements carries `hash:"ignore"`: requirements
 *   are NOT part of the NodePool template hash (NodePool.Hash), so editing them is not static drift.
 * - pkg/controllers/nodeclaim/disruption/drift.go, areRequirementsDrifted: a NodeClaim drifts
 *   (reason `RequirementsDrifted`) only when its labels are no longer compatible with the pool's
 *   requirements. Widening (adding allowed values, removing a requirement) drifts nothing;
 *   narrowing drifts only the nodes whose label value falls outside the new set.
 * - The disruption docs (website/content/en/docs/concepts/disruption.md, "Special Cases on Drift")
 *   give the same m5.large example.
 * - `minValues` is a scheduling constraint for new launches; it is not compared with node labels.
 *
 * So the answer is one of: no node is replaced (widened or unchanged), or nodes whose labels fall
 * outside the narrowed set are replaced (which ones depends on what runs: "may replace").
 */
import { LabelConstraint, labelConstraint, withinBounds } from '../../model';
import { canonical, isPlainObject } from './field-diff';

export interface RequirementLike {
  readonly key: string;
  readonly operator: string;
  readonly values?: readonly string[];
  readonly minValues?: number;
}

export interface RequirementDrift {
  /** True when some existing node may no longer satisfy the new requirements. */
  readonly narrowed: boolean;
  /** One sentence per requirement key that changed, sorted by key. */
  readonly reasons: readonly string[];
  /** The same, per requirement key. */
  readonly byKey: ReadonlyMap<string, { readonly narrowed: boolean; readonly reason: string }>;
}

export function parseRequirements(value: unknown): RequirementLike[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isPlainObject).map((r) => ({
    key: String(r.key),
    operator: String(r.operator),
    values: Array.isArray(r.values) ? r.values.map(String) : undefined,
    minValues: typeof r.minValues === 'number' ? r.minValues : undefined,
  }));
}

export function compareRequirements(
  before: readonly RequirementLike[],
  after: readonly RequirementLike[],
): RequirementDrift {
  const keys = [...new Set([...before, ...after].map((r) => r.key))].sort();
  const byKey = new Map<string, { narrowed: boolean; reason: string }>();
  for (const key of keys) {
    const b = before.filter((r) => r.key === key);
    const a = after.filter((r) => r.key === key);
    if (canonical(b.map(stripMin)) === canonical(a.map(stripMin))) {
      if (canonical(b) !== canonical(a)) {
        byKey.set(key, {
          narrowed: false,
          reason: `${key}: only minValues changed (${describe(b)} → ${describe(a)}); affects new launches only`,
        });
      }
      continue;
    }
    const lost = lostValues(constraintOf(b), constraintOf(a));
    byKey.set(
      key,
      lost === undefined
        ? {
            narrowed: false,
            reason: `${key}: widened or equivalent (${describe(b)} → ${describe(a)}); every existing node still matches`,
          }
        : {
            narrowed: true,
            reason: `${key}: narrowed (${describe(b)} → ${describe(a)}); nodes ${lost} drift (RequirementsDrifted)`,
          },
    );
  }
  const all = [...byKey.values()];
  return { narrowed: all.some((k) => k.narrowed), reasons: all.map((k) => k.reason), byKey };
}

function stripMin(r: RequirementLike): RequirementLike {
  return { key: r.key, operator: r.operator, values: r.values ? [...r.values].sort() : undefined };
}

function describe(list: readonly RequirementLike[]): string {
  if (list.length === 0) return 'no requirement';
  return list
    .map((r) => {
      const vals = r.values && r.values.length > 0 ? ` [${r.values.join(', ')}]` : '';
      const min = r.minValues !== undefined ? ` minValues ${r.minValues}` : '';
      return `${r.operator}${vals}${min}`;
    })
    .join(' and ');
}

/** All requirements on one key intersected; an unknown operator is a constraint nothing satisfies for sure. */
function constraintOf(list: readonly RequirementLike[]): LabelConstraint | undefined {
  if (list.length === 0) return undefined;
  const c = labelConstraint(list);
  return c.unknownOperator ? { ...c, mustExist: true, allowed: new Set() } : c;
}

/**
 * Undefined when every label state `before` allows is still allowed by `after`; otherwise a short
 * description of the nodes that fall out ("with value spot", "without the label" ...).
 */
function lostValues(
  before: LabelConstraint | undefined,
  after: LabelConstraint | undefined,
): string | undefined {
  if (after === undefined) return undefined;
  if (before === undefined) return 'whose label does not satisfy the new requirement';
  const lost: string[] = [];
  if (after.mustNotExist && !before.mustNotExist) lost.push('that carry the label');
  if (after.mustExist && !before.mustExist) lost.push('without the label');
  if (before.allowed) {
    const stillOk = (v: string) =>
      (!after.allowed || after.allowed.has(v)) && !after.excluded.has(v) && withinBounds(v, after);
    const dropped = [...before.allowed].filter(
      (v) => !before.excluded.has(v) && withinBounds(v, before) && !stillOk(v),
    );
    if (dropped.length > 0) lost.push(`with value ${dropped.join(', ')}`);
  } else {
    if (after.allowed) lost.push(`with a value outside [${[...after.allowed].join(', ')}]`);
    const newlyExcluded = [...after.excluded].filter(
      (v) => !before.excluded.has(v) && withinBounds(v, before),
    );
    if (newlyExcluded.length > 0) lost.push(`with value ${newlyExcluded.join(', ')}`);
    if (after.gt !== undefined && after.gt > (before.gt ?? -Infinity))
      lost.push(`with a value ≤ ${after.gt}`);
    if (after.lt !== undefined && after.lt < (before.lt ?? Infinity)) lost.push(`with a value ≥ ${after.lt}`);
  }
  return lost.length > 0 ? lost.join(' or ') : undefined;
}
