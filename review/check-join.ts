/**
 * `check --join FILE…`: the summaries of the shards of one `check --shard K/N` matrix
 * (review/check-summary.ts) put back together into the one result a reviewer reads: every
 * finding once, each step's status across the shards, and the clusters, files and scenarios
 * checked. The join itself fails, naming the files, when the summaries do not make up one
 * check: a shard missing or given twice, summaries of different commits or of different N, or
 * a cluster or file claimed by two shards.
 */
import { Diagnostic, formatDiagnostic, plural, sortDiagnostics, wholeFileError } from '../model';
import { CheckSummary, SUMMARY_FORMAT } from './check-summary';
import { CHECK_STEPS, StepStatus } from './check-types';
import { shardLabel } from './shard';

/** One summary file as read: its name on the command line and its text. */
export interface SummaryFile {
  readonly file: string;
  readonly text: string;
  /** Why the file could not be read (e.g. ENOENT). @default it was read */
  readonly unreadable?: string;
}

export interface JoinedStep {
  readonly step: (typeof CHECK_STEPS)[number];
  readonly status: StepStatus;
  /** e.g. `ok in 4 shards` or `failed in shard 3/4 (summary-3.json)`. */
  readonly summary: string;
}

export interface JoinResult {
  /** Why the summaries do not make up one check (each names the files); empty when they do. */
  readonly refused: readonly Diagnostic[];
  readonly findings: readonly Diagnostic[];
  readonly steps: readonly JoinedStep[];
  readonly ok: boolean;
  readonly commit?: string;
  readonly count?: number;
  readonly clusters: number;
  readonly files: number;
  readonly scenarios: number;
}

const refusal = wholeFileError;

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** A summary file, or why it is not one. */
export function parseSummary(f: SummaryFile): CheckSummary | Diagnostic {
  const fix = 'Pass the files `karpenter-gitops check --shard K/N --summary-json FILE` wrote';
  if (f.unreadable !== undefined)
    return refusal(
      f.file,
      `cannot be read (${f.unreadable})`,
      `${fix}; download every shard's summary first`,
    );
  let value: unknown;
  try {
    value = JSON.parse(f.text);
  } catch (e) {
    return refusal(f.file, `is not JSON (${(e as Error).message})`, fix);
  }
  const s = value as Partial<CheckSummary> | null;
  if (s === null || typeof s !== 'object' || s.format !== SUMMARY_FORMAT)
    return refusal(f.file, `is not a check summary (its format is not '${SUMMARY_FORMAT}')`, fix);
  const shardOk =
    typeof s.shard === 'object' &&
    Number.isInteger(s.shard?.index) &&
    Number.isInteger(s.shard?.count) &&
    s.shard.index >= 1 &&
    s.shard.index <= s.shard.count;
  if (
    !shardOk ||
    typeof s.commit !== 'string' ||
    typeof s.ok !== 'boolean' ||
    !isStrings(s.clusters) ||
    !isStrings(s.clusterFiles) ||
    !isStrings(s.files) ||
    typeof s.scenarios !== 'number' ||
    !Array.isArray(s.steps) ||
    !Array.isArray(s.findings)
  )
    return refusal(f.file, 'is a check summary with missing or malformed fields', fix);
  return s as CheckSummary;
}

const listed = (files: readonly string[]) => files.join(', ');

/** Groups files by a key, e.g. the commit: `abc (a.json, b.json); def (c.json)`. */
function byKey(
  entries: readonly { file: string; summary: CheckSummary }[],
  key: (s: CheckSummary) => string,
) {
  const groups = new Map<string, string[]>();
  for (const e of entries) groups.set(key(e.summary), [...(groups.get(key(e.summary)) ?? []), e.file]);
  return groups;
}

/** Why `entries` are not the shards of one check. */
function consistency(entries: readonly { file: string; summary: CheckSummary }[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const first = entries[0].file;
  const commits = byKey(entries, (s) => s.commit);
  if (commits.size > 1)
    out.push(
      refusal(
        first,
        `the summaries are of different commits: ${[...commits].map(([c, f]) => `${c || '(no git commit)'} in ${listed(f)}`).join('; ')}`,
        'Join the summaries of one workflow run: every shard checks out the same commit',
      ),
    );
  const counts = byKey(entries, (s) => String(s.shard.count));
  if (counts.size > 1)
    out.push(
      refusal(
        first,
        `the summaries are of different shard counts: ${[...counts].map(([n, f]) => `N=${n} in ${listed(f)}`).join('; ')}`,
        'Join the summaries of one matrix: every shard runs with the same N in --shard K/N',
      ),
    );
  if (counts.size > 1) return out;
  const count = entries[0].summary.shard.count;
  const shards = byKey(entries, (s) => String(s.shard.index));
  for (let k = 1; k <= count; k++) {
    const files = shards.get(String(k));
    if (!files)
      out.push(
        refusal(
          first,
          `shard ${k}/${count} is missing: no summary of it among ${listed(entries.map((e) => e.file))}`,
          `Pass the summary of every shard 1/${count} to ${count}/${count} (a shard that did not finish has none: rerun it)`,
        ),
      );
    else if (files.length > 1)
      out.push(
        refusal(files[1], `shard ${k}/${count} is given twice: ${listed(files)}`, 'Pass each shard once'),
      );
  }
  out.push(...claimedTwice(entries, 'cluster', (s) => s.clusterFiles));
  out.push(...claimedTwice(entries, 'file', (s) => s.files.map((f) => `dist/${f}`)));
  return out;
}

/** Clusters (or files) that two shards both checked: the shards were not cut from one fleet. */
function claimedTwice(
  entries: readonly { file: string; summary: CheckSummary }[],
  what: string,
  items: (s: CheckSummary) => readonly string[],
): Diagnostic[] {
  const owner = new Map<string, string>();
  const out: Diagnostic[] = [];
  for (const e of entries) {
    for (const item of items(e.summary)) {
      const earlier = owner.get(item);
      if (earlier !== undefined && earlier !== e.file && out.length < 20)
        out.push(
          refusal(
            e.file,
            `${what} ${item} is claimed by two shards: ${earlier} and ${e.file}`,
            'Run every shard of one matrix with the same tool version and fleet, from the same commit',
          ),
        );
      owner.set(item, e.file);
    }
  }
  return out;
}

export function joinSummaries(files: readonly SummaryFile[]): JoinResult {
  const refused: Diagnostic[] = [];
  const entries: { file: string; summary: CheckSummary }[] = [];
  for (const f of files) {
    const s = parseSummary(f);
    if ('severity' in s) refused.push(s);
    else entries.push({ file: f.file, summary: s });
  }
  if (entries.length > 0 && refused.length === 0) refused.push(...consistency(entries));
  const findings = dedupe(entries.flatMap((e) => e.summary.findings));
  const steps = CHECK_STEPS.map((step) => joinedStep(step, entries));
  const sum = (f: (s: CheckSummary) => number) => entries.reduce((n, e) => n + f(e.summary), 0);
  return {
    refused,
    findings,
    steps,
    ok: refused.length === 0 && entries.every((e) => e.summary.ok),
    ...(entries.length > 0
      ? { commit: entries[0].summary.commit, count: entries[0].summary.shard.count }
      : {}),
    clusters: sum((s) => s.clusters.length),
    files: sum((s) => s.files.length),
    scenarios: sum((s) => s.scenarios),
  };
}

/** Identical findings (a shard may repeat one it needs to explain its own failure) once. */
function dedupe(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return sortDiagnostics(list).filter((d) => {
    const key = `${d.severity} ${formatDiagnostic(d)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function joinedStep(
  step: (typeof CHECK_STEPS)[number],
  entries: readonly { file: string; summary: CheckSummary }[],
): JoinedStep {
  const states = entries.map((e) => ({
    e,
    status: e.summary.steps.find((s) => s.step === step)?.status ?? 'skipped',
  }));
  const failed = states.filter((s) => s.status === 'failed');
  if (failed.length > 0)
    return {
      step,
      status: 'failed',
      summary: `failed in ${failed.map((s) => `shard ${shardLabel(s.e.summary.shard)} (${s.e.file})`).join(', ')}`,
    };
  const ok = states.filter((s) => s.status === 'ok').length;
  if (ok === 0) return { step, status: 'skipped', summary: `skipped in every shard` };
  return {
    step,
    status: 'ok',
    summary: `ok in ${plural(ok, 'shard')}${ok < states.length ? `, skipped in ${states.length - ok}` : ''}`,
  };
}

/** The one line a reviewer reads last. */
export function joinedSummaryLine(r: JoinResult): string {
  const at = r.commit ? ` at ${r.commit.slice(0, 12)}` : '';
  const of = r.count !== undefined ? `${plural(r.count, 'shard')}${at}: ` : '';
  const covered = `${plural(r.clusters, 'cluster')}, ${plural(r.files, 'file')}, ${plural(r.scenarios, 'scenario')}`;
  const steps = r.steps.map((s) => `${s.step} ${s.summary}`).join('; ');
  const join = r.refused.length > 0 ? `; join refused: ${plural(r.refused.length, 'problem')}` : '';
  return `check --join: ${r.ok ? 'passed' : 'FAILED'} (${of}${covered}; ${steps}${join})`;
}
