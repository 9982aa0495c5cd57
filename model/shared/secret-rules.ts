/**
 * A gitleaks-style rule set evaluated on text, as gitleaks v8.30.1 evaluates one fragment
 * (detect/detect.go, `DetectContext` and `detectRule`): a rule runs only when the lower-cased
 * text contains one of its keywords; each match's secret is its first non-empty capture group
 * (or the `secretGroup`), else the whole match; a secret whose Shannon entropy is not above the
 * rule's `entropy` is dropped; then the global allowlist and the rule's own allowlists. The
 * position reported is the secret's own (gitleaks reports the match's start; a key name before
 * `=` is not the credential).
 */
import type { GitleaksAllowlist, GitleaksRule } from '../../imports/secret-rules/gitleaks-v8.30.1';

export type { GitleaksAllowlist, GitleaksRule } from '../../imports/secret-rules/gitleaks-v8.30.1';

interface CompiledAllowlist {
  readonly target: GitleaksAllowlist['target'];
  readonly all: boolean;
  readonly regexes: readonly RegExp[];
  readonly stopwords: readonly string[];
}

export interface CompiledRule {
  readonly id: string;
  readonly regex: RegExp;
  readonly keywords: readonly string[];
  readonly entropy: number;
  readonly secretGroup: number;
  readonly allowlists: readonly CompiledAllowlist[];
}

/** One secret a rule found: its rule and the secret's range in the text (never the text). */
export interface RuleMatch {
  readonly ruleId: string;
  readonly start: number;
  readonly end: number;
}

function compileAllowlist(a: GitleaksAllowlist): CompiledAllowlist {
  return {
    target: a.target,
    all: a.all,
    regexes: a.regexes.map((r) => new RegExp(r)),
    stopwords: a.stopwords.map((w) => w.toLowerCase()),
  };
}

export function compileRules(rules: readonly GitleaksRule[]): CompiledRule[] {
  return rules.map((r) => ({
    id: r.id,
    // `d`: the indices of the capture groups, to report the secret's own position.
    regex: new RegExp(r.regex, 'gd'),
    keywords: r.keywords.map((k) => k.toLowerCase()),
    entropy: r.entropy ?? 0,
    secretGroup: r.secretGroup ?? 0,
    allowlists: (r.allowlists ?? []).map(compileAllowlist),
  }));
}

export function compileAllowlists(list: readonly GitleaksAllowlist[]): CompiledAllowlist[] {
  return list.map(compileAllowlist);
}

/** gitleaks' shannonEntropy: bits per byte of the UTF-8 text. */
export function shannonEntropy(text: string): number {
  if (text === '') return 0;
  const bytes = Buffer.from(text, 'utf8');
  const counts = new Map<number, number>();
  for (const b of bytes) counts.set(b, (counts.get(b) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / bytes.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/** gitleaks' checkFindingAllowed for one finding. */
function allowed(lists: readonly CompiledAllowlist[], secret: string, match: string, line: string): boolean {
  for (const a of lists) {
    const target = a.target === 'match' ? match : a.target === 'line' ? line : secret;
    const regexAllowed = a.regexes.some((r) => r.test(target));
    const lower = secret.toLowerCase();
    const stopword = a.stopwords.some((w) => lower.includes(w));
    if (a.all) {
      const checks = [
        ...(a.regexes.length > 0 ? [regexAllowed] : []),
        ...(a.stopwords.length > 0 ? [stopword] : []),
      ];
      if (checks.every(Boolean)) return true;
    } else if (regexAllowed || stopword) return true;
  }
  return false;
}

function lineAround(text: string, start: number, end: number): string {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const to = text.indexOf('\n', end);
  return text.slice(from, to === -1 ? text.length : to);
}

/**
 * The keywords of a rule set that occur in a text, found in one pass (gitleaks uses an
 * Aho-Corasick trie): a lookahead at every position reports the longest keyword starting there,
 * and the keywords that are prefixes of it are added.
 */
export interface KeywordIndex {
  present(lower: string): ReadonlySet<string>;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function keywordIndex(rules: readonly CompiledRule[]): KeywordIndex {
  const words = [...new Set(rules.flatMap((r) => r.keywords))].sort((a, b) => b.length - a.length);
  if (words.length === 0) return { present: () => new Set() };
  const prefixes = new Map(words.map((w) => [w, words.filter((o) => o !== w && w.startsWith(o))]));
  const re = new RegExp(`(?=(${words.map(escape).join('|')}))`, 'g');
  return {
    present(lower) {
      const found = new Set<string>();
      re.lastIndex = 0;
      for (let m = re.exec(lower); m !== null; m = re.exec(lower)) {
        const word = m[1];
        if (!found.has(word)) {
          found.add(word);
          for (const p of prefixes.get(word) ?? []) found.add(p);
        }
        re.lastIndex = m.index + 1;
      }
      return found;
    },
  };
}

/** Every secret the rules find in `text`, in rule order (not deduplicated). */
export function runRules(
  text: string,
  rules: readonly CompiledRule[],
  global: readonly CompiledAllowlist[],
  lower: string = text.toLowerCase(),
  /** The rules' keywords present in `lower`. @default each rule's keywords searched one by one */
  present?: ReadonlySet<string>,
): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const rule of rules) {
    if (
      rule.keywords.length > 0 &&
      !rule.keywords.some((k) => (present !== undefined ? present.has(k) : lower.includes(k)))
    )
      continue;
    rule.regex.lastIndex = 0;
    for (let m = rule.regex.exec(text); m !== null; m = rule.regex.exec(text)) {
      if (m[0] === '') {
        rule.regex.lastIndex++;
        continue;
      }
      // gitleaks trims line breaks off the match.
      const lead = m[0].length - m[0].replace(/^\n+/, '').length;
      const match = m[0].replace(/^\n+|\n+$/g, '');
      let start = m.index + lead;
      let secret = match;
      const indices = m.indices;
      const group =
        rule.secretGroup > 0 ? rule.secretGroup : m.findIndex((g, i) => i > 0 && g !== undefined && g !== '');
      if (group > 0 && m[group] !== undefined && indices?.[group] !== undefined) {
        secret = m[group];
        start = indices[group][0];
      }
      if (rule.entropy > 0 && shannonEntropy(secret) <= rule.entropy) continue;
      const line = lineAround(text, start, start + secret.length);
      if (allowed(global, secret, match, line) || allowed(rule.allowlists, secret, match, line)) continue;
      out.push({ ruleId: rule.id, start, end: start + secret.length });
    }
  }
  return out;
}
