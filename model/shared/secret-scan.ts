/**
 * Credentials in text, found by three rule sets, in this order of precedence where two find the
 * same secret: secretlint's recommended preset, our own rules for what ends up in node bootstrap
 * scripts and tags (model/shared/secret-extra-rules.ts), and gitleaks' default rules
 * (imports/secret-rules/, the broadest maintained set), plus a team's own `secretPatterns`.
 * Base64 that a node decodes (a MIME part with `Content-Transfer-Encoding: base64`, a blob on a
 * line that runs `base64 -d`, a Bottlerocket `user-data` value) and strings written with escaped
 * quotes (TOML basic strings, JSON) are decoded and scanned too (model/shared/secret-encodings.ts).
 *
 * secretlint's recommended rule set
 * (@secretlint/secretlint-rule-preset-recommend, pinned in package.json): secretlint's own runner
 * (@secretlint/core `lintSource`) is asynchronous while loading and checking a fleet is not, so
 * the preset's rules are driven here synchronously: each rule's `file` handler is a plain regular
 * expression scan that reports through `context.report` before it returns (a test compares every
 * sample with @secretlint/core's result). The rule set (about 1 MB of code) is loaded on the first
 * text to scan, never when there is none.
 *
 * A finding carries the kind of credential and where it is, never the matched text: the rules'
 * own messages quote the secret, so they are not used.
 */

import type * as Gitleaks from '../../imports/secret-rules/gitleaks-v8.30.1';
import { encodedBlobs } from './secret-encodings';
import { EXTRA_RULES, extraRules } from './secret-extra-rules';
import {
  compileAllowlists,
  compileRules,
  CompiledRule,
  KeywordIndex,
  keywordIndex,
  RuleMatch,
  runRules,
} from './secret-rules';
import { re2ToJs } from '../facts/re2-regex';

/** The part of secretlint's rule API the recommended rules use. */
interface RuleContext {
  readonly sharedOptions: Record<string, never>;
  createTranslator(
    messages: unknown,
  ): (messageId: string, data?: unknown) => { message: string; messageId: string };
  report(descriptor: {
    readonly message: { readonly messageId: string };
    readonly range: readonly [number, number];
  }): void;
  ignore(descriptor: unknown): void;
}

interface SourceCode {
  readonly content: string;
  readonly hasBOM: boolean;
  readonly ext: string;
  readonly contentType: 'text';
  getFilePath(): undefined;
  getPhysicalFilePath(): undefined;
}

interface Rule {
  readonly meta: { readonly id: string; readonly supportedContentTypes: readonly string[] };
  create(context: RuleContext, options: object): { file?(source: SourceCode): unknown };
}

/** The preset's package, pinned in package.json; its version is named in docs/validation.md. */
export const SECRET_RULE_SET = '@secretlint/secretlint-rule-preset-recommend';

/** Rule options: AWS access key IDs are scanned only when asked. */
const RULE_OPTIONS: Readonly<Record<string, object>> = {
  '@secretlint/secretlint-rule-aws': { enableIDScanRule: true },
};

/**
 * Reports that are not credentials: an AWS account ID is an identifier every ARN shows. The
 * comment-filter rule is left out too: the opt-out is our own, on the fleet-file line.
 */
const NOT_CREDENTIALS: ReadonlySet<string> = new Set(['AWSAccountID']);
const SKIPPED_RULES: ReadonlySet<string> = new Set(['@secretlint/secretlint-rule-filter-comments']);

/** What users read for each message of the rule set; others are named from the rule. */
const KINDS: Readonly<Record<string, string>> = {
  AWSSecretAccessKey: 'an AWS secret access key',
  AWSAccessKeyID: 'an AWS access key ID',
  PrivateKey: 'a private key (PEM)',
  GITHUB_TOKEN: 'a GitHub token',
  SLACK_TOKEN: 'a Slack token',
  IncomingWebhook: 'a Slack incoming webhook URL',
  BasicAuth: 'a password in a URL (basic auth)',
  NPM_ACCESS_TOKEN: 'an npm access token',
  Npmrc_authToken: 'an npm registry token',
  PackageJSON_xOauthToken: 'an npm OAuth token',
  MongoDBConnection: 'a MongoDB connection string with a password',
  MySQLConnection: 'a MySQL connection string with a password',
  PostgreSQLConnection: 'a PostgreSQL connection string with a password',
};

export interface SecretFinding {
  /** e.g. `a GitHub token`. */
  readonly kind: string;
  /** Offsets of the secret (or of the encoded blob holding it) in the scanned text. */
  readonly start: number;
  readonly end: number;
  /** The rule that found it, e.g. `@secretlint/secretlint-rule-github`. */
  readonly ruleId: string;
  readonly messageId: string;
  /** 1-based line and column of the start of the match in the scanned text. */
  readonly line: number;
  readonly col: number;
}

/**
 * secretlint's AWS rule lets AWS's documentation example keys through. In a fleet file they still
 * mean static AWS credentials on nodes (which get theirs from the node role), and a placeholder
 * is where a real key ends up: they are reported as the keys they stand for.
 */
const AWS_EXAMPLE_KEYS: readonly (readonly [string, string])[] = [
  ['wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', 'AWSSecretAccessKey'],
  ['AKIAIOSFODNN7EXAMPLE', 'AWSAccessKeyID'],
];

let loaded: readonly Rule[] | undefined;

function rules(): readonly Rule[] {
  if (loaded === undefined) {
    // ES module, loaded with require(esm) (Node ≥ 20.19) on first use only.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const preset = require(SECRET_RULE_SET) as { rules: readonly Rule[] };
    loaded = preset.rules.filter((r) => !SKIPPED_RULES.has(r.meta.id));
  }
  return loaded;
}

function kindOf(ruleId: string, messageId: string): string {
  const known = KINDS[messageId];
  if (known !== undefined) return known;
  const service = ruleId.replace(/^@secretlint\/secretlint-rule-/, '');
  if (service === 'gitlab') return 'a GitLab token';
  if (service === 'docker') return 'a Docker Hub access token';
  return `a ${service} credential (${messageId})`;
}

/** 1-based line and column of `offset` in `text`. */
function position(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, col: offset - start + 1 };
}

/** Every credential secretlint's preset finds in `text`, as secretlint reports them. */
export function secretlintFindings(text: string): SecretFinding[] {
  const source: SourceCode = {
    content: text,
    hasBOM: false,
    ext: '.txt',
    contentType: 'text',
    getFilePath: () => undefined,
    getPhysicalFilePath: () => undefined,
  };
  const found = new Map<string, SecretFinding>();
  for (const rule of rules()) {
    if (!rule.meta.supportedContentTypes.some((t) => t === 'text' || t === 'all')) continue;
    const context: RuleContext = {
      sharedOptions: {},
      createTranslator: () => (messageId) => ({ message: messageId, messageId }),
      report: ({ message, range }) => {
        if (NOT_CREDENTIALS.has(message.messageId)) return;
        const key = `${range[0]}:${message.messageId}`;
        if (!found.has(key))
          found.set(key, {
            kind: kindOf(rule.meta.id, message.messageId),
            ruleId: rule.meta.id,
            messageId: message.messageId,
            start: range[0],
            end: range[1],
            ...position(text, range[0]),
          });
      },
      ignore: () => undefined,
    };
    const result = rule.create(context, RULE_OPTIONS[rule.meta.id] ?? {}).file?.(source);
    if (result instanceof Promise) {
      // Only binary formats (.p12) are checked asynchronously; text never is. A rule that turns
      // asynchronous in a new version must fail loudly here, not miss secrets silently.
      result.catch(() => undefined);
      throw new Error(
        `${rule.meta.id} scans text asynchronously; the synchronous driver in model/shared/secret-scan.ts needs updating`,
      );
    }
  }
  for (const [key, messageId] of AWS_EXAMPLE_KEYS) {
    for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + 1)) {
      found.set(`${at}:${messageId}`, {
        kind: `${KINDS[messageId]} (AWS's documentation example)`,
        ruleId: '@secretlint/secretlint-rule-aws',
        messageId,
        start: at,
        end: at + key.length,
        ...position(text, at),
      });
    }
  }
  return [...found.values()];
}

interface RuleSets {
  readonly extra: readonly CompiledRule[];
  readonly gitleaks: readonly CompiledRule[];
  readonly keywords: KeywordIndex;
  readonly global: ReturnType<typeof compileAllowlists>;
  readonly kinds: ReadonlyMap<string, string>;
}

let ruleSets: RuleSets | undefined;

const GENERIC_RULE = 'generic-api-key';

/** What users read for the gitleaks rules whose kind the preset's messages also name. */
const GITLEAKS_KINDS: Readonly<Record<string, string>> = {
  'private-key': 'a private key (PEM)',
  'aws-access-token': 'an AWS access key ID',
  jwt: 'a JSON Web Token',
  'jwt-base64': 'a JSON Web Token',
  'gcp-api-key': 'a Google API key',
  'stripe-access-token': 'a Stripe key',
  'sendgrid-api-token': 'a SendGrid API key',
  'twilio-api-key': 'a Twilio API key',
  'github-pat': 'a GitHub token',
  'github-fine-grained-pat': 'a GitHub token',
  'gitlab-pat': 'a GitLab token',
  'slack-bot-token': 'a Slack token',
  'npm-access-token': 'an npm access token',
  [GENERIC_RULE]:
    'a credential (gitleaks rule generic-api-key: a key, token or password assigned to a name that says so)',
};

/** gitleaks' rules, read on first use: 118 KB that a run whose fleet files come from the load cache never needs. */
function gitleaksModule(): typeof Gitleaks {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('../../imports/secret-rules/gitleaks-v8.30.1') as typeof Gitleaks;
}

function compiled(): RuleSets {
  if (ruleSets === undefined) {
    const extra = compileRules(extraRules());
    const { GITLEAKS_GLOBAL_ALLOWLIST, GITLEAKS_RULES } = gitleaksModule();
    // The catch-all rule last: a specific rule names the kind better.
    const gitleaks = compileRules([
      ...GITLEAKS_RULES.filter((r) => r.id !== GENERIC_RULE),
      ...GITLEAKS_RULES.filter((r) => r.id === GENERIC_RULE),
    ]);
    ruleSets = {
      extra,
      gitleaks,
      keywords: keywordIndex([...extra, ...gitleaks]),
      global: compileAllowlists([GITLEAKS_GLOBAL_ALLOWLIST]),
      kinds: new Map(EXTRA_RULES.map((r) => [r.id, r.kind])),
    };
  }
  return ruleSets;
}

/** A team's own pattern (`secretPatterns` in `_defaults.yaml`), compiled. */
export interface CustomSecretRules {
  readonly rules: readonly CompiledRule[];
  /** The patterns as written, one string: equal keys scan alike. */
  readonly key: string;
}

const NO_CUSTOM: CustomSecretRules = { rules: [], key: '' };

/** Compiles a team's own patterns (RE2 syntax, as gitleaks writes them); throws Re2SyntaxError. */
export function compileCustomRules(
  patterns: readonly { readonly id: string; readonly regex: string; readonly entropy?: number }[],
): CustomSecretRules {
  return {
    key: patterns.length === 0 ? '' : JSON.stringify(patterns.map((p) => [p.id, p.regex, p.entropy ?? null])),
    rules: compileRules(
      patterns.map((p) => ({
        id: p.id,
        description: p.id,
        regex: re2ToJs(p.regex),
        keywords: [],
        ...(p.entropy !== undefined ? { entropy: p.entropy } : {}),
      })),
    ),
  };
}

/** Every credential the rule sets find in `text` itself (no decoding). */
function findPlain(text: string, custom: CustomSecretRules): SecretFinding[] {
  const sets = compiled();
  const lower = text.toLowerCase();
  const out: SecretFinding[] = secretlintFindings(text);
  const secretlintCount = out.length;
  const add = (matches: readonly RuleMatch[], kindOfRule: (id: string) => string, source: string) => {
    for (const m of matches)
      out.push({
        kind: kindOfRule(m.ruleId),
        ruleId: `${source}/${m.ruleId}`,
        messageId: m.ruleId,
        start: m.start,
        end: m.end,
        ...position(text, m.start),
      });
  };
  const present = sets.keywords.present(lower);
  add(runRules(text, sets.extra, [], lower, present), (id) => sets.kinds.get(id) ?? id, 'karpenter-gitops');
  add(
    runRules(text, custom.rules, [], lower),
    (id) => `a secret matching the team pattern '${id}'`,
    'secretPatterns',
  );
  add(
    runRules(text, sets.gitleaks, sets.global, lower, present),
    (id) => GITLEAKS_KINDS[id] ?? `a credential (gitleaks rule ${id})`,
    'gitleaks',
  );
  // One finding per secret: secretlint's are kept as it reports them; a finding of a later rule
  // set (in the order above) is dropped where an earlier one found something at the same place.
  const kept: SecretFinding[] = out.slice(0, secretlintCount);
  for (const f of out.slice(secretlintCount)) {
    if (!kept.some((k) => f.start < k.end && k.start < f.end)) kept.push(f);
  }
  return kept;
}

const BARE_KEY_RULE = 'aws-secret-access-key-bare';

let spentMs = 0;

/** Milliseconds this process spent in scanForSecrets (rule sets loaded on first use included): the bench reports it. */
export function secretScanMs(): number {
  return spentMs;
}

/** Every credential the rule sets find in `text`, in text order, one per place. */
export function scanForSecrets(text: string, custom: CustomSecretRules = NO_CUSTOM): SecretFinding[] {
  const start = performance.now();
  try {
    return scanText(text, custom);
  } finally {
    spentMs += performance.now() - start;
  }
}

function scanText(text: string, custom: CustomSecretRules): SecretFinding[] {
  if (text.trim() === '') return [];
  const blobs = encodedBlobs(text);
  // Forty characters of a base64 text are not a bare AWS key: the text decodes (below).
  const found = findPlain(text, custom).filter(
    (f) => f.messageId !== BARE_KEY_RULE || !blobs.some((b) => b.start < f.end && f.start < b.end),
  );
  for (const blob of blobs) {
    if (found.some((f) => f.start < blob.end && blob.start < f.end)) continue;
    for (const f of findPlain(blob.decoded, custom)) {
      const start = blob.start + blob.offsetOf(f.start);
      found.push({
        ...f,
        kind: blob.encoding === 'base64' ? `${f.kind} (base64-encoded)` : f.kind,
        start,
        end: Math.max(start + 1, blob.start + blob.offsetOf(f.end)),
        ...position(text, start),
      });
    }
  }
  return found.sort((a, b) => a.line - b.line || a.col - b.col || (a.kind < b.kind ? -1 : 1));
}
