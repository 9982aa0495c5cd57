/**
 * IAM policy documents as plain, typed JSON values, and the size IAM charges for them.
 * Key order inside a statement is fixed (Sid, Effect, Principal, Action, Resource,
 * Condition) so generated JSON is deterministic and diffs read naturally.
 */

export type ConditionValue = string | boolean | readonly string[];
/** Operator (`StringEquals`, `ForAllValues:StringEquals`, ...) → condition key → value(s). */
export type ConditionBlock = Readonly<Record<string, Readonly<Record<string, ConditionValue>>>>;

export type PolicyPrincipal =
  | '*'
  | { readonly Service: string | readonly string[] }
  | { readonly Federated: string }
  | { readonly AWS: string | readonly string[] };

export interface PolicyStatement {
  readonly Sid?: string;
  readonly Effect: 'Allow' | 'Deny';
  readonly Principal?: PolicyPrincipal;
  readonly Action: string | readonly string[];
  readonly Resource?: string | readonly string[];
  readonly Condition?: ConditionBlock;
}

export interface PolicyDocument {
  readonly Version: '2012-10-17';
  readonly Id?: string;
  readonly Statement: readonly PolicyStatement[];
}

/** Quota of a customer managed policy document, in characters, whitespace excluded. */
export const MANAGED_POLICY_SIZE_LIMIT = 6144;

/** Build a statement with keys in the canonical order, leaving out absent parts. */
export function statement(s: PolicyStatement): PolicyStatement {
  return {
    ...(s.Sid !== undefined ? { Sid: s.Sid } : {}),
    Effect: s.Effect,
    ...(s.Principal !== undefined ? { Principal: s.Principal } : {}),
    Action: s.Action,
    ...(s.Resource !== undefined ? { Resource: s.Resource } : {}),
    ...(s.Condition !== undefined ? { Condition: s.Condition } : {}),
  };
}

export function policyDocument(statements: readonly PolicyStatement[], id?: string): PolicyDocument {
  return { Version: '2012-10-17', ...(id !== undefined ? { Id: id } : {}), Statement: statements };
}

/**
 * Characters IAM counts against the managed-policy quota: the document with all
 * whitespace outside strings removed, which is what `JSON.stringify` without
 * indentation produces.
 */
export function policySize(doc: PolicyDocument): number {
  return JSON.stringify(doc).length;
}
