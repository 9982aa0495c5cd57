/**
 * The conversion report: one line for every field the converter renamed, moved,
 * converted, defaulted, split or dropped, with where it was written and why. Errors
 * (conflicting or unusable input, and whatever synth refuses in the output) are Diagnostics
 * and make the run fail; report entries never do.
 */
import { Diagnostic, formatDiagnostic, sortDiagnostics, compareCodeUnits } from '../model';

export const REPORT_ACTIONS = [
  'renamed',
  'moved',
  'converted',
  'defaulted',
  'split',
  'dropped',
  'skipped',
  'inferred',
  // synth's warnings on the written description (its refusals are errors: convert/synth-check.ts)
  'checked',
] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** `info` documents a change; `warning` needs the user's decision before the output is used. */
export type ReportLevel = 'info' | 'warning';

export interface ReportEntry {
  readonly level: ReportLevel;
  readonly action: ReportAction;
  readonly file: string;
  /** 1-based; 0 when the entry concerns no single place. */
  readonly line: number;
  readonly col: number;
  /** Object and field it concerns, e.g. `Provisioner/default spec.ttlSecondsAfterEmpty`. */
  readonly source: string;
  /** Where it went in the fleet description, e.g. `nodePools.default.disruption`; '' when dropped. */
  readonly target: string;
  /** What happened, a sentence without trailing period. */
  readonly message: string;
  /** Why, a sentence without trailing period. */
  readonly reason: string;
}

/** Collects report entries and error diagnostics while documents are converted. */
export class ConversionLog {
  private readonly entryList: ReportEntry[] = [];
  private readonly diagnosticList: Diagnostic[] = [];

  add(entry: ReportEntry): void {
    this.entryList.push(entry);
  }

  error(diagnostic: Omit<Diagnostic, 'severity'>): void {
    this.diagnosticList.push({ severity: 'error', ...diagnostic });
  }

  addDiagnostics(list: readonly Diagnostic[]): void {
    this.diagnosticList.push(...list);
  }

  /** Entries sorted by file and position; entries at the same place keep the order they were made in. */
  get entries(): readonly ReportEntry[] {
    return this.entryList
      .map((e, i) => ({ e, i }))
      .sort(
        (a, b) =>
          compareCodeUnits(a.e.file, b.e.file) || a.e.line - b.e.line || a.e.col - b.e.col || a.i - b.i,
      )
      .map(({ e }) => e);
  }

  get diagnostics(): readonly Diagnostic[] {
    return sortDiagnostics(this.diagnosticList);
  }

  get hasErrors(): boolean {
    return this.diagnosticList.some((d) => d.severity === 'error');
  }
}

export function formatReportEntry(e: ReportEntry): string {
  const where = e.line > 0 ? `${e.file}:${e.line}:${e.col}` : e.file;
  const level = e.level === 'warning' ? ' WARNING' : '';
  const target = e.target ? ` -> ${e.target}` : '';
  return `${where}${level} [${e.action}] ${e.source}${target}: ${e.message}. ${e.reason}.`;
}

/** The whole report as text: errors first, then every entry, then a one-line summary. */
export function formatReport(entries: readonly ReportEntry[], diagnostics: readonly Diagnostic[]): string {
  const lines: string[] = [];
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (diagnostics.length > 0) {
    lines.push('Errors:');
    for (const d of sortDiagnostics(diagnostics)) lines.push(`  ${formatDiagnostic(d)}`);
  }
  if (entries.length > 0) {
    lines.push('Changes:');
    for (const e of entries) lines.push(`  ${formatReportEntry(e)}`);
  }
  const warnings = entries.filter((e) => e.level === 'warning').length;
  lines.push(
    `Conversion report: ${entries.length} change(s), ${warnings} warning(s) to review, ${errors.length} error(s).`,
  );
  return lines.join('\n') + '\n';
}
