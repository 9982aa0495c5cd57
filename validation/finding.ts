/**
 * A validation finding: a Diagnostic (model/shared/diagnostics.ts) that also says which document
 * and which object it is about, and which check raised it.
 */
import { Diagnostic, compareCodeUnits } from '../model';

export interface Finding extends Diagnostic {
  /** 0-based index of the document in its file; absent for file-level findings. */
  readonly document?: number;
  /** `Kind/name` of the object, when known. */
  readonly object?: string;
  /** Which check raised it, e.g. `schema/unknown-field`, `cel`, `cross/node-class-ref`. */
  readonly check: string;
  /** The CEL rule that failed, for `cel` findings. */
  readonly rule?: string;
}

/** Sorted by file, document, line, column, path, message. */
export function sortFindings(list: readonly Finding[]): Finding[] {
  return [...list].sort(
    (a, b) =>
      compareCodeUnits(a.file, b.file) ||
      (a.document ?? -1) - (b.document ?? -1) ||
      a.line - b.line ||
      a.col - b.col ||
      compareCodeUnits(a.path, b.path) ||
      compareCodeUnits(a.message, b.message),
  );
}
