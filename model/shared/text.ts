/**
 * The small words every message is built from, defined once: a counted noun and the end of a
 * sentence. Commands, checks and reports use these so the same thing reads the same everywhere.
 */

/** `1 file`, `2 files`, `0 errors`: the count, then the noun with an `s` unless the count is 1. */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * Ends a sentence with a period unless it already ends in one, a question or an exclamation
 * mark: "Did you mean podAnnotations?" stays as it is, never "…?.". Every formatter of
 * messages and fixes goes through this.
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.?!]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
