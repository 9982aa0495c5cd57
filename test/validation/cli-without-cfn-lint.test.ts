/**
 * `validate` on a machine without cfn-lint: the templates get the built-in check, and the
 * summary line says they were not linted; `--require-cfn-lint` turns that into a failure.
 * PATH holds only Node.js's folder here (before the first cfn-lint look-up of this worker's
 * module registry), so cfn-lint cannot be found whatever the machine has installed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { findCfnLint } from '../../validation/cloudformation/cfn-lint';
import { runCli } from '../../validation/cli';
import { cfnTemplate, NODE_POOL } from './fixtures';

let work: string;
const savedPath = process.env.PATH;

beforeAll(() => {
  process.env.PATH = dirname(process.execPath);
  work = mkdtempSync(join(tmpdir(), 'kg-validate-nolint-'));
  mkdirSync(join(work, 'm'));
  writeFileSync(join(work, 'm', 'pool.yaml'), NODE_POOL);
  writeFileSync(join(work, 'm', 'karpenter.json'), cfnTemplate({}));
  mkdirSync(join(work, 'k'));
  writeFileSync(join(work, 'k', 'pool.yaml'), NODE_POOL);
});
afterAll(() => {
  process.env.PATH = savedPath;
  rmSync(work, { recursive: true, force: true });
});

const clock = () => {
  let t = 0;
  return () => (t += 5);
};

test('cfn-lint is not found with this PATH', () => {
  expect(findCfnLint()).toBeNull();
});

test('the summary line says the template was not linted; the exit code stays 0', async () => {
  const r = await runCli([join(work, 'm')], { now: clock(), cwd: work, env: { HOME: work } });
  expect(r.code).toBe(0);
  expect(r.stdout.trim().split('\n').at(-1)).toBe(
    'validated 2 documents in 5 ms (400/s): 0 errors, 0 warnings; 1 CloudFormation template not linted: cfn-lint not found (built-in check only)',
  );
});

test('--require-cfn-lint fails, naming what was validated and how to fix it', async () => {
  const dir = join(work, 'm');
  const r = await runCli(['--require-cfn-lint', '--format', 'json', dir], { now: clock(), cwd: work });
  expect(r.code).toBe(1);
  expect(JSON.parse(r.stdout)).toEqual([
    expect.objectContaining({
      severity: 'error',
      file: dir,
      check: 'cloudformation/cfn-lint',
      message:
        'cfn-lint was not found on PATH, so the CloudFormation templates were not linted (--require-cfn-lint)',
      fix: 'Install cfn-lint (python -m pip install cfn-lint) so that it is on PATH, or run without --require-cfn-lint',
    }),
  ]);
});

test('without templates there is nothing to lint: no note, and --require-cfn-lint passes', async () => {
  const r = await runCli(['--require-cfn-lint', join(work, 'k')], { now: clock(), cwd: work });
  expect(r.code).toBe(0);
  expect(r.stdout).not.toContain('not linted');
});

test('--no-cfn-lint and --require-cfn-lint together are a usage error', async () => {
  const r = await runCli(['--no-cfn-lint', '--require-cfn-lint', join(work, 'k')]);
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('give either --no-cfn-lint or --require-cfn-lint, not both');
});
