/**
 * Classifies every field change of one changed NodePool or EC2NodeClass with the drift table
 * (drift-rules.ts), running the whole-resource analyses the table defers to: requirements,
 * AMI selection and the resolved AMI family. Both sides get the CRD defaults first
 * (api-defaults.ts), as the API server stores them.
 */
import { ALIAS_FAMILIES, behaviourOf, USER_DATA_FORMAT_NAMES, AMI_FAMILIES, AmiFamily } from '../../model';
import { withApiDefaults } from './api-defaults';
import { DriftRule, findRule, NODE_CLASS_RULES, NODE_POOL_RULES, REORDER_REASON } from './drift-rules';
import { diffFields, FieldChange, isPlainObject } from './field-diff';
import { hashView, unhashedChangeReason } from './hashed-value';
import { SelectorKind, selectorDrift } from './selector-drift';
import { NodeImpact, worstImpact } from './node-impact';
import {
  compareRequirements,
  parseRequirements,
  RequirementDrift,
  templateLabelsOf,
} from './requirement-drift';
import { KARPENTER_KINDS, KarpenterKind } from '../resource-kinds';

export interface ClassifiedChange extends FieldChange {
  readonly impact: NodeImpact;
  readonly reason: string;
  /**
   * Set when the nodes are replaced because they fail the new requirements (RequirementsDrifted),
   * not because a hash changed: the reports show it beside the "yes".
   */
  readonly cause?: 'requirements';
}

export interface ResourceClassification {
  readonly changes: readonly ClassifiedChange[];
  readonly impact: NodeImpact;
}

export function classifyResource(
  kind: KarpenterKind,
  rawBefore: unknown,
  rawAfter: unknown,
): ResourceClassification {
  const before = withApiDefaults(kind, rawBefore);
  const after = withApiDefaults(kind, rawAfter);
  const rules = kind === KARPENTER_KINDS.nodePool ? NODE_POOL_RULES : NODE_CLASS_RULES;
  const special = new Map<DriftRule['impact'], { impact: NodeImpact; reason: string }>();
  let requirements: RequirementDrift | undefined;
  let views: { before: unknown; after: unknown } | undefined;
  const changes = diffFields(before, after).map((change): ClassifiedChange => {
    if (change.kind === 'reordered') return { ...change, impact: 'none', reason: REORDER_REASON };
    const rule = findRule(rules, change);
    if (rule.impact === 'requirements') {
      requirements ??= compareRequirements(
        parseRequirements(get(before, REQUIREMENTS_PATH)),
        parseRequirements(get(after, REQUIREMENTS_PATH)),
        { templateLabels: templateLabelsOf(before) },
      );
      // A change inside one requirement (matched by key) gets that key's verdict; a change to
      // the list as a whole gets the verdict over all keys.
      const seg = change.path[REQUIREMENTS_PATH.length];
      const one =
        seg && 'idField' in seg && seg.idField === 'key' ? requirements.byKey.get(seg.id) : undefined;
      const verdict = one ?? {
        impact: requirements.impact,
        reason: requirements.reasons.join('; ') || rule.reason,
      };
      return {
        ...change,
        ...verdict,
        ...(verdict.impact === 'replaces' ? { cause: 'requirements' as const } : {}),
      };
    }
    if (rule.impact !== 'replaces' && rule.impact !== 'none' && rule.impact !== 'may-replace') {
      let verdict = special.get(rule.impact);
      if (!verdict) {
        verdict = analyse(rule, before, after);
        special.set(rule.impact, verdict);
      }
      return { ...change, ...verdict };
    }
    if (rule.impact === 'replaces') {
      views ??= { before: hashView(kind, before), after: hashView(kind, after) };
      const same = unhashedChangeReason(kind, views.before, views.after, change.path);
      if (same !== undefined) return { ...change, impact: 'none', reason: same };
    }
    return { ...change, impact: rule.impact, reason: withFamilyDetail(rule, after, rule.reason) };
  });
  return { changes, impact: worstImpact(changes.map((c) => c.impact)) };
}

const REQUIREMENTS_PATH = ['spec', 'template', 'spec', 'requirements'] as const;

const SELECTOR_RULES = {
  'subnet-selection': { kind: 'subnet', field: 'subnetSelectorTerms' },
  'security-group-selection': { kind: 'security-group', field: 'securityGroupSelectorTerms' },
  'capacity-reservation-selection': {
    kind: 'capacity-reservation',
    field: 'capacityReservationSelectorTerms',
  },
} as const satisfies Partial<Record<DriftRule['impact'], { kind: SelectorKind; field: string }>>;

function analyse(rule: DriftRule, before: unknown, after: unknown): { impact: NodeImpact; reason: string } {
  if (rule.impact === 'ami-selection') return amiSelection(before, after, rule.reason);
  if (rule.impact in SELECTOR_RULES) {
    const s = SELECTOR_RULES[rule.impact as keyof typeof SELECTOR_RULES];
    return selectorDrift(s.kind, get(before, ['spec', s.field]), get(after, ['spec', s.field]));
  }
  const b = resolvedFamily(before);
  const a = resolvedFamily(after);
  return b.toLowerCase() === a.toLowerCase()
    ? { impact: 'none', reason: `resolved AMI family unchanged (${b}); ${rule.reason}` }
    : { impact: 'replaces', reason: `resolved AMI family ${b} → ${a}; ${rule.reason}: NodeClassDrift` };
}

/** `family@version` of a single alias term, as EC2NodeClass.Alias() reads it. */
export function aliasOf(nodeClass: unknown): { family: string; version: string } | undefined {
  const terms = get(nodeClass, ['spec', 'amiSelectorTerms']);
  if (!Array.isArray(terms)) return undefined;
  const term = terms.find((t) => isPlainObject(t) && typeof t.alias === 'string') as
    { alias: string } | undefined;
  if (!term) return undefined;
  const at = term.alias.indexOf('@');
  return at < 0
    ? { family: term.alias.toLowerCase(), version: 'latest' }
    : { family: term.alias.slice(0, at).toLowerCase(), version: term.alias.slice(at + 1) };
}

/**
 * isAMIDrifted (provider pkg/cloudprovider/drift.go) compares a NodeClaim's status.imageID with the
 * AMIs the class resolves (status.amis). A pinned alias (`al2023@v20260714`) resolves to that
 * release's AMIs, so changing it to another pinned version or family drifts every node; `@latest`
 * and tag/name/id terms depend on what AWS returns.
 */
function amiSelection(
  before: unknown,
  after: unknown,
  reason: string,
): { impact: NodeImpact; reason: string } {
  const b = aliasOf(before);
  const a = aliasOf(after);
  if (b && a) {
    const from = `${b.family}@${b.version}`;
    const to = `${a.family}@${a.version}`;
    if (b.version === 'latest' || a.version === 'latest') {
      return {
        impact: 'may-replace',
        reason: `AMI alias ${from} → ${to}: nodes drift if @latest resolves to a different release than they run (AMIDrift)`,
      };
    }
    return {
      impact: 'replaces',
      reason: `AMI alias ${from} → ${to}: a different pinned release resolves to different AMIs, every node of the class drifts (AMIDrift)`,
    };
  }
  return { impact: 'may-replace', reason };
}

function resolvedFamily(nodeClass: unknown): string {
  const explicit = get(nodeClass, ['spec', 'amiFamily']);
  if (typeof explicit === 'string') return explicit;
  const alias = aliasOf(nodeClass);
  return alias ? alias.family : 'Custom';
}

export function get(value: unknown, path: readonly string[]): unknown {
  let cur = value;
  for (const key of path) {
    if (!isPlainObject(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

/**
 * What a block-device or userData change means for the class's AMI family (model/facts/ami-families.ts):
 * which device holds pods' data, and which userData format Karpenter merges.
 */
function withFamilyDetail(rule: DriftRule, nodeClass: unknown, reason: string): string {
  const key = rule.prefix.join('.');
  if (key !== 'spec.blockDeviceMappings' && key !== 'spec.userData') return reason;
  const name = resolvedFamily(nodeClass);
  const family: AmiFamily | undefined =
    ALIAS_FAMILIES[name.toLowerCase()] ?? AMI_FAMILIES.find((f) => f.toLowerCase() === name.toLowerCase());
  if (family === undefined) return reason;
  const b = behaviourOf(family);
  if (key === 'spec.userData')
    return `${family} userData (${USER_DATA_FORMAT_NAMES[b.userDataFormat]}): ${reason}`;
  return b.dataDevice !== undefined
    ? `${reason}; ${family} keeps pods' ephemeral storage on ${b.dataDevice}`
    : reason;
}
