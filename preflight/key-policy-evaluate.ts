/**
 * Does a KMS key policy admit a request? A small, conservative evaluator of the statement
 * forms key policies use: Principal (AWS ARNs, account root or ID, Service, `*`), Action and
 * Resource with wildcards, and the condition operators on string, ARN and boolean keys.
 * Anything it cannot evaluate (NotPrincipal, NotAction, NotResource, an unknown operator)
 * never admits a request, so a pass is a proof and a failure at worst asks for a statement
 * that was not strictly needed. An explicit Deny that matches wins.
 */
import { ConditionValue } from '../policies/policy-document';

export interface KeyRequest {
  /** IAM principal ARN, or a service principal (`events.amazonaws.com`). */
  readonly principal: string;
  readonly principalType: 'aws' | 'service';
  /** The principal's account (for root delegation). @default none (service principals) */
  readonly account?: string;
  /**
   * True when the account's IAM policies grant this principal the action, so a statement
   * naming the account root admits it too (controller role); false for principals whose
   * permissions come only from the key policy (service-linked roles, services).
   */
  readonly delegatesToIam: boolean;
  readonly action: string;
  readonly keyArn: string;
  /** Request context, e.g. `kms:ViaService`, `kms:CallerAccount`, `kms:GrantIsForAWSResource`. */
  readonly context: Readonly<Record<string, string>>;
}

interface RawStatement {
  readonly Sid?: string;
  readonly Effect?: string;
  readonly Principal?: unknown;
  readonly NotPrincipal?: unknown;
  readonly Action?: string | string[];
  readonly NotAction?: unknown;
  readonly Resource?: string | string[];
  readonly NotResource?: unknown;
  readonly Condition?: Record<string, Record<string, ConditionValue>>;
}

function list(v: unknown): string[] {
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).map(String);
}

function wildcard(pattern: string, value: string, ignoreCase: boolean): boolean {
  const re = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${re}$`, ignoreCase ? 'i' : '').test(value);
}

function principalMatches(p: unknown, r: KeyRequest): boolean {
  if (p === '*') return true;
  if (typeof p !== 'object' || p === null) return false;
  const o = p as { AWS?: unknown; Service?: unknown };
  if (r.principalType === 'service') return list(o.Service).includes(r.principal);
  return list(o.AWS).some(
    (a) =>
      a === '*' ||
      a === r.principal ||
      (r.delegatesToIam &&
        r.account !== undefined &&
        (a === r.account || /^arn:[^:]+:iam::(\d{12}):root$/.exec(a)?.[1] === r.account)),
  );
}

const STRING_OPS: Readonly<Record<string, (pattern: string, value: string) => boolean>> = {
  StringEquals: (p, v) => p === v,
  StringNotEquals: (p, v) => p !== v,
  StringEqualsIgnoreCase: (p, v) => p.toLowerCase() === v.toLowerCase(),
  StringLike: (p, v) => wildcard(p, v, false),
  StringNotLike: (p, v) => !wildcard(p, v, false),
  ArnEquals: (p, v) => wildcard(p, v, false),
  ArnLike: (p, v) => wildcard(p, v, false),
  ArnNotEquals: (p, v) => !wildcard(p, v, false),
  ArnNotLike: (p, v) => !wildcard(p, v, false),
  Bool: (p, v) => p.toLowerCase() === v.toLowerCase(),
};

/** True, false, or undefined when the condition cannot be evaluated. */
function conditionHolds(
  condition: RawStatement['Condition'],
  context: KeyRequest['context'],
): boolean | undefined {
  for (const [rawOp, entries] of Object.entries(condition ?? {})) {
    const setOp = rawOp.startsWith('ForAnyValue:') || rawOp.startsWith('ForAllValues:');
    const withoutSet = setOp ? rawOp.slice(rawOp.indexOf(':') + 1) : rawOp;
    const ifExists = withoutSet.endsWith('IfExists');
    const op = ifExists ? withoutSet.slice(0, -'IfExists'.length) : withoutSet;
    const test = STRING_OPS[op];
    if (test === undefined) return undefined;
    const negated = op.includes('Not');
    for (const [key, expected] of Object.entries(entries)) {
      const actual = Object.entries(context).find(([k]) => k.toLowerCase() === key.toLowerCase())?.[1];
      if (actual === undefined) {
        if (ifExists || negated) continue;
        return false;
      }
      const patterns = list(expected);
      const ok = negated ? patterns.every((p) => test(p, actual)) : patterns.some((p) => test(p, actual));
      if (!ok) return false;
    }
  }
  return true;
}

function statementMatches(s: RawStatement, r: KeyRequest): boolean {
  if (s.NotPrincipal !== undefined || s.NotAction !== undefined || s.NotResource !== undefined) return false;
  if (!principalMatches(s.Principal, r)) return false;
  if (!list(s.Action).some((a) => wildcard(a, r.action, true))) return false;
  if (!list(s.Resource).some((x) => x === '*' || wildcard(x, r.keyArn, false))) return false;
  return conditionHolds(s.Condition, r.context) === true;
}

export interface KeyDecision {
  readonly allowed: boolean;
  /** Sid (or index) of the statement that decided. @default none (implicit deny) */
  readonly by?: string;
}

/** Evaluates `request` against a key policy document (JSON text as GetKeyPolicy returns it). */
export function keyPolicyAdmits(policy: string, request: KeyRequest): KeyDecision {
  let statements: RawStatement[];
  try {
    const doc = JSON.parse(policy) as { Statement?: RawStatement | RawStatement[] };
    statements =
      doc.Statement === undefined ? [] : Array.isArray(doc.Statement) ? doc.Statement : [doc.Statement];
  } catch {
    return { allowed: false };
  }
  const name = (s: RawStatement, i: number) => s.Sid ?? `statement ${i + 1}`;
  const deny = statements.findIndex((s) => s.Effect === 'Deny' && statementMatches(s, request));
  if (deny >= 0) return { allowed: false, by: name(statements[deny], deny) };
  const allow = statements.findIndex((s) => s.Effect === 'Allow' && statementMatches(s, request));
  return allow >= 0 ? { allowed: true, by: name(statements[allow], allow) } : { allowed: false };
}
