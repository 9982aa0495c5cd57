/**
 * One made-up credential of every kind the secret scan must find (none is real), each as it
 * would be written in a shell line, and the kind the error names.
 */
export interface SecretSample {
  readonly kind: string;
  /** The credential itself: it must never appear in any output. */
  readonly secret: string;
  /** A line of userData holding it. */
  readonly line: string;
}

const PEM_BODY = [
  'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun',
  'VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK',
  'LxoS2tFczGkPLPgizskuemMghRniWaoLcyehkd3qqGElvW/VDL5AaWTg0nLVkjRo',
].join('\n');

export const SECRET_SAMPLES: readonly SecretSample[] = [
  {
    kind: 'an AWS secret access key',
    secret: 'Zq4fJ0wB2xK9mN7pL3sR8tV1yH6cD5eG0aQ2uI4o',
    line: 'export AWS_SECRET_ACCESS_KEY=Zq4fJ0wB2xK9mN7pL3sR8tV1yH6cD5eG0aQ2uI4o',
  },
  {
    kind: 'an AWS access key ID',
    secret: 'AKIA2E0A8F3B244C9986',
    line: 'export AWS_ACCESS_KEY_ID=AKIA2E0A8F3B244C9986',
  },
  {
    kind: 'a private key (PEM)',
    secret: PEM_BODY.split('\n')[1],
    line: `cat > /etc/key.pem <<'PEM'\n-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}\n-----END RSA PRIVATE KEY-----\nPEM`,
  },
  {
    kind: 'a GitHub token',
    secret: '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',
    line: 'git clone https://x-access-token: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@github.com/acme/boot.git',
  },
  {
    kind: 'a GitLab token',
    secret: 'glpat-aB3dE6gH9jK2mN5pQ8sT',
    line: 'export GITLAB_TOKEN=glpat-aB3dE6gH9jK2mN5pQ8sT',
  },
  {
    kind: 'a Slack token',
    secret: 'xoxb-12345678901-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
    line: 'export SLACK_TOKEN=xoxb-12345678901-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
  },
  {
    kind: 'a password in a URL (basic auth)',
    secret: 's3cr3tPassw0rd',
    line: 'curl -fsS https://deploy:s3cr3tPassw0rd@artifacts.example.com/agent.rpm -o /tmp/agent.rpm',
  },
  {
    kind: 'an npm access token',
    secret: 'npm_1234567890abcdefghijABCDEFGHIJ123456',
    line: 'echo //registry.npmjs.org/:_authToken=npm_1234567890abcdefghijABCDEFGHIJ123456 > ~/.npmrc',
  },
  {
    kind: 'a Docker Hub access token',
    secret: 'dckr_pat_AbCdEfGhIjKlMnOpQrStUvWxYz0',
    line: 'echo dckr_pat_AbCdEfGhIjKlMnOpQrStUvWxYz0 | docker login -u ci --password-stdin',
  },
];
