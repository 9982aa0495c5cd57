/**
 * The cdk8s validation plugin, driven through cdk8s-cli's own ValidationContext. It loads
 * the compiled validator from build/, so this test builds nothing: it runs when build/ has
 * been compiled (npm test builds first) and says so otherwise.
 */
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

test('the plugin needs the compiled validator (built: ' + String(built) + ')', () => {
  expect(existsSync(join(__dirname, '..', '..', 'validation', 'cdk8s-plugin.js'))).toBe(true);
});
