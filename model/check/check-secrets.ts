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
import { formatPath, locAt, LocatedNode, PathSegment } from '../parse/located';
import { SecretFinding, scanForSecrets } from '../shared/secret-scan';
import { userDataPosition } from './node-class/user-data-position';

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

export function isFreeTextKey(key: string): boolean {
  return FREE_TEXT_KEYS.has(key) || /(Labels|Annotations|Tags)$/.test(key);
}

export interface FreeTextValue {
  readonly path: readonly PathSegment[];
  readonly text: string;
}

/** Every string value under a free-text key of a located tree, in document order. */
export function freeTextValues(root: LocatedNode): FreeTextValue[] {
  const out: FreeTextValue[] = [];
  const walk = (node: LocatedNode, path: PathSegment[], inside: boolean) => {
    if (node.kind === 'scalar') {
      if (inside && typeof node.value === 'string' && node.value.trim() !== '')
        out.push({ path, text: node.value });
    } else if (node.kind === 'seq') {
      node.items.forEach((item, i) => walk(item, [...path, i], inside));
    } else {
      for (const [key, entry] of node.entries)
        walk(entry.value, [...path, key], inside || isFreeTextKey(key));
    }
  };
  walk(root, [], false);
  return out;
}

/** A finding in one value, with its place in the value's own text. */
export interface ValueFinding {
  readonly value: number;
  readonly finding: SecretFinding;
}

/**
 * Scans many values in one pass of the rule set (cheap for a large fleet): the values are joined,
 * each starting on a line of its own after a blank line, and findings are mapped back.
 */
export function scanValues(values: readonly string[]): ValueFinding[] {
  if (values.length === 0) return [];
  const starts: number[] = [];
  let line = 1;
  const parts: string[] = [];
  for (const v of values) {
    starts.push(line);
    parts.push(v);
    line += v.split('\n').length + 1;
  }
  const out: ValueFinding[] = [];
  for (const f of scanForSecrets(parts.join('\n\n'))) {
    let i = starts.length - 1;
    while (i > 0 && starts[i] > f.line) i--;
    out.push({ value: i, finding: { ...f, line: f.line - starts[i] + 1 } });
  }
  return out;
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

/**
 * Checks the cluster's free-text values. `textOf` gives a fleet file's text (for the opt-out
 * comment). Returns the opt-outs that allowed a finding and the values reported.
 */
export function checkSecrets(ctx: CheckContext, textOf: (file: string) => string | undefined): SecretCheck {
  const values = freeTextValues(ctx.root);
  const optOuts: SecretOptOut[] = [];
  const secrets: SecretValue[] = [];
  const lines = new Map<string, readonly string[]>();
  const lineOf = (file: string, n: number): string => {
    if (!lines.has(file)) lines.set(file, (textOf(file) ?? '').split('\n'));
    return lines.get(file)?.[n - 1] ?? '';
  };
  for (const { value, finding } of scanValues(values.map((v) => v.text))) {
    const { path } = values[value];
    const loc = userDataPosition(ctx, path)({ line: finding.line, col: finding.col });
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
    secrets.push({
      file: locAt(ctx.root, path).file,
      path: field,
      text: values[value].text,
      kind: finding.kind,
    });
  }
  return { optOuts, secrets };
}

const IS_SECRET_MESSAGE = / is written here(:|, and the allow-secret comment)/;

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
    .map((d) => ({ ...d, message: cut(d.message), ...(d.fix !== undefined ? { fix: cut(d.fix) } : {}) }));
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
