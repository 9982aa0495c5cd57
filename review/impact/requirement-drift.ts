/**
 * Requirement drift: does a change to `spec.template.spec.requirements` replace nodes?
 *
 * Grounding (kubernetes-sigs/karpenter v1.14.1):
 * - pkg/apis/v1/nodepool.go, NodeClaimTemplateSpec.Requirements carries `hash:"ignore"`: requirements
 *   are NOT part of the NodePool template hash (NodePool.Hash), so editing them is not static drift.
 * - pkg/controllers/nodeclaim/disruption/drift.go, areRequirementsDrifted: a NodeClaim drifts
 *   (reason `RequirementsDrifted`) when `NewLabelRequirements(nodeClaim.Labels).Compatible(pool
 *   requirements)` fails: a label the node lacks fails In/Exists/Gt/Lt and passes NotIn/DoesNotExist,
 *   a label it has must be allowed. That algebra is model/facts/karpenter-requirements.ts.
 * - `minValues` is a scheduling constraint for new launches; Compatible ignores it.
 *
 * Which labels the existing nodes carry is bounded by the OLD pool (node-label-states.ts): its template
 * labels, its requirements, the labels every AWS node carries. Each key of the new requirements is
 * checked against every label state the old pool allows for it:
 * - every state fails → every node drifts: "yes (requirements)";
 * - no state fails → no node drifts;
 * - otherwise it depends on which nodes run: "maybe", naming the states that fall out.
 * Keys are independent in Compatible, so one key where every state fails makes every node drift.
 */
import { lostLabelStates, normalizedKey, Requirement, Requirements } from '../../model';
import { canonical, isPlainObject } from './field-diff';
import { NodeImpact, worstImpact } from './node-impact';
import { nodeLabelStates } from './node-label-states';

export interface RequirementLike {
  readonly key: string;
  readonly operator: string;
  readonly values?: readonly string[];
  readonly minValues?: number;
}

/** What the old pool guarantees about its nodes besides its requirements. */
export interface OldPoolLabels {
  /** The old template's `metadata.labels`. */
  readonly templateLabels: Readonly<Record<string, string>>;
}

export interface KeyDrift {
  readonly impact: NodeImpact;
  readonly reason: string;
}

export interface RequirementDrift {
  /** `replaces` when every node fails the new requirements, `may-replace` when some may, else `none`. */
  readonly impact: NodeImpact;
  /** One sentence per requirement key that changed, sorted by key. */
  readonly reasons: readonly string[];
  /** The same, per requirement key (as written, and normalized when that differs). */
  readonly byKey: ReadonlyMap<string, KeyDrift>;
}

/** The reason prefix of a requirement yes, which the reports show beside a static yes. */
export const REQUIREMENTS_YES = 'every existing node fails the new requirements';

export function parseRequirements(value: unknown): RequirementLike[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isPlainObject).map((r) => ({
    key: String(r.key),
    operator: String(r.operator),
    values: Array.isArray(r.values) ? r.values.map(String) : undefined,
    minValues: typeof r.minValues === 'number' ? r.minValues : undefined,
  }));
}

/** The old pool's template labels as a string map (non-string values skipped). */
export function templateLabelsOf(pool: unknown): Record<string, string> {
  const labels =
    isPlainObject(pool) && isPlainObject(pool.spec) && isPlainObject(pool.spec.template)
      ? (pool.spec.template as Record<string, unknown>).metadata
      : undefined;
  const map = isPlainObject(labels) && isPlainObject(labels.labels) ? labels.labels : {};
  return Object.fromEntries(
    Object.entries(map).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

export function compareRequirements(
  before: readonly RequirementLike[],
  after: readonly RequirementLike[],
  old: OldPoolLabels = { templateLabels: {} },
): RequirementDrift {
  const oldReqs = Requirements.from(before);
  const newReqs = Requirements.from(after);
  const keys = [...new Set([...before, ...after].map((r) => normalizedKey(r.key)))].sort();
  const byKey = new Map<string, KeyDrift>();
  const verdicts: KeyDrift[] = [];
  for (const key of keys) {
    const b = before.filter((r) => normalizedKey(r.key) === key);
    const a = after.filter((r) => normalizedKey(r.key) === key);
    if (canonical(b.map(stripMin)) === canonical(a.map(stripMin))) {
      if (canonical(b) === canonical(a)) continue;
      record(byKey, verdicts, [...b, ...a], key, {
        impact: 'none',
        reason: `${key}: only minValues changed (${describe(b)} → ${describe(a)}); affects new launches only`,
      });
      continue;
    }
    const change = `(${describe(b)} → ${describe(a)})`;
    if (a.length === 0) {
      record(byKey, verdicts, b, key, {
        impact: 'none',
        reason: `${key}: widened or equivalent ${change}; every existing node still matches`,
      });
      continue;
    }
    record(byKey, verdicts, [...b, ...a], key, keyVerdict(key, newReqs.get(key), oldReqs, old, change));
  }
  return {
    impact: worstImpact(verdicts.map((v) => v.impact)),
    reasons: verdicts.map((v) => v.reason),
    byKey,
  };
}

function record(
  byKey: Map<string, KeyDrift>,
  verdicts: KeyDrift[],
  written: readonly RequirementLike[],
  key: string,
  verdict: KeyDrift,
): void {
  verdicts.push(verdict);
  byKey.set(key, verdict);
  for (const r of written) byKey.set(r.key, verdict);
}

/** One key of the new requirements against every label state the old pool allows for it. */
function keyVerdict(
  key: string,
  incoming: Requirement,
  oldReqs: Requirements,
  old: OldPoolLabels,
  change: string,
): KeyDrift {
  const states = nodeLabelStates(key, old.templateLabels, oldReqs);
  // Compatible on a node without the label: only NotIn/DoesNotExist pass.
  const absentFails = states.mayBeAbsent && !incoming.allowsAbsent();
  const absentPasses = states.mayBeAbsent && incoming.allowsAbsent();
  // A node with the label passes when Intersects finds its one value allowed (Requirement.has).
  const presentPasses = states.present !== undefined && states.present.hasIntersection(incoming);
  const presentLost = states.present !== undefined ? lostValues(states.present, incoming) : undefined;
  const lost = [...(absentFails ? ['without the label'] : []), ...(presentLost ? [presentLost] : [])];
  if (lost.length === 0) {
    // Widened against the old requirement itself keeps the plain wording; otherwise say what holds.
    const widened =
      oldReqs.has(key) && lostLabelStates(oldReqs.get(key), incoming).length === 0
        ? `${key}: widened or equivalent ${change}; every existing node still matches`
        : `${key}: no existing node fails it ${change}: ${states.because}`;
    return { impact: 'none', reason: widened };
  }
  if (!absentPasses && !presentPasses) {
    return {
      impact: 'replaces',
      reason: `${key}: ${REQUIREMENTS_YES} ${change}: ${states.because}, which the new requirement does not allow; every node of the pool drifts (RequirementsDrifted)`,
    };
  }
  return {
    impact: 'may-replace',
    reason: `${key}: narrowed ${change}; nodes ${lost.join(' or ')} drift (RequirementsDrifted)`,
  };
}

/**
 * The values `present` allows that `incoming` does not, in words, or undefined. lostLabelStates
 * also counts a missing label, which is decided separately here (from the node's label states),
 * so the present side is compared as "carries the label".
 */
function lostValues(present: Requirement, incoming: Requirement): string | undefined {
  const parts = lostLabelStates(present, incoming).filter((p) => p !== 'without the label');
  return parts.length > 0 ? parts.join(' or ') : undefined;
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
