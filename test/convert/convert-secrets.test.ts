/**
 * convert never carries a secret into a fleet file silently: a credential in a source manifest's
 * userData or tags is an error of the report (naming its kind, never the secret), and the run
 * exits 1 without writing the fleet file.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { runConvertCli } from '../../convert/cli';
import { FIXTURES } from './convert-helpers';

const AWS_SECRET = 'Zq4fJ0wB2xK9mN7pL3sR8tV1yH6cD5eG0aQ2uI4o';
const GITHUB_TOKEN = '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';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'convert-secrets-'));
  mkdirSync(join(dir, 'manifests'));
  copyFileSync(join(FIXTURES, 'v1', 'dataops.yaml'), join(dir, 'manifests', 'dataops.yaml'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function run(...argv: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runConvertCli(argv, { cwd: dir, stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

test('a secret in userData and a tag: errors, exit 1, nothing written, never the secret', () => {
  const file = join(dir, 'manifests', 'dataops.yaml');
  const text = readFileSync(file, 'utf8')
    .replace('    cost-center: "4242"\n', `    cost-center: "4242"\n    ci: ${GITHUB_TOKEN}\n`)
    .replace(
      '          strategy: RAID0\n',
      `          strategy: RAID0\n    # export AWS_SECRET_ACCESS_KEY=${AWS_SECRET}\n`,
    );
  writeFileSync(file, text);
  const r = run('--write', 'manifests/dataops.yaml', '--account', '111122223333', '--region', 'eu-west-1');
  expect(r.code).toBe(1);
  expect(r.err).toMatch(/an AWS secret access key is written here/);
  expect(r.err).toMatch(/a GitHub token is written here/);
  expect(r.out + r.err).not.toContain(AWS_SECRET);
  expect(r.out + r.err).not.toContain(GITHUB_TOKEN);
  expect(existsSync(join(dir, 'clusters'))).toBe(false);
});
