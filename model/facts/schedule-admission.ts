/**
 * Whether a disruption budget schedule gets through both of the places that judge it, in the
 * order they do:
 * 1. the API server, which checks the NodePool CRD's `pattern` for `schedule` with Go's regexp
 *    package (RE2: `\s` is ASCII only, `.` matches `\r`, U+2028 ..., `$` is the end of the text),
 *    so the pattern is evaluated here with the same semantics (model/facts/re2-regex.ts); the
 *    pattern is read from the imported CRD schema of the Karpenter version, not typed here;
 * 2. Karpenter, whose `Budget.IsActive` (pkg/apis/v1/nodepool.go) calls robfig/cron v3's
 *    `ParseStandard("TZ=UTC " + schedule)` (model/facts/cron-schedule.ts).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CronParse, parseCronSchedule } from './cron-schedule';
import { DEFAULT_KARPENTER_VERSION, KarpenterVersion } from './versions';
import { re2RegExp } from './re2-regex';

export type ScheduleAdmission =
  | (CronParse & { readonly ok: true })
  | { readonly ok: false; readonly refusedBy: 'api-server'; readonly pattern: string }
  | {
      readonly ok: false;
      readonly refusedBy: 'karpenter';
      readonly problem: string;
    };

interface SchemaNode {
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly items?: SchemaNode;
  readonly pattern?: string;
}

const patterns = new Map<KarpenterVersion, { readonly source: string; readonly re: RegExp }>();

function schemaFile(version: KarpenterVersion): string {
  const rel = join('imports', 'validation', `karpenter-v${version}`, 'nodepools.karpenter.sh.v1.schema.js');
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, rel))) return join(dir, rel);
    if (dirname(dir) === dir) throw new Error(`${rel} not found: run npm run import`);
  }
}

/** The CRD's pattern for `spec.disruption.budgets[*].schedule`, compiled with RE2 semantics. */
export function schedulePattern(version: KarpenterVersion = DEFAULT_KARPENTER_VERSION): {
  readonly source: string;
  readonly re: RegExp;
} {
  const hit = patterns.get(version);
  if (hit) return hit;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const schema = require(schemaFile(version)) as SchemaNode;
  const source =
    schema.properties?.spec?.properties?.disruption?.properties?.budgets?.items?.properties?.schedule
      ?.pattern;
  if (source === undefined)
    throw new Error(`the NodePool CRD of Karpenter ${version} has no schedule pattern`);
  const compiled = { source, re: re2RegExp(source) };
  patterns.set(version, compiled);
  return compiled;
}

export function admitSchedule(
  text: string,
  version: KarpenterVersion = DEFAULT_KARPENTER_VERSION,
): ScheduleAdmission {
  const pattern = schedulePattern(version);
  if (!pattern.re.test(text)) return { ok: false, refusedBy: 'api-server', pattern: pattern.source };
  const parsed = parseCronSchedule(text);
  return parsed.ok ? parsed : { ok: false, refusedBy: 'karpenter', problem: parsed.problem };
}
