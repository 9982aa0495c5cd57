/**
 * Secret rules of our own, for credentials that end up in node bootstrap scripts and tags and
 * that neither gitleaks' default rules nor secretlint's recommended preset find there (issue 35).
 * Written in Go's RE2 syntax, like gitleaks' rules and a team's own `secretPatterns`, and
 * evaluated by the same engine (model/shared/secret-rules.ts).
 */
import { re2ToJs } from '../facts/re2-regex';
import type { GitleaksRule } from './secret-rules';

/** A rule of ours: the gitleaks shape, with the regex in RE2 syntax and the kind users read. */
export interface ExtraRule extends Omit<GitleaksRule, 'regex'> {
  /** RE2 syntax. */
  readonly re2: string;
  /** What users read, e.g. `an AWS session token`. */
  readonly kind: string;
}

/** Placeholders that are not passwords: `${VAR}`, `$(cmd)`, `<password>`, `{{ .x }}`, `%s`, `***`. */
const PLACEHOLDER = String.raw`^(?:\$|<|\{\{|%|\*+$|x+$|\.\.\.$)`;

export const EXTRA_RULES: readonly ExtraRule[] = [
  {
    id: 'aws-session-token',
    kind: 'an AWS session token',
    description: 'An AWS STS session token (temporary credentials).',
    // STS tokens are base64 of a binary blob whose first bytes are fixed: `IQoJb3JpZ2luX2Vj…`
    // (IAM Identity Center, STS since 2019) and `FwoGZXIvYXdz…` / `FQoGZXIvYXdz…` (older).
    re2: String.raw`(?:^|[^A-Za-z0-9+/])((?:IQoJb3JpZ2luX2Vj|FwoGZXIvYXdz|FQoGZXIvYXdz)[A-Za-z0-9+/]{80,}={0,2})`,
    keywords: ['iqojb3jpz2lux2vj', 'fwogzxivyxdz', 'fqogzxivyxdz'],
  },
  {
    id: 'aws-session-token-assignment',
    kind: 'an AWS session token',
    description: 'An AWS session token assigned to its usual variable or header.',
    re2: String.raw`(?i)(?:aws_session_token|aws_security_token|x-amz-security-token|sessiontoken)["']?[ \t]*(?:=|:|[ \t])[ \t]*["']?([A-Za-z0-9+/]{100,}={0,2})`,
    keywords: ['session_token', 'security_token', 'security-token', 'sessiontoken'],
    entropy: 4,
  },
  {
    id: 'docker-config-auth',
    kind: 'a registry credential (Docker config.json `auth`)',
    description: 'The base64 user:password of a Docker config.json `auths` entry.',
    re2: String.raw`"(?:auth|identitytoken|registrytoken)"[ \t]*:[ \t]*"([A-Za-z0-9+/]{8,}={0,2})"`,
    keywords: ['"auth"', '"identitytoken"', '"registrytoken"'],
    entropy: 2.5,
  },
  {
    id: 'azure-storage-connection-string',
    kind: 'an Azure storage account key (connection string)',
    description: 'The AccountKey or SharedAccessKey of an Azure connection string.',
    re2: String.raw`(?i)\b(?:AccountKey|SharedAccessKey)=([A-Za-z0-9+/]{20,}={0,2})`,
    keywords: ['accountkey=', 'sharedaccesskey='],
    entropy: 3,
  },
  {
    id: 'azure-sas-signature',
    kind: 'an Azure shared access signature',
    description: 'The signature of an Azure SAS URL or connection string.',
    re2: String.raw`(?i)[?&;]sig=([A-Za-z0-9%+/]{30,}(?:%3D|=){0,2})`,
    keywords: ['sig='],
    entropy: 3.5,
  },
  {
    id: 'twilio-auth-token',
    kind: 'a Twilio auth token',
    description: 'A Twilio auth token (32 hex digits) next to the word Twilio.',
    re2: String.raw`(?i)twilio[\w.-]{0,30}["']?[ \t]*(?:=|:|[ \t])[ \t]*["']?([a-f0-9]{32})\b`,
    keywords: ['twilio'],
    entropy: 3,
  },
  {
    id: 'aws-secret-access-key-bare',
    kind: 'an AWS secret access key',
    description:
      'Forty base64 characters on their own, with both cases and digits: an AWS secret access key.',
    re2: String.raw`(?:^|[^A-Za-z0-9+/=_.-])([A-Za-z0-9+/]{40})(?:$|[^A-Za-z0-9+/=_.-])`,
    keywords: [],
    entropy: 4.3,
    allowlists: [
      {
        target: 'secret',
        all: false,
        // A key has upper and lower case letters and digits; a hex digest or a word does not.
        regexes: ['^[^A-Z]*$', '^[^a-z]*$', '^[^0-9]*$'],
        stopwords: [],
      },
    ],
  },
  {
    id: 'url-password',
    kind: 'a password in a URL (basic auth)',
    description: 'The password of a `scheme://user:password@host` URL, whatever characters it has.',
    re2: String.raw`\b[A-Za-z][A-Za-z0-9+.-]*://[^\s:@/?#'"\x60]+:([^\s@/?#'"\x60]+)@[A-Za-z0-9\[]`,
    keywords: ['://'],
    allowlists: [{ target: 'secret', all: false, regexes: [re2ToJs(PLACEHOLDER)], stopwords: [] }],
  },
];

/** The rules above in the engine's shape. */
export function extraRules(): GitleaksRule[] {
  return EXTRA_RULES.map(({ re2, kind: _kind, ...rule }) => ({ ...rule, regex: re2ToJs(re2) }));
}
