import { DistFiles } from '../../model/shared/dist-layout';
import { lintSummary, startLint } from '../../review/check-lint';
import type { LintResult } from '../../validation/cloudformation/cfn-lint';

function result(linted: number, cached: number, uncached?: string): LintResult {
  return {
    findings: [],
    judged: new Map(),
    linted,
    cached,
    ...(uncached !== undefined ? { uncached } : {}),
  };
}

describe('lintSummary', () => {
  test('how many templates, and how many came from the cache', () => {
    expect(lintSummary(result(4, 0))).toBe('cfn-lint 4 templates');
    expect(lintSummary(result(1, 49))).toBe('cfn-lint 50 templates, 49 from its cache');
    expect(lintSummary(result(0, 1))).toBe('cfn-lint 1 template, 1 from its cache');
    expect(lintSummary(result(0, 0))).toBe('cfn-lint 0 templates');
    expect(lintSummary({ ...result(1, 49), served: 1 })).toBe(
      'cfn-lint 50 templates, 49 from its cache, 1 on its server',
    );
  });

  test('why nothing was cached, when so', () => {
    expect(lintSummary(result(4, 0, '/p/.cfnlintrc names files outside the template (append_rules)'))).toBe(
      'cfn-lint 4 templates (not cached: /p/.cfnlintrc names files outside the template (append_rules))',
    );
  });
});

describe('startLint', () => {
  const files: DistFiles = new Map([['demo/cloudformation/karpenter.json', '{"Resources":{}}\n']]);

  test('undefined without a linter wired in', () => {
    expect(startLint(files, undefined, false)).toBeUndefined();
  });

  test('starts the linter at once on the committed files, with --full as fresh', async () => {
    const lint = jest.fn(async (_files: DistFiles, _fresh: boolean) => result(1, 0));
    const started = startLint(files, lint, true);
    expect(lint).toHaveBeenCalledTimes(1);
    expect(lint.mock.calls[0][0]).toBe(files);
    expect(lint.mock.calls[0][1]).toBe(true);
    await started;
    startLint(files, lint, false);
    expect(lint.mock.calls[1][1]).toBe(false);
  });

  test('resolves to the result, or {} when cfn-lint is not installed', async () => {
    const r = result(3, 2);
    await expect(startLint(files, async () => r, false)).resolves.toStrictEqual({ result: r });
    await expect(startLint(files, async () => undefined, false)).resolves.toStrictEqual({});
  });

  test('a failing linter rejects when awaited (a bug is not turned into a result)', async () => {
    const started = startLint(files, () => Promise.reject(new Error('lint bug')), false);
    await new Promise((resolve) => setImmediate(resolve));
    await expect(started).rejects.toThrow('lint bug');
  });
});
