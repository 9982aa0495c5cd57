/**
 * No credential in a fleet file: every free-text value that reaches a node or the cluster
 * (userData, Bottlerocket settings, tags, labels, annotations, env values, Helm values) is scanned
 * with secretlint's recommended rules (model/shared/secret-scan.ts). A finding is an error at the
 * fleet-file line of the secret (inside a userData block: its own line), naming the kind of
 * secret and never the secret. A documented false positive is allowed by a comment on that line
 * or the line above it: `# karpenter-gitops: allow-secret <reason>`.
 */
import { CheckContext } from './check-context';
import { Diagnostic } from '../shared/diagnostics';
import { formatPath, LocatedNode, LocatedScalar, PathSegment } from '../parse/located';
import { compileCustomRules, CustomSecretRules, SecretFinding, scanForSecrets } from '../shared/secret-scan';
import { Re2SyntaxError } from '../facts/re2-regex';
import { SourceLocation } from '../shared/fleet-model';
import { masked, show } from '../shared/show-value';

/** The opt-out marker; what follows it on the line is the reason, which is required. */
export const ALLOW_SECRET_MARKER = 'karpenter-gitops: allow-secret';
export const ALLOW_SECRET = /#\s*karpenter-gitops:\s*allow-secret\b[ \t]*(.*)$/;

/** Map keys whose string values (at any depth) are free text that reaches a node or the cluster. */
const FREE_TEXT_KEYS: ReadonlySet<string> = new Set([
  'userData',
  'settings',
  'tags',
  'labels',
  'annotations',
  'clusterLabels',
  'helmValues',
  'env',
]);

/** Whether every string under `key` is free text (the manifest scan of `validate` uses it). */
export function isFreeTextKey(key: string): boolean {
  return FREE_TEXT_KEYS.has(key) || /(Labels|Annotations|Tags)$/.test(key);
}

/**
 * One text of a fleet file the scan reads: a map key with its string value (`key : value`: the
 * context gitleaks' rules expect, with a space that ends a token in the key), or a key alone, or
 * a list item.
 */
export interface FreeTextValue {
  /** The field: the key's path (for a list item, the item's). */
  readonly path: readonly PathSegment[];
  readonly text: string;
  /** The file position of the character at `offset` of `text`. */
  locate(offset: number, length: number): SourceLocation;
  /** How long the key part (`key : `) of `text` is; 0 for a list item. */
  readonly keyLength: number;
  /** The key, and the value when it is a string (to keep them out of other messages). */
  readonly key?: string;
  readonly value?: string;
}

/** 1-based line and column `offset` characters after `loc` in `source`. */
function after(loc: SourceLocation, source: string, offset: number): SourceLocation {
  const before = source.slice(0, offset);
  const nl = before.lastIndexOf('\n');
  return nl === -1
    ? { file: loc.file, line: loc.line, col: loc.col + offset }
    : { file: loc.file, line: loc.line + before.split('\n').length - 1, col: offset - nl };
}

/**
 * Where characters of a scalar's value are written: the value's text is found in the scalar's
 * source (literal, folded, quoted or plain), the same occurrence of it, by its first line when
 * folding changed the rest; a token the source does not show as such (an escape) is placed at
 * the scalar.
 */
function scalarLocator(
  node: LocatedScalar,
  value: string,
): (offset: number, length: number) => SourceLocation {
  return (offset, length) => {
    if (node.via) return node.via;
    const token = value.slice(offset, offset + Math.max(1, length)).split('\n')[0];
    if (token === '') return node.loc;
    let nth = 0;
    for (let i = value.indexOf(token); i !== -1 && i < offset; i = value.indexOf(token, i + 1)) nth++;
    let at = -1;
    for (let k = 0; k <= nth; k++) {
      at = node.source.indexOf(token, at + 1);
      if (at === -1) break;
    }
    if (at === -1) at = node.source.indexOf(token);
    return at === -1 ? node.loc : after(node.loc, node.source, at);
  };
}

/**
 * Every text of a located tree the scan reads, in document order: each map key, with its value
 * when that is a string; each string in a list. A value brought by an alias is placed where the
 * alias is used.
 */
export function freeTextValues(root: LocatedNode): FreeTextValue[] {
  const out: FreeTextValue[] = [];
  const walk = (node: LocatedNode, path: PathSegment[], via: SourceLocation | undefined) => {
    const here = node.via ?? via;
    if (node.kind === 'seq') {
      node.items.forEach((item, i) => {
        const itemVia = item.via ?? here;
        if (item.kind === 'scalar') {
          if (typeof item.value === 'string' && item.value.trim() !== '') {
            const locate = scalarLocator(item, item.value);
            out.push({
              path: [...path, i],
              text: item.value,
              value: item.value,
              keyLength: 0,
              locate: (o, l) => itemVia ?? locate(o, l),
            });
          }
        } else walk(item, [...path, i], here);
      });
    } else if (node.kind === 'map') {
      for (const [key, entry] of node.entries) {
        const value = entry.value;
        const keyPath = [...path, key];
        const keyAt = (o: number): SourceLocation =>
          here ?? { file: entry.keyLoc.file, line: entry.keyLoc.line, col: entry.keyLoc.col + o };
        if (value.kind === 'scalar' && typeof value.value === 'string') {
          const prefix = `${key} : `;
          const valueVia = value.via ?? here;
          const locate = scalarLocator(value, value.value);
          out.push({
            path: keyPath,
            text: `${prefix}${value.value}`,
            key,
            value: value.value,
            keyLength: key.length,
            locate: (o, l) => (o < prefix.length ? keyAt(o) : (valueVia ?? locate(o - prefix.length, l))),
          });
        } else {
          out.push({ path: keyPath, text: key, key, keyLength: key.length, locate: (o) => keyAt(o) });
          walk(value, keyPath, here);
        }
      }
    }
  };
  walk(root, [], undefined);
  return out;
}

/** A finding in one value, with its place in the value's own text. */
export interface ValueFinding {
  readonly value: number;
  readonly finding: SecretFinding;
  /** Offset of the finding in the value's own text. */
  readonly offset: number;
}

/**
 * Scans many values in one pass of the rule set (cheap for a large fleet): the values are joined,
 * each starting on a line of its own after a blank line, and findings are mapped back.
 */
export function scanValues(values: readonly string[], custom?: CustomSecretRules): ValueFinding[] {
  // A text already scanned (with the same team patterns) is not scanned again: `_defaults.yaml`
  // is merged under every cluster, and clusters repeat most of their keys and values.
  const cache = cacheFor(custom);
  const fresh = [...new Set(values.filter((v) => !cache.has(v)))];
  if (fresh.length > 0) {
    for (const v of fresh) cache.set(v, []);
    const starts: number[] = [];
    const lines: number[] = [];
    let line = 1;
    let offset = 0;
    for (const v of fresh) {
      starts.push(offset);
      lines.push(line);
      offset += v.length + 2;
      line += v.split('\n').length + 1;
    }
    for (const f of scanForSecrets(fresh.join('\n\n'), custom)) {
      let i = starts.length - 1;
      while (i > 0 && starts[i] > f.start) i--;
      cache
        .get(fresh[i])
        ?.push({ offset: f.start - starts[i], finding: { ...f, line: f.line - lines[i] + 1 } });
    }
  }
  return values.flatMap((v, value) => (cache.get(v) ?? []).map((hit) => ({ value, ...hit })));
}

/** Findings by scanned text, per set of team patterns; bounded, cleared when full. */
const SCAN_CACHE_LIMIT = 100_000;
const scanCaches = new Map<string, Map<string, Omit<ValueFinding, 'value'>[]>>();

function cacheFor(custom: CustomSecretRules | undefined): Map<string, Omit<ValueFinding, 'value'>[]> {
  const key = custom?.key ?? '';
  let cache = scanCaches.get(key);
  if (cache === undefined || cache.size > SCAN_CACHE_LIMIT) {
    if (scanCaches.size > 16) scanCaches.clear();
    cache = new Map();
    scanCaches.set(key, cache);
  }
  return cache;
}

/** Where to keep a secret instead, with the IAM statement the node role needs to read it (at most 400 characters: one line). */
export const SECRET_FIX =
  'Keep it in SSM Parameter Store (SecureString) or Secrets Manager and read it at boot with the node role ' +
  '(`aws ssm get-parameter --with-decryption`), granting the role ' +
  '{"Effect":"Allow","Action":"ssm:GetParameter","Resource":"arn:aws:ssm:REGION:ACCOUNT:parameter/NAME"} ' +
  '(or secretsmanager:GetSecretValue on the secret). ' +
  `Not a credential? End the line with \`# ${ALLOW_SECRET_MARKER} <reason>\``;

/** Opt-outs seen, for reports. */
export interface SecretOptOut {
  readonly file: string;
  readonly line: number;
  readonly path: string;
  readonly kind: string;
  readonly reason: string;
}

/** A value holding a secret that was reported: no other diagnostic may show it. */
export interface SecretValue {
  readonly file: string;
  /** Field path as formatted in diagnostics. */
  readonly path: string;
  /** The whole value (never printed; used to keep it out of other messages). */
  readonly text: string;
  /** The kind of secret, e.g. `a GitHub token`. */
  readonly kind: string;
}

export interface SecretCheck {
  readonly optOuts: readonly SecretOptOut[];
  readonly secrets: readonly SecretValue[];
}

/** The team's own patterns (`secretPatterns`), compiled; a pattern that cannot be evaluated is an error at its regex. */
function teamPatterns(ctx: CheckContext): CustomSecretRules {
  const usable: { id: string; regex: string; entropy?: number }[] = [];
  (ctx.raw.secretPatterns ?? []).forEach((p, i) => {
    try {
      compileCustomRules([p]);
      usable.push(p);
    } catch (e) {
      if (!(e instanceof Re2SyntaxError) && !(e instanceof SyntaxError)) throw e;
      ctx.error(
        ['secretPatterns', i, 'regex'],
        `'${show(p.regex)}' is not a Go (RE2) regular expression the scan can evaluate: ${e.message}`,
        'Write the pattern in RE2 syntax as gitleaks rules are written, e.g. acme_[a-z0-9]{32}; (?i) and (?i:...) flags, classes and groups are supported, Unicode classes (\\pL) are not',
      );
    }
  });
  return compileCustomRules(usable);
}

/**
 * Checks the cluster's free-text values. `textOf` gives a fleet file's text (for the opt-out
 * comment). Returns the opt-outs that allowed a finding and the values reported.
 */
export function checkSecrets(ctx: CheckContext, textOf: (file: string) => string | undefined): SecretCheck {
  const custom = teamPatterns(ctx);
  const values = freeTextValues(ctx.root);
  const optOuts: SecretOptOut[] = [];
  const secrets: SecretValue[] = [];
  const lines = new Map<string, readonly string[]>();
  const lineOf = (file: string, n: number): string => {
    if (!lines.has(file)) lines.set(file, (textOf(file) ?? '').split('\n'));
    return lines.get(file)?.[n - 1] ?? '';
  };
  for (const { value, finding, offset } of scanValues(
    values.map((v) => v.text),
    custom,
  )) {
    const scanned = values[value];
    const inKey = offset < scanned.keyLength;
    const path = inKey ? [...scanned.path.slice(0, -1), masked(String(scanned.key))] : scanned.path;
    const at = scanned.locate(offset, finding.end - finding.start);
    // A quoted key starts one column after its quote.
    const quoted = inKey && /^["']/.test(lineOf(at.file, at.line).slice(at.col - 1 - offset));
    const loc = quoted ? { ...at, col: at.col + 1 } : at;
    const marker =
      ALLOW_SECRET.exec(lineOf(loc.file, loc.line)) ?? commentLineAbove(lineOf(loc.file, loc.line - 1));
    const field = formatPath(path);
    if (marker && marker[1].trim() !== '') {
      optOuts.push({
        file: loc.file,
        line: loc.line,
        path: field,
        kind: finding.kind,
        reason: marker[1].trim(),
      });
      continue;
    }
    const diagnostic: Diagnostic = {
      severity: 'error',
      ...loc,
      path: field,
      ...secretProblem(
        finding.kind,
        marker !== null,
        path[0] === 'nodeClasses' && (path[2] === 'userData' || path[2] === 'bottlerocket'),
      ),
    };
    ctx.diagnostics.push(diagnostic);
    const text = inKey ? scanned.key : scanned.value;
    if (text !== undefined)
      secrets.push({ file: loc.file, path: formatPath(scanned.path), text, kind: finding.kind });
    if (inKey && scanned.value !== undefined)
      secrets.push({
        file: loc.file,
        path: formatPath(scanned.path),
        text: scanned.value,
        kind: finding.kind,
      });
  }
  return { optOuts, secrets };
}

const IS_SECRET_MESSAGE = / is written here(:|, and the allow-secret comment)/;

/** Shortest free-text string masked in messages: shorter ones hardly hold a credential. */
const MIN_MASKED = 12;

/**
 * Whether a free-text string could be a credential the rules do not know: long enough and with
 * digits or capitals, as keys and tokens have; a lower-case name or phrase (`kubernetes.io/hostname`,
 * `not a value!`) is shown as written.
 */
function couldBeSecret(text: string): boolean {
  return text.length >= MIN_MASKED && /[^a-z .,;:/_@!?'"()=+*&%#<>[\]{}-]/.test(text);
}

/** Lists of names whose long values are masked too (a credential pasted into a requirement). */
const NAME_LIST_KEYS: ReadonlySet<string> = new Set(['requirements', 'taints', 'startupTaints']);

/**
 * Every string under a free-text key (tags, labels, annotations, userData, settings, env, Helm
 * values), keys and values, and long ones of requirements and taints: what a message may only
 * show masked.
 */
export function freeTextStrings(root: LocatedNode): string[] {
  const out = new Set<string>();
  // Requirement and taint values are names (instance types, zones): masked only when long.
  // (their label keys, `key:`, are well-known names and stay shown).
  const walk = (node: LocatedNode, inside: boolean, names: boolean) => {
    const could = (text: string) => (inside || (names && text.length >= 20)) && couldBeSecret(text);
    if (node.kind === 'scalar') {
      if (typeof node.value === 'string' && could(node.value)) out.add(node.value);
    } else if (node.kind === 'seq') {
      for (const item of node.items) walk(item, inside, names);
    } else {
      for (const [key, entry] of node.entries) {
        if (inside && could(key)) out.add(key);
        if (names && !inside && key === 'key') continue;
        walk(entry.value, inside || isFreeTextKey(key), names || NAME_LIST_KEYS.has(key));
      }
    }
  };
  walk(root, false, false);
  return [...out];
}

/**
 * Free-text strings shown masked in every message, fix and field path (`ghp… (40 characters)`):
 * a format error names the field and what is wrong, never the value, which could be a secret.
 */
export function maskFreeText<T extends Diagnostic>(list: readonly T[], strings: readonly string[]): T[] {
  if (strings.length === 0) return [...list];
  // As written and as show() renders it (escaped, cut at MAX_SHOWN_CHARS), longest first.
  const forms = strings
    .flatMap((s) => {
      const shown = show(s);
      return [
        [s, masked(s)],
        [shown, masked(s)],
        ...(shown.endsWith('…') ? [[shown.slice(0, -1), masked(s)]] : []),
      ] as [string, string][];
    })
    .sort((a, b) => b[0].length - a[0].length);
  const cut = (text: string) =>
    forms.reduce((t, [form, replacement]) => (t.includes(form) ? t.split(form).join(replacement) : t), text);
  return list.map((d) => ({
    ...d,
    path: cut(d.path),
    message: cut(d.message),
    ...(d.fix !== undefined ? { fix: cut(d.fix) } : {}),
  }));
}

/** Whether a message is the secret scan's (other tools relay it, e.g. convert's self-check). */
export function isSecretMessage(message: string): boolean {
  return IS_SECRET_MESSAGE.test(message);
}

/**
 * Keeps reported secrets out of every other diagnostic: other problems of a value holding a
 * secret are dropped (they show the value; the value must change anyway), and the value's text
 * is cut out of any other message or fix.
 */
export function withoutSecrets<T extends Diagnostic>(
  list: readonly T[],
  secrets: readonly SecretValue[],
): T[] {
  if (secrets.length === 0) return [...list];
  const paths = new Set(secrets.map((s) => `${s.file}\u0000${s.path}`));
  const cut = (text: string) => secrets.reduce((t, s) => t.split(s.text).join('…'), text);
  return list
    .filter((d) => IS_SECRET_MESSAGE.test(d.message) || !paths.has(`${d.file}\u0000${d.path}`))
    .map((d) => ({
      ...d,
      path: cut(d.path),
      message: cut(d.message),
      ...(d.fix !== undefined ? { fix: cut(d.fix) } : {}),
    }));
}

/** What is said about a secret: its kind (never the secret), why it matters, where to keep it instead. */
export function secretProblem(
  kind: string,
  /** The line has the opt-out marker, without a reason. */
  markerWithoutReason: boolean,
  /** The value is instance user data. */
  userData: boolean,
): { message: string; fix: string } {
  return markerWithoutReason
    ? {
        message: `${kind} is written here, and the allow-secret comment gives no reason`,
        fix: `Say why this is not a credential after \`${ALLOW_SECRET_MARKER}\``,
      }
    : {
        message: `${kind} is written here: it would be committed to Git and dist/ (rotate it if it is real) and readable by anyone who can read the resource${userData ? ' (instance user data: anyone with ec2:DescribeInstanceAttribute)' : ''}`,
        fix: SECRET_FIX,
      };
}

/** The marker on a line of its own (only a comment) above the value. */
export function commentLineAbove(line: string): RegExpExecArray | null {
  return /^\s*#/.test(line) ? ALLOW_SECRET.exec(line) : null;
}
