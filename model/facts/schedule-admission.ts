/**
 * Whether a disruption budget schedule gets through both of the places that judge it, in the
 * order they do:
 * 1. the API server, which checks the NodePool CRD's `pattern` for `schedule` with Go's regexp
 *    package (RE2: `\s` is ASCII only, `.` matches `\r`, U+2028 ..., `$` is the end of the text),
 *    so the pattern is evaluated here with the same semantics (model/facts/re2-regex.ts); the
 *    pattern is the Karpenter version's CRD fact, generated at import time
 *    (model/facts/artifacts/crd-facts.ts), not typed here and not read from disk here;
 * 2. Karpenter, whose `Budget.IsActive` (pkg/apis/v1/nodepool.go) calls robfig/cron v3's
 *    `ParseStandard("TZ=UTC " + schedule)` (model/facts/cron-schedule.ts).
 */
import { CronParse, parseCronSchedule } from './cron-schedule';
import { re2RegExp } from './re2-regex';
import { CrdFacts, SHIPPED_CRD_FACTS } from './artifacts/crd-facts';
import { DEFAULT_KARPENTER_VERSION } from './versions';

export type ScheduleAdmission =
  | (CronParse & { readonly ok: true })
  | { readonly ok: false; readonly refusedBy: 'api-server'; readonly pattern: string }
  | {
      readonly ok: false;
      readonly refusedBy: 'karpenter';
      readonly problem: string;
    };

/** The facts of the default Karpenter version, for callers that judge without a cluster's version. */
export const DEFAULT_CRD_FACTS: CrdFacts = SHIPPED_CRD_FACTS[DEFAULT_KARPENTER_VERSION];

/** Compiled patterns by source: versions share them. */
const compiled = new Map<string, RegExp>();

/**
 * The CRD's pattern for `spec.disruption.budgets[*].schedule`, compiled with RE2 semantics;
 * undefined when the version's CRD has none.
 */
export function schedulePattern(
  facts: CrdFacts,
): { readonly source: string; readonly re: RegExp } | undefined {
  const source = facts.disruptionBudgetSchedulePattern;
  if (source === undefined) return undefined;
  let re = compiled.get(source);
  if (re === undefined) {
    re = re2RegExp(source);
    compiled.set(source, re);
  }
  return { source, re };
}

/**
 * `facts`: the CRD facts of the cluster's Karpenter version (CheckContext.crdFacts).
 * @default DEFAULT_CRD_FACTS
 */
export function admitSchedule(text: string, facts: CrdFacts = DEFAULT_CRD_FACTS): ScheduleAdmission {
  const pattern = schedulePattern(facts);
  if (pattern !== undefined && !pattern.re.test(text))
    return { ok: false, refusedBy: 'api-server', pattern: pattern.source };
  const parsed = parseCronSchedule(text);
  return parsed.ok ? parsed : { ok: false, refusedBy: 'karpenter', problem: parsed.problem };
}
