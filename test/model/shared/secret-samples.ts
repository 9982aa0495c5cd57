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

  // Issue 35: kinds that reach userData and tags and that the preset did not find.
  {
    kind: 'an AWS session token',
    secret:
      'IQoJb3JpZ2luX2VjEJr8wEaCXVzLWVhc3QtMSJHMEUCIQDx8k3Hc9aT2mXbV1pq0Lr8uYzN7wK5fG3hJ4sD6eR1tAIgP9qW2eY4rT7uI0oP3aS5dF8gH1jK6lZ2xC4vB7nM0qWEqmQIIwv',
    line: 'export AWS_SESSION_TOKEN=IQoJb3JpZ2luX2VjEJr8wEaCXVzLWVhc3QtMSJHMEUCIQDx8k3Hc9aT2mXbV1pq0Lr8uYzN7wK5fG3hJ4sD6eR1tAIgP9qW2eY4rT7uI0oP3aS5dF8gH1jK6lZ2xC4vB7nM0qWEqmQIIwv',
  },
  {
    kind: 'a Stripe key',
    secret: 'sk_live_51HxKq2LkdIwHu7ixZ3nP9aQ4rT6vW8yB1cE5gJ0mK',
    line: 'export STRIPE=sk_live_51HxKq2LkdIwHu7ixZ3nP9aQ4rT6vW8yB1cE5gJ0mK',
  },
  {
    kind: 'a Google API key',
    secret: 'AIzaSyD3x9Kq7mP2vL8wN4rT6yU1iO0aS5dF7gH',
    line: 'curl "https://maps.googleapis.com/maps/api/geocode/json?key=AIzaSyD3x9Kq7mP2vL8wN4rT6yU1iO0aS5dF7gH"',
  },
  {
    kind: 'a registry credential (Docker config.json `auth`)',
    secret: 'ZGVwbG95OnMzY3IzdFBhc3N3MHJkIQ==',
    line: `echo '{"auths":{"registry.example.com":{"auth":"ZGVwbG95OnMzY3IzdFBhc3N3MHJkIQ=="}}}' > /root/.docker/config.json`,
  },
  {
    kind: 'a JSON Web Token',
    secret:
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJub2RlLWJvb3QiLCJpYXQiOjE3MDAwMDAwMDB9.q3Vb8f2Lk9xZpR7mT1wY4nH6sJ0cD5eG8aQ2uI4oPkM',
    line: 'export BOOT_TOKEN=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJub2RlLWJvb3QiLCJpYXQiOjE3MDAwMDAwMDB9.q3Vb8f2Lk9xZpR7mT1wY4nH6sJ0cD5eG8aQ2uI4oPkM',
  },
  {
    kind: 'an Azure storage account key (connection string)',
    secret: 'Zx9Kq7mP2vL8wN4rT6yU1iO0aS5dF7gHjK3lB6nM9qW2eR5tY8uI1oP4aS7dF0gH3jK6lZ9xC2vB5nM8qW1eR4tY7u==',
    line: 'export AZ_CONN="DefaultEndpointsProtocol=https;AccountName=acmestore;AccountKey=Zx9Kq7mP2vL8wN4rT6yU1iO0aS5dF7gHjK3lB6nM9qW2eR5tY8uI1oP4aS7dF0gH3jK6lZ9xC2vB5nM8qW1eR4tY7u==;EndpointSuffix=core.windows.net"',
  },
  {
    kind: 'a Twilio auth token',
    secret: '9f4c7e1b3d5f7a9c1e3b5d7f9a1c3e5b',
    line: 'export TWILIO_AUTH_TOKEN=9f4c7e1b3d5f7a9c1e3b5d7f9a1c3e5b',
  },
  {
    kind: 'a Twilio API key',
    secret: 'SK2a9f4c7e1b3d5f7a9c1e3b5d7f9a1c3e',
    line: 'twilio api:core:messages:create --api-key SK2a9f4c7e1b3d5f7a9c1e3b5d7f9a1c3e',
  },
  {
    kind: 'an AWS secret access key',
    secret: 'Hq7vK2mP9xL4wN8rT1yU6iO3aS0dF5gJ2kB7nM4c',
    line: 'Hq7vK2mP9xL4wN8rT1yU6iO3aS0dF5gJ2kB7nM4c',
  },
  {
    kind: 'a private key (PEM)',
    secret: 'MC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF',
    line: `cat > /etc/ed.pem <<'PEM'\n-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF\n-----END PRIVATE KEY-----\nPEM`,
  },
  {
    kind: 'a private key (PEM)',
    secret: 'MHcCAQEEIIrYSSNQFaA2Hwf1duRSxKtLYX5CB04fSeQ6tF1aY/PuoAoGCCqGSM49',
    line: `cat > /etc/ec.pem <<'PEM'\n-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIIrYSSNQFaA2Hwf1duRSxKtLYX5CB04fSeQ6tF1aY/PuoAoGCCqGSM49\nAwEHoUQDQgAEPR3tU2Fta9ktY+6P9G0cWO+0kETA6SFs38GecTyudlHz6xvCdz8q\nEKTcWGekdmdDPsHloRNtsiCa697B2O9IFA==\n-----END EC PRIVATE KEY-----\nPEM`,
  },
  {
    kind: 'a password in a URL (basic auth)',
    secret: 's3cr3t!Passw0rd',
    line: 'curl -fsS https://deploy:s3cr3t!Passw0rd@artifacts.example.com/agent.rpm -o /tmp/agent.rpm',
  },
  {
    kind: 'a SendGrid API key',
    secret: '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',
    line: 'export SENDGRID_API_KEY=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',
  },
];
