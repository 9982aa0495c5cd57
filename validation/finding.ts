/**
 * A validation finding: a Diagnostic (model/shared/diagnostics.ts) that also says which document
 * and which object it is about, and which check raised it.
 */
import type { Diagnostic, PathSegment } from '../model';
import { compareCodeUnits } from '../model/basics';

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

/**
 * A finding's `path`, the same in every format: `spec.requirements[0].key`,
 * `resource.aws_iam_role.controller.tags["karpenter.sh/discovery"]`: dots between keys, `[i]` for
 * list items, a key that is not a plain name quoted in brackets. (The fleet's own paths, which show
 * keys as written, are model/'s `formatPath`.)
 */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/**
 * The fix of a finding about an unknown name (a field, a block): the near name when there is one
 * (`Did you mean 'kmsKeyID'?`), else the names known there (`${listed}: a, b`), else `none`.
 */
export function unknownNameFix(
  near: string | undefined,
  known: readonly string[],
  wording: { readonly listed: string; readonly none: string },
): string {
  if (near !== undefined) return `Did you mean '${near}'?`;
  return known.length ? `${wording.listed}: ${known.join(', ')}` : wording.none;
}
