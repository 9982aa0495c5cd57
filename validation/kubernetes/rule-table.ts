/**
 * The table of CEL rules (`x-kubernetes-validations`) of one CRD version and the walk
 * plan that says where in an object each rule and each list-uniqueness check applies.
 * Built at import time (codegen/generate-validation-artifacts.ts) and read at run time.
 */

/** One `x-kubernetes-validations` entry and where it sits. */
export interface CelRuleEntry {
  /** Index in the table of its CRD version. */
  readonly id: number;
  readonly rule: string;
  readonly message?: string;
  readonly messageExpression?: string;
  readonly reason?: string;
  readonly fieldPath?: string;
  /** `optionalOldSelf: true`: a transition rule also evaluated on create (oldSelf absent). */
  readonly optionalOldSelf?: boolean;
  /** Where the rule sits, e.g. `spec.amiSelectorTerms[*].alias` (`[*]` items, `{*}` map values). */
  readonly location: string;
  /** Mentions `oldSelf`: evaluated only against a previous version of the object. */
  readonly transition: boolean;
}

/**
 * A node of the walk plan: only the schema nodes that carry a rule or a list type, and the
 * paths that lead to them. Short keys keep the generated files small.
 */
export interface PlanNode {
  /** Ids of the rules at this node. */
  r?: number[];
  /** `x-kubernetes-list-type` when `set` or `map`. */
  lt?: 'set' | 'map';
  /** `x-kubernetes-list-map-keys`. */
  lk?: string[];
  /** Properties. */
  p?: Record<string, PlanNode>;
  /** Array items. */
  i?: PlanNode;
  /** Typed map values (`additionalProperties`). */
  a?: PlanNode;
}

export interface RuleTable {
  readonly rules: CelRuleEntry[];
  readonly plan: PlanNode;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const OLD_SELF = /\boldSelf\b/;

/** Builds the table and plan of one CRD version's `openAPIV3Schema`. */
export function buildRuleTable(openAPIV3Schema: Record<string, unknown>): RuleTable {
  const rules: CelRuleEntry[] = [];

  function visit(node: Record<string, unknown>, location: string): PlanNode | undefined {
    const plan: PlanNode = {};
    const validations = node['x-kubernetes-validations'];
    if (Array.isArray(validations)) {
      plan.r = [];
      for (const v of validations as Record<string, unknown>[]) {
        const rule = String(v.rule);
        const entry: CelRuleEntry = {
          id: rules.length,
          rule,
          ...(typeof v.message === 'string' ? { message: v.message } : {}),
          ...(typeof v.messageExpression === 'string' ? { messageExpression: v.messageExpression } : {}),
          ...(typeof v.reason === 'string' ? { reason: v.reason } : {}),
          ...(typeof v.fieldPath === 'string' ? { fieldPath: v.fieldPath } : {}),
          ...(v.optionalOldSelf === true ? { optionalOldSelf: true } : {}),
          location: location || '<root>',
          transition:
            OLD_SELF.test(rule) ||
            (typeof v.messageExpression === 'string' && OLD_SELF.test(v.messageExpression)),
        };
        rules.push(entry);
        plan.r.push(entry.id);
      }
    }
    const lt = node['x-kubernetes-list-type'];
    if (lt === 'set' || lt === 'map') {
      plan.lt = lt;
      const keys = node['x-kubernetes-list-map-keys'];
      if (lt === 'map' && Array.isArray(keys)) plan.lk = keys.map(String);
    }
    if (isRecord(node.properties)) {
      for (const name of Object.keys(node.properties).sort()) {
        const child = visit(
          node.properties[name] as Record<string, unknown>,
          location ? `${location}.${name}` : name,
        );
        if (child) (plan.p ??= {})[name] = child;
      }
    }
    if (isRecord(node.items)) {
      const child = visit(node.items, `${location}[*]`);
      if (child) plan.i = child;
    }
    if (isRecord(node.additionalProperties)) {
      const child = visit(node.additionalProperties, `${location}{*}`);
      if (child) plan.a = child;
    }
    return Object.keys(plan).length ? plan : undefined;
  }

  const plan = visit(openAPIV3Schema, '') ?? {};
  return { rules, plan };
}
