/** "Did you mean …?" suggestions for misspelt keys and names. */

/** Levenshtein edit distance (insert, delete, substitute; each costs 1). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
    }
    prev = cur;
  }
  return prev[b.length];
}

/**
 * The closest candidate, compared case-insensitively, if it is close enough to be a likely
 * typo: at most 1 edit for short words, at most a third of the length for longer ones.
 * Ties go to the alphabetically first candidate, so the suggestion is deterministic.
 */
export function didYouMean(input: string, candidates: readonly string[]): string | undefined {
  const needle = input.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of [...candidates].sort()) {
    const d = editDistance(needle, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(1, Math.floor(Math.max(input.length, best.length) / 3));
  return bestDistance <= limit ? best : undefined;
}
