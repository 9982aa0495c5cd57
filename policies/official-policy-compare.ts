/**
 * The tool's controller policy against a release's official one (policies/official-policy.ts),
 * action by action: what the official policy has that ours lacks (a failed scenario, see
 * policies/scenarios/official-scenarios.ts, unless the tool documents why it leaves it out), and
 * what ours adds. Actions compare as IAM compares them: case-insensitively, with `*` and `?`
 * wildcards in ours covering the official action.
 */
import { ClusterModel } from '../model';
import { OfficialControllerPolicy, OfficialStatement } from './official-policy';
import { PolicyDocument } from './policy-document';

/**
 * An official action the tool leaves out on purpose, with why and where it is documented
 * (docs/cloudformation-iam.md, "Compared with the official template"; a test holds both).
 */
export interface DeliberateOmission {
  readonly action: string;
  /** Why, as a sentence without trailing period, for reports. */
  readonly reason: string;
  /** True where the tool leaves it out for this cluster. */
  readonly omittedFor: (cluster: ClusterModel) => boolean;
}

export const DELIBERATE_OMISSIONS: readonly DeliberateOmission[] = [
  {
    action: 'arc-zonal-shift:GetManagedResource',
    reason: 'granted only with `iam.zonalShift: true`, which also turns on Karpenter’s zonal-shift setting',
    omittedFor: (cluster) => !cluster.iam.zonalShift,
  },
];

/** Where an official action comes from. */
export interface OfficialActionSite {
  readonly action: string;
  /** Logical ID of the official policy, e.g. `NodeLifecyclePolicy`. */
  readonly policy: string;
  readonly sid?: string;
}

export interface PolicyComparison {
  /** Official actions ours does not allow, and no documented omission explains: each fails the proof. */
  readonly missing: readonly OfficialActionSite[];
  /** Official actions ours leaves out on purpose for this cluster. */
  readonly omitted: readonly (OfficialActionSite & { readonly reason: string })[];
  /** Actions ours allows that no official statement allows, sorted. */
  readonly added: readonly string[];
}

const list = (v: string | readonly string[] | undefined): readonly string[] =>
  v === undefined ? [] : typeof v === 'string' ? [v] : v;

/** Every action an Allow statement of `docs` names, as written, sorted, once each. */
export function allowedActions(docs: readonly PolicyDocument[]): string[] {
  const out = new Set<string>();
  for (const d of docs)
    for (const s of d.Statement) if (s.Effect === 'Allow') for (const a of list(s.Action)) out.add(a);
  return [...out].sort();
}

/** Each pattern's expression, compiled once (every cluster compares the same few hundred). */
const PATTERNS = new Map<string, RegExp>();

/** IAM's action matching: case-insensitive, `*` any run, `?` one character. */
export function actionMatches(pattern: string, action: string): boolean {
  let compiled = PATTERNS.get(pattern);
  if (compiled === undefined) {
    const re = pattern
      .toLowerCase()
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.');
    PATTERNS.set(pattern, (compiled = new RegExp(`^${re}$`)));
  }
  return compiled.test(action.toLowerCase());
}

function allowStatements(official: OfficialControllerPolicy): OfficialActionSite[] {
  const out: OfficialActionSite[] = [];
  const seen = new Set<string>();
  for (const p of official.policies)
    for (const s of p.statements.filter((x: OfficialStatement) => x.effect === 'Allow'))
      for (const action of s.actions) {
        if (seen.has(action.toLowerCase())) continue;
        seen.add(action.toLowerCase());
        out.push({ action, policy: p.logicalId, ...(s.sid !== undefined ? { sid: s.sid } : {}) });
      }
  return out;
}

/** Ours (the documents of the cluster's controller policies) against the official policy. */
export function compareWithOfficial(
  official: OfficialControllerPolicy,
  ours: readonly PolicyDocument[],
  cluster: ClusterModel,
  omissions: readonly DeliberateOmission[] = DELIBERATE_OMISSIONS,
): PolicyComparison {
  const ourActions = allowedActions(ours);
  const sites = allowStatements(official);
  const missing: OfficialActionSite[] = [];
  const omitted: (OfficialActionSite & { reason: string })[] = [];
  for (const site of sites) {
    if (ourActions.some((a) => actionMatches(a, site.action))) continue;
    const why = omissions.find((o) => actionMatches(o.action, site.action) && o.omittedFor(cluster));
    if (why) omitted.push({ ...site, reason: why.reason });
    else missing.push(site);
  }
  const added = ourActions.filter((a) => !sites.some((s) => actionMatches(s.action, a)));
  return { missing, omitted, added };
}

/** Actions of `to` that `from` lacks and the reverse, each sorted: what a version change does to IAM. */
export function officialActionChanges(
  from: OfficialControllerPolicy | undefined,
  to: OfficialControllerPolicy | undefined,
): { readonly added: readonly string[]; readonly removed: readonly string[] } {
  const actions = (p: OfficialControllerPolicy | undefined) =>
    new Set(p ? allowStatements(p).map((s) => s.action) : []);
  const a = actions(from);
  const b = actions(to);
  return {
    added: [...b].filter((x) => !a.has(x)).sort(),
    removed: [...a].filter((x) => !b.has(x)).sort(),
  };
}
