/**
 * Unicode white space in a disruption budget schedule (issue 35). A white-space character is put
 * between two fields, before or after a schedule; whether a cluster takes it follows from Go's
 * semantics, spelt out here as a table, independently of the code under test:
 * - the API server matches the CRD pattern
 *   `^(@(annually|…|hourly))|((.+)\s(.+)\s(.+)\s(.+)\s(.+))$` with Go's regexp: `\s` is only
 *   `\t \n \f \r` and space, `.` is anything but `\n`, `$` is the end of the text, the first
 *   alternative is anchored only at the start and the second only at the end;
 * - Karpenter trims with strings.TrimSpace and splits with strings.Fields (Unicode white space,
 *   but not U+FEFF).
 * An accepted case must load; a refused one must say which of the two refuses it.
 */
import { Ctx } from './mutation-context';

/** The characters tried, with what RE2's `\s` and Go's unicode.IsSpace say of each. */
const CHARACTERS: readonly { readonly ch: string; readonly re2Space: boolean; readonly goSpace: boolean }[] =
  [
    { ch: ' ', re2Space: true, goSpace: true },
    { ch: '\t', re2Space: true, goSpace: true },
    { ch: '\n', re2Space: true, goSpace: true },
    { ch: '\f', re2Space: true, goSpace: true },
    { ch: '\r', re2Space: true, goSpace: true },
    { ch: '\v', re2Space: false, goSpace: true },
    { ch: '\u0085', re2Space: false, goSpace: true },
    { ch: '\u00a0', re2Space: false, goSpace: true },
    { ch: '\u1680', re2Space: false, goSpace: true },
    { ch: '\u2003', re2Space: false, goSpace: true },
    { ch: '\u2028', re2Space: false, goSpace: true },
    { ch: '\u2029', re2Space: false, goSpace: true },
    { ch: '\u202f', re2Space: false, goSpace: true },
    { ch: '\u3000', re2Space: false, goSpace: true },
    { ch: '\ufeff', re2Space: false, goSpace: false },
  ];

type Place = 'between' | 'leading' | 'trailing';
type Verdict = 'accepted' | 'api-server' | 'karpenter';

/** What a cluster does with `base` (five fields or `@daily`) and one character at `place`. */
export function expectedVerdict(
  base: 'fields' | 'descriptor',
  c: (typeof CHARACTERS)[number],
  place: Place,
): Verdict {
  const newline = c.ch === '\n';
  if (base === 'descriptor') {
    // Only the first alternative can match `@daily`: it needs `@` first, and ignores what follows.
    if (place === 'leading') return 'api-server';
    return c.goSpace ? 'accepted' : 'karpenter';
  }
  if (place === 'between') {
    // The character replaces a space: the second alternative needs four \s.
    return c.re2Space ? 'accepted' : 'api-server';
  }
  // The second alternative is not anchored at the start: a match may begin after a leading
  // character. After five fields, `.+` takes the character, except `\n` (`$` is the end of the text).
  if (newline && place === 'trailing') return 'api-server';
  return c.goSpace ? 'accepted' : 'karpenter';
}

/** A YAML double-quoted scalar with every character outside printable ASCII escaped. */
function yamlQuoted(text: string): string {
  let out = '"';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (code >= 0x20 && code < 0x7f) out += ch;
    else out += `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}

const MESSAGES: Readonly<Record<Exclude<Verdict, 'accepted'>, string>> = {
  'api-server': 'so the API server refuses the NodePool',
  karpenter: 'but Karpenter cannot parse it',
};

export function scheduleWhitespace(ctx: Ctx): void {
  const file = ctx.clusterFiles.find((f) => /^\s+schedule: "[^"]*"\s*$/m.test(f.text));
  if (file === undefined) return;
  const written = /^(\s+schedule: )("[^"]*")\s*$/m.exec(file.text);
  if (written === null) return;
  const cases: { base: 'fields' | 'descriptor'; c: (typeof CHARACTERS)[number]; place: Place }[] = [];
  for (const c of CHARACTERS) {
    for (const place of ['between', 'leading', 'trailing'] as const) cases.push({ base: 'fields', c, place });
    for (const place of ['leading', 'trailing'] as const) cases.push({ base: 'descriptor', c, place });
  }
  for (const { base, c, place } of ctx.b.prng.sample(cases, 30)) {
    const plain = base === 'fields' ? '0 9 * * mon-fri' : '@daily';
    const schedule =
      place === 'leading'
        ? `${c.ch}${plain}`
        : place === 'trailing'
          ? `${plain}${c.ch}`
          : plain.replace(' ', c.ch);
    const verdict = expectedVerdict(base, c, place);
    const content = file.text.replace(written[0], `${written[1]}${yamlQuoted(schedule)}`);
    // A plain space between the fields of the schedule the file already has is no mutation.
    if (content === file.text) continue;
    ctx.b.add({
      family: 'schedule-whitespace',
      description: `schedule ${JSON.stringify(schedule)} (${verdict})`,
      replace: [{ path: file.path, content }],
      isolate: false,
      expect: verdict === 'accepted' ? 'accept' : 'reject',
      probes: [],
      ...(verdict === 'accepted' ? {} : { mustSay: MESSAGES[verdict] }),
    });
  }
}
