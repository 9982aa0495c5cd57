/**
 * User-facing problems as values. Every stage reports mistakes as Diagnostics; only the
 * CLIs turn them into text and exit codes. Format (one line each):
 *
 *   clusters/ticketing.yaml:12:7 nodePools.loadtest.disruption.consolidationPolicy: 'WhenUnderutilized' is not allowed. Use WhenEmptyOrUnderutilized (renamed in Karpenter v1).
 *
 * A problem without a line (a whole file or folder, a flag) names it followed by a colon:
 *
 *   clusters: the fleet description folder does not exist. To start a fleet here, run ...
 */
import type { FleetModel } from './fleet-model';
import { compareCodeUnits } from './sorted';
import { endSentence } from './text';

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  readonly severity: Severity;
  /** Path relative to the project root (or as the user gave it). */
  readonly file: string;
  /** 1-based; 0 when the problem has no line (e.g. a missing file). */
  readonly line: number;
  /** 1-based; 0 when unknown. */
  readonly col: number;
  /** Dotted field path inside the file, e.g. `nodePools.gpu.limits`; '' for the whole file. */
  readonly path: string;
  /** What is wrong, as a sentence without trailing period. */
  readonly message: string;
  /** How to fix it, as a sentence without trailing period. */
  readonly fix?: string;
}

/**
 * Whether a value read back from outside the process (a cache file) is a Diagnostic as this code
 * makes them: every field of its type, of its type.
 */
export function isDiagnostic(v: unknown): v is Diagnostic {
  if (typeof v !== 'object' || v === null) return false;
  const d = v as Record<string, unknown>;
  return (
    (d.severity === 'error' || d.severity === 'warning') &&
    typeof d.file === 'string' &&
    typeof d.line === 'number' &&
    typeof d.col === 'number' &&
    typeof d.path === 'string' &&
    typeof d.message === 'string' &&
    (d.fix === undefined || typeof d.fix === 'string')
  );
}

/**
 * An error about a whole file or folder, or a flag (`file` names it): no line, column or path, so
 * that it reads `file: message. Fix.`
 */
export function wholeFileError(file: string, message: string, fix: string): Diagnostic {
  return { severity: 'error', file, line: 0, col: 0, path: '', message, fix };
}

/**
 * Where a problem is, as its line starts: `file:line:col`, or `file:` when it has no line (the
 * whole file or folder, a flag), so that the message never reads as part of the name.
 */
export function formatLocation(file: string, line: number, col: number): string {
  return line > 0 ? `${file}:${line}:${col}` : `${file}:`;
}

export function formatDiagnostic(d: Diagnostic): string {
  const where = formatLocation(d.file, d.line, d.col);
  const path = d.path ? ` ${d.path}:` : '';
  const prefix = d.severity === 'warning' ? ' warning:' : '';
  const fix = d.fix ? ` ${endSentence(d.fix)}` : '';
  return `${where}${prefix}${path} ${endSentence(d.message)}${fix}`;
}

/** Sort by file, line, column, path, message: the order users read them in. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      compareCodeUnits(a.file, b.file) ||
      a.line - b.line ||
      a.col - b.col ||
      compareCodeUnits(a.path, b.path) ||
      compareCodeUnits(a.message, b.message),
  );
}

/**
 * Thrown by a stage whose input has mistakes; carries all of them. CLIs catch it, print
 * the diagnostics (no stack trace) and exit 1. Anything else thrown is a bug in the tool.
 */
export class UserError extends Error {
  constructor(
    public readonly diagnostics: readonly Diagnostic[],
    /**
     * The clusters whose own description has no error, when loading the fleet found mistakes in
     * others: synth still generates and validates them, so that one run reports every mistake.
     * @default none
     */
    public readonly validFleet?: FleetModel,
  ) {
    super(sortDiagnostics(diagnostics).map(formatDiagnostic).join('\n'));
    this.name = 'UserError';
  }
}
