/**
 * Semantic comparison of IAM policy documents, for drift reports. IAM may return a
 * document with a one-element list where we wrote a string (or the reverse), keys in
 * another order, or booleans as strings; none of that is drift.
 */
import { PolicyDocument } from './policy-document';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Keys whose values are sets (order and string-vs-list do not matter). */
const SET_KEYS = new Set(['Action', 'NotAction', 'Resource', 'NotResource', 'Service', 'AWS', 'Federated']);

function scalar(v: Json): Json {
  return typeof v === 'boolean' || typeof v === 'number' ? String(v) : v;
}

function asSet(v: Json): Json {
  return (Array.isArray(v) ? v : [v]).map((x) => scalar(x) as string).sort();
}

/**
 * Sorted keys everywhere; set-valued fields and condition values as sorted string lists;
 * booleans and numbers as strings. `level` marks the values of a Condition block's keys.
 */
function canonical(value: Json, level: 'any' | 'condition' | 'operator' = 'any'): Json {
  if (Array.isArray(value)) return value.map((v) => canonical(v));
  if (value === null || typeof value !== 'object') return scalar(value);
  const out: { [key: string]: Json } = {};
  for (const k of Object.keys(value).sort()) {
    const v = value[k];
    if (level === 'operator' || SET_KEYS.has(k))
      out[k] = typeof v === 'object' && v !== null && !Array.isArray(v) ? canonical(v) : asSet(v);
    else if (k === 'Condition') out[k] = canonical(v, 'condition');
    else out[k] = canonical(v, level === 'condition' ? 'operator' : 'any');
  }
  return out;
}

/** Canonical JSON of one statement. */
export function canonicalStatement(statement: unknown): string {
  return JSON.stringify(canonical(statement as Json));
}

export interface PolicyDiff {
  /** Statement IDs (or `#<index>` without Sid) we generate that the deployed document lacks. */
  readonly missing: readonly string[];
  /** Statements the deployed document has that we do not generate. */
  readonly extra: readonly string[];
  /** Statements present in both with different content. */
  readonly changed: readonly string[];
}

function bySid(doc: PolicyDocument): Map<string, string> {
  const map = new Map<string, string>();
  doc.Statement.forEach((s, i) => map.set(s.Sid ?? `#${i + 1}`, canonicalStatement(s)));
  return map;
}

/** What differs between the generated (`want`) and the deployed (`have`) document. */
export function diffPolicies(want: PolicyDocument, have: PolicyDocument): PolicyDiff {
  const w = bySid(want);
  const h = bySid(have);
  return {
    missing: [...w.keys()].filter((k) => !h.has(k)),
    extra: [...h.keys()].filter((k) => !w.has(k)),
    changed: [...w.keys()].filter((k) => h.has(k) && h.get(k) !== w.get(k)),
  };
}

export function isSame(diff: PolicyDiff): boolean {
  return diff.missing.length === 0 && diff.extra.length === 0 && diff.changed.length === 0;
}

/** IAM returns documents URL-encoded (RFC 3986); parse either form. */
export function parseIamDocument(text: string): PolicyDocument {
  const decoded = text.trimStart().startsWith('{') ? text : decodeURIComponent(text);
  const doc = JSON.parse(decoded) as PolicyDocument;
  // A single statement object is a valid document too.
  const statements = Array.isArray(doc.Statement)
    ? doc.Statement
    : [doc.Statement as unknown as PolicyDocument['Statement'][number]];
  return { ...doc, Statement: statements };
}
