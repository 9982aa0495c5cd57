/**
 * `validate` scans any manifest for credentials: userData (at the line inside the block),
 * annotations, env values of a pod template, Helm values; never printing the secret; the
 * opt-out comment allows a documented false positive.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runCli } from '../../validation/cli';
import { SECRET_SAMPLES } from '../model/shared/secret-samples';
import { NODE_CLASS, NODE_POOL } from './fixtures';

const AWS_SECRET = 'Zq4fJ0wB2xK9mN7pL3sR8tV1yH6cD5eG0aQ2uI4o';
const GITHUB_TOKEN = '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';
const SLACK_TOKEN = 'xoxb-12345678901-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx';

let work: string;
function write(rel: string, text: string): string {
  const p = join(work, rel);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, text);
  return p;
}
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'kg-validate-secrets-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** NODE_CLASS is 23 lines up to `metadataOptions:`; userData follows at line 26. */
const CLASS_WITH_USER_DATA = `${NODE_CLASS}  userData: |
    #!/bin/bash
    export AWS_SECRET_ACCESS_KEY=${AWS_SECRET}
`;

const POD_TEMPLATE = `apiVersion: v1
kind: PodTemplate
metadata:
  name: warm
template:
  spec:
    containers:
      - name: pause
        image: registry.k8s.io/pause:3.10
        env:
          - name: SLACK
            value: ${SLACK_TOKEN}
`;

describe('validate: secret scan', () => {
  test('every finding at its line, naming the kind, never the secret', async () => {
    const dir = join(work, 'm');
    write('m/class.yaml', CLASS_WITH_USER_DATA);
    write(
      'm/pool.yaml',
      NODE_POOL.replace(
        'metadata:\n  name: general\n',
        `metadata:\n  name: general\n  annotations:\n    ci: ${GITHUB_TOKEN}\n`,
      ),
    );
    write('m/pod-template.yaml', POD_TEMPLATE);
    const r = await runCli([dir]);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    const at = (prefix: string) => lines.find((l) => l.includes(prefix)) ?? `none: ${r.stdout}`;
    expect(at('class.yaml:30:')).toMatch(
      /spec\.userData: an AWS secret access key is written here.*ec2:DescribeInstanceAttribute/,
    );
    expect(at('pool.yaml:5:')).toMatch(/metadata\.annotations\.ci: a GitHub token is written here/);
    expect(at('pod-template.yaml:12:')).toMatch(
      /template\.spec\.containers\[0\]\.env\[0\]\.value: a Slack token is written here/,
    );
    for (const secret of [AWS_SECRET, GITHUB_TOKEN, SLACK_TOKEN])
      expect(r.stdout + r.stderr).not.toContain(secret);
  });

  test('every string of a Helm values file is scanned', async () => {
    const dist = join(work, 'dist');
    write(
      'dist/demo/values/karpenter.yaml',
      `settings:\n  clusterName: demo\npodAnnotations: {}\nextra:\n  token: ${GITHUB_TOKEN}\n`,
    );
    const r = await runCli([dist]);
    expect(r.stdout).toContain('karpenter.yaml:5:3 extra.token: a GitHub token is written here');
  });

  test('the opt-out comment allows a documented false positive', async () => {
    const p = write(
      'ok.yaml',
      NODE_POOL.replace(
        'metadata:\n  name: general\n',
        `metadata:\n  name: general\n  annotations:\n    ci: ${GITHUB_TOKEN} # karpenter-gitops: allow-secret revoked fixture\n`,
      ),
    );
    const r = await runCli([p]);
    expect(r.stdout).not.toContain('GitHub token');
    expect(r.code).toBe(0);
  });

  test.each(SECRET_SAMPLES.map((x) => [x.kind, x] as const))(
    '%s in userData: named, never shown',
    async (kind, sample) => {
      const body = sample.line
        .split('\n')
        .map((l) => `    ${l}`)
        .join('\n');
      const p = write('class.yaml', `${NODE_CLASS}  userData: |\n    #!/bin/bash\n${body}\n`);
      const r = await runCli([p]);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(`spec.userData: ${kind} is written here`);
      expect(r.stdout + r.stderr).not.toContain(sample.secret);
    },
  );
});
