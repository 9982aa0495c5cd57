/**
 * The cdk8s validation plugin, driven through cdk8s-cli's own ValidationContext. It loads
 * the compiled validator from build/, so this test builds nothing: it runs when build/ has
 * been compiled (npm test builds first) and says so otherwise.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { NODE_CLASS, NODE_POOL } from './fixtures';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ValidationContext } = require(
  join(__dirname, '..', '..', 'node_modules', 'cdk8s-cli', 'lib', 'plugins', 'validation.js'),
) as {
  ValidationContext: new (
    manifests: string[],
    pkg: string,
    version: string,
  ) => {
    report: {
      success: boolean;
      toJson(): {
        violations: {
          ruleName: string;
          violatingConstructs: { resourceName: string; locations: string[] }[];
        }[];
        summary: { metadata: Record<string, string> };
      };
    };
  };
};

const built = existsSync(join(__dirname, '..', '..', 'build', 'validation', 'validate-tree.js'));

(built ? describe : describe.skip)('cdk8s validation plugin', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'kg-plugin-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { KarpenterGitopsValidation } = require('../../validation/cdk8s-plugin.js') as {
    KarpenterGitopsValidation: new (p: Record<string, unknown>) => { validate(ctx: unknown): Promise<void> };
  };

  test('submits success for valid manifests', async () => {
    const file = join(dir, 'app.k8s.yaml');
    writeFileSync(file, `${NODE_CLASS}---\n${NODE_POOL}`);
    const ctx = new ValidationContext([file], 'karpenter-gitops', '0.1.0');
    await new KarpenterGitopsValidation({ karpenterVersion: '1.14.1' }).validate(ctx);
    expect(ctx.report.success).toBe(true);
    expect(ctx.report.toJson().summary.metadata).toEqual({ documents: '2', errors: '0', warnings: '0' });
  });

  test('files in the dist/ layout get the checks across artifacts, CloudFormation included', async () => {
    const { distFiles, cfnTemplate } = await import('./fixtures');
    const paths: string[] = [];
    for (const [rel, text] of distFiles()) {
      const p = join(dir, 'out', rel);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, rel.endsWith('.json') ? cfnTemplate({ role: 'other-role' }) : text);
      if (p.endsWith('.yaml')) paths.push(p);
    }
    const ctx = new ValidationContext(paths, 'karpenter-gitops', '0.1.0');
    await new KarpenterGitopsValidation({}).validate(ctx);
    expect(ctx.report.success).toBe(false);
    expect(ctx.report.toJson().violations.map((v) => v.ruleName)).toEqual([
      "cross/node-role: role 'KarpenterNodeRole-demo' is not the node role CloudFormation creates (other-role)",
    ]);
  });

  test('submits failure with one violation per rule and the resource name', async () => {
    const file = join(dir, 'app.k8s.yaml');
    writeFileSync(file, NODE_CLASS.replace('kmsKeyID:', 'kmsKeyId:'));
    const ctx = new ValidationContext([file], 'karpenter-gitops', '0.1.0');
    await new KarpenterGitopsValidation({}).validate(ctx);
    expect(ctx.report.success).toBe(false);
    const v = ctx.report.toJson().violations;
    expect(v).toHaveLength(1);
    expect(v[0].ruleName).toBe(
      "schema/unknown-field: unknown field 'kmsKeyId': the API server would drop it without a word",
    );
    expect(v[0].violatingConstructs[0]).toMatchObject({
      resourceName: 'default',
      locations: ['line 21: spec.blockDeviceMappings[0].ebs.kmsKeyId'],
    });
  });
});

(built ? describe : describe.skip)('cdk8s validation plugin and cfn-lint', () => {
  // A stand-in cfn-lint, first on PATH of a child process (jest's process.env does not reach
  // child_process), that leaves a mark when it runs and reports one finding.
  let dir: string;
  let bin: string;
  let mark: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kg-plugin-cfn-'));
    mark = join(dir, 'ran');
    bin = join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'cfn-lint'),
      `#!/bin/sh\ntouch '${mark}'\nlast=""; for a in "$@"; do last="$a"; done\nprintf '[{"Rule":{"Id":"E9999"},"Level":"Error","Message":"stand-in cfn-lint ran.","Filename":"%s"}]' "$last"\n`,
      { mode: 0o755 },
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function ruleNames(properties: Record<string, unknown>): Promise<string[]> {
    const { distFiles } = await import('./fixtures');
    const out = join(dir, `out-${Object.keys(properties).join('-') || 'default'}`);
    const paths: string[] = [];
    for (const [rel, text] of distFiles()) {
      const p = join(out, rel);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, text);
      if (p.endsWith('.yaml')) paths.push(p);
    }
    const root = join(__dirname, '..', '..');
    const script = `
      const { ValidationContext } = require(${JSON.stringify(join(root, 'node_modules', 'cdk8s-cli', 'lib', 'plugins', 'validation.js'))});
      const { KarpenterGitopsValidation } = require(${JSON.stringify(join(root, 'validation', 'cdk8s-plugin.js'))});
      const ctx = new ValidationContext(${JSON.stringify(paths)}, 'karpenter-gitops', '0.1.0');
      new KarpenterGitopsValidation(${JSON.stringify(properties)}).validate(ctx).then(() =>
        process.stdout.write(JSON.stringify(ctx.report.toJson().violations.map((v) => v.ruleName))));`;
    const r = spawnSync(process.execPath, ['-e', script], {
      encoding: 'utf8',
      env: { PATH: `${bin}:${process.env.PATH ?? ''}` },
    });
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout) as string[];
  }

  test('does not run cfn-lint unless asked: the built-in CloudFormation check runs instead', async () => {
    expect(await ruleNames({})).toEqual([]);
    expect(existsSync(mark)).toBe(false);
  });

  test('runs cfn-lint with cfnLint: true', async () => {
    expect(await ruleNames({ cfnLint: true })).toEqual([
      'cloudformation/cfn-lint: E9999: stand-in cfn-lint ran',
    ]);
    expect(existsSync(mark)).toBe(true);
  });
});

test('the plugin needs the compiled validator (built: ' + String(built) + ')', () => {
  expect(existsSync(join(__dirname, '..', '..', 'validation', 'cdk8s-plugin.js'))).toBe(true);
});
