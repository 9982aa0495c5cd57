import { DistFiles } from '../../model/shared/dist-layout';
import { lintSummary, startLint, startLintIdentity } from '../../review/check-lint';
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

describe('startLintIdentity', () => {
  const found = { identity: 'cfn-lint 1.51.0 /x/cfnlint/__init__.py 1', program: '/x/bin/cfn-lint' };

  test('asks at once, and gives that answer to the first question about the same program and folder', async () => {
    const asked: string[] = [];
    const tell = (bin: string, cwd: string) => {
      asked.push(`${bin} in ${cwd}`);
      return Promise.resolve(found);
    };
    const teller = startLintIdentity('/repo', '/usr/bin/cfn-lint', tell);
    expect(asked).toEqual(['/usr/bin/cfn-lint in /repo']);
    await expect(teller?.('/usr/bin/cfn-lint', '/repo')).resolves.toBe(found);
    expect(asked).toHaveLength(1);
    // Later questions, and questions about another program or folder, are asked afresh.
    await teller?.('/usr/bin/cfn-lint', '/repo');
    await teller?.('/other/cfn-lint', '/repo');
    expect(asked).toEqual([
      '/usr/bin/cfn-lint in /repo',
      '/usr/bin/cfn-lint in /repo',
      '/other/cfn-lint in /repo',
    ]);
  });

  test('does nothing without cfn-lint on the PATH', () => {
    const tell = jest.fn(() => Promise.resolve(found));
    expect(startLintIdentity('/repo', null, tell)).toBeUndefined();
    expect(tell).not.toHaveBeenCalled();
  });

  test('an early question that fails is not an unhandled rejection; the next one asks again', async () => {
    let n = 0;
    const tell = () => (++n === 1 ? Promise.reject(new Error('probe failed')) : Promise.resolve(found));
    const teller = startLintIdentity('/repo', '/usr/bin/cfn-lint', tell);
    await expect(teller?.('/usr/bin/cfn-lint', '/repo')).rejects.toThrow('probe failed');
    await expect(teller?.('/usr/bin/cfn-lint', '/repo')).resolves.toBe(found);
  });
});
