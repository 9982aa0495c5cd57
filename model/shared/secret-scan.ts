/**
 * Credentials in text, found by secretlint's recommended rule set
 * (@secretlint/secretlint-rule-preset-recommend, pinned in package.json). secretlint's own runner
 * (@secretlint/core `lintSource`) is asynchronous while loading and checking a fleet is not, so
 * the preset's rules are driven here synchronously: each rule's `file` handler is a plain regular
 * expression scan that reports through `context.report` before it returns (a test compares every
 * sample with @secretlint/core's result). The rule set (about 1 MB of code) is loaded on the first
 * text to scan, never when there is none.
 *
 * A finding carries the kind of credential and where it is, never the matched text: the rules'
 * own messages quote the secret, so they are not used.
 */

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

/** Every credential the rule set finds in `text`, in text order, one per place. */
export function scanForSecrets(text: string): SecretFinding[] {
  if (text.trim() === '') return [];
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
        const at = position(text, range[0]);
        const key = `${range[0]}:${message.messageId}`;
        if (!found.has(key))
          found.set(key, {
            kind: kindOf(rule.meta.id, message.messageId),
            ruleId: rule.meta.id,
            messageId: message.messageId,
            ...at,
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
        ...position(text, at),
      });
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line || a.col - b.col || (a.kind < b.kind ? -1 : 1));
}
