/**
 * What every reported diagnostic goes through last (model/load-fleet.ts): each one bounded to a
 * single line, and each reported once.
 */
import { Diagnostic } from './diagnostics';
import { diagnosticId } from './defaults-findings';
import { show } from './show-value';

/** Longest message or fix kept whole (a safety net: checks already shorten the values they echo). */
const MAX_TEXT_CHARS = 400;
/**
 * Longest formatted line: a message may use what the path and fix leave of it, so that a
 * conflict shared by many files can list every file once, in one message.
 */
const MAX_LINE_CHARS = 1400;

/** Every diagnostic is one bounded line, whatever the user's text or a check echoed. */
export function oneLineDiagnostic(d: Diagnostic): Diagnostic {
  const bound = (text: string) => show(text, MAX_TEXT_CHARS);
  const path = bound(d.path);
  const fix = d.fix !== undefined ? bound(d.fix) : undefined;
  const room = MAX_LINE_CHARS - d.file.length - path.length - (fix?.length ?? 0) - 40;
  return {
    ...d,
    path,
    message: show(d.message, Math.max(MAX_TEXT_CHARS, room)),
    ...(fix !== undefined ? { fix } : {}),
  };
}

/** The diagnostics in order, each distinct one once (diagnosticId). */
export function dedupeDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of list) {
    const id = diagnosticId(d);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(d);
  }
  return out;
}
