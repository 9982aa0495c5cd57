import * as fs from 'fs';
import * as path from 'path';
import { UserError } from '../../model/shared/diagnostics';
import { DistFiles } from '../../model/shared/dist-layout';
import { GeneratedFiles } from '../../model/shared/generated-file';
import { EMPTY_FLEET } from '../support/fleet-fixtures';
import { loadFleet } from '../../io/read-fleet';
import { CheckDeps, runCheck, ValidateContext } from '../../review/run-check';
import { synthesize } from '../../synth/synthesize';
import type { LintResult } from '../../validation/cloudformation/cfn-lint';
import { exampleObjects, toDistFiles, writeTree } from './dist-fixtures';
import { DEMO_FLEET_ROOT } from '../support/demo-fleet';

function deps(generated: DistFiles, extra: Partial<CheckDeps> = {}): CheckDeps {
  return { loadFleet: () => ({ fleet: EMPTY_FLEET, warnings: [] }), synthesize: () => generated, ...extra };
}

describe('runCheck', () => {
  const generated = toDistFiles(exampleObjects());

  it('passes when dist/ is exactly what synth generates', async () => {
    const dir = writeTree(generated);
    const r = await runCheck({ projectRoot: '/nowhere', distDir: dir, distLabel: 'dist' }, deps(generated));
    expect(r.ok).toBe(true);
    expect(r.steps.map((s) => `${s.step}:${s.status}`)).toEqual([
      'load:ok',
      'synth:ok',
      'stale:ok',
      'validate:skipped',
      'policies:skipped',
    ]);
    expect(r.steps[2].summary).toBe(`${generated.size} files up to date`);
  });

  it('fails on a hand-edited file, naming it with the first differing line and a diff', async () => {
    const dir = writeTree(generated);
    const file = 'dataops/karpenter/nodepool-batch.yaml';
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    fs.writeFileSync(path.join(dir, file), text.replace('cpu: "100"', 'cpu: "999"'));
    const r = await runCheck({ projectRoot: '/nowhere', distDir: dir, distLabel: 'dist' }, deps(generated));
    expect(r.ok).toBe(false);
    const stale = r.steps.find((s) => s.step === 'stale');
    expect(stale?.status).toBe('failed');
    expect(stale?.findings).toHaveLength(1);
    const [f] = stale?.findings ?? [];
    expect(f.file).toBe(`dist/${file}`);
    const cpuLine = text.split('\n').findIndex((l) => l.includes('cpu: "100"')) + 1;
    expect(f.line).toBe(cpuLine);
    expect(f.message).toContain('differs from what `karpenter-gitops synth` generates');
    expect(r.stale[0].diff).toContain('-    cpu: "999"');
    expect(r.stale[0].diff).toContain('+    cpu: "100"');
  });

  it('reports missing and extra files', async () => {
    const dir = writeTree(generated);
    fs.rmSync(path.join(dir, 'ticketing/karpenter/nodepool-loadtest.yaml'));
    fs.writeFileSync(path.join(dir, 'ticketing/karpenter/nodepool-old.yaml'), 'kind: NodePool\n');
    const r = await runCheck({ projectRoot: '/nowhere', distDir: dir, distLabel: 'dist' }, deps(generated));
    expect(r.stale.map((s) => `${s.file}:${s.status}`)).toEqual([
      'ticketing/karpenter/nodepool-loadtest.yaml:missing',
      'ticketing/karpenter/nodepool-old.yaml:extra',
    ]);
    // A whole missing or extra file gets no diff: the message says it all.
    expect(r.stale.map((s) => s.diff)).toEqual(['', '']);
  });

  it('still validates dist/ when the fleet does not load, and reports the load errors', async () => {
    const dir = writeTree(generated);
    const validate = jest.fn(() => [
      {
        severity: 'error' as const,
        file: 'dataops/karpenter/nodepool-batch.yaml',
        line: 3,
        col: 1,
        path: 'spec',
        message: 'bad',
        fix: 'fix it',
      },
      {
        severity: 'warning' as const,
        file: 'dist/ticketing/karpenter/nodepool-loadtest.yaml',
        line: 1,
        col: 1,
        path: '',
        message: 'w',
      },
    ]);
    const r = await runCheck(
      { projectRoot: '/nowhere', distDir: dir, distLabel: 'dist' },
      deps(generated, {
        loadFleet: () => {
          throw new UserError([
            { severity: 'error', file: 'clusters/a.yaml', line: 2, col: 3, path: 'name', message: 'wrong' },
          ]);
        },
        validate,
      }),
    );
    expect(r.steps.map((s) => `${s.step}:${s.status}`)).toEqual([
      'load:failed',
      'synth:skipped',
      'stale:skipped',
      'validate:failed',
      'policies:skipped',
    ]);
    expect(r.steps[0].findings[0].file).toBe('clusters/a.yaml');
    // Validator paths are relative to dist/; the check reports them relative to the project.
    expect(r.steps[3].findings.map((f) => f.file)).toEqual([
      'dist/dataops/karpenter/nodepool-batch.yaml',
      'dist/ticketing/karpenter/nodepool-loadtest.yaml',
    ]);
    expect(r.steps[3].summary).toBe('1 error, 1 warning in dist/');
    expect(validate).toHaveBeenCalledTimes(1);
    // No fleet: the validator is called without one.
    expect((validate.mock.calls[0] as unknown[])[1]).toBeUndefined();
  });

  it('lets a bug (a plain Error) through instead of hiding it as a finding', async () => {
    const dir = writeTree(generated);
    await expect(
      runCheck(
        { projectRoot: '/nowhere', distDir: dir, distLabel: 'dist' },
        deps(generated, {
          synthesize: () => {
            throw new Error('boom');
          },
        }),
      ),
    ).rejects.toThrow('boom');
  });

  it('gives the policy step a proven base only with --base, not with --full or a changed tool; reads it once', async () => {
    const dir = writeTree(generated);
    const seen: (string | undefined)[] = [];
    let reads = 0;
    const check = (full: boolean, provenBase?: () => string | undefined) =>
      runCheck(
        {
          projectRoot: '/nowhere',
          distDir: dir,
          distLabel: 'dist',
          full,
          previous: {
            label: 'origin/main:dist',
            read: () => {
              reads++;
              return generated;
            },
            ...(provenBase ? { provenBase } : {}),
          },
        },
        deps(generated, {
          validate: () => [],
          policies: async (_fleet, context) => {
            seen.push(context.base?.label ?? context.notReused);
            expect(context.generated).toBe(generated);
            expect(context.distLabel).toBe('dist');
            return { findings: [], summary: '0 scenarios passed, 0 failed' };
          },
        }),
      );
    await check(false, () => undefined);
    expect(reads).toBe(1);
    await check(true, () => undefined);
    await check(false, () => "the tool's sources changed since origin/main");
    await check(false);
    expect(seen).toEqual([
      'origin/main:dist',
      undefined,
      "the tool's sources changed since origin/main",
      undefined,
    ]);
  });

  it('reports the policy step as skipped with --skip-policies', async () => {
    const dir = writeTree(generated);
    const r = await runCheck(
      { projectRoot: '/nowhere', distDir: dir, distLabel: 'dist', skipPolicies: 'skipped (--skip-policies)' },
      deps(generated, { policies: () => Promise.reject(new Error('must not run')) }),
    );
    expect(r.steps[4]).toEqual({
      step: 'policies',
      status: 'skipped',
      findings: [],
      summary: 'skipped (--skip-policies)',
    });
  });

  it('runs the policy scenarios alongside the other steps and reports their failures', async () => {
    const dir = writeTree(generated);
    const order: string[] = [];
    const r = await runCheck(
      {
        projectRoot: '/nowhere',
        distDir: dir,
        distLabel: 'dist',
        onProgress: (step, phase) => order.push(`${step}:${phase}`),
      },
      deps(generated, {
        policies: async () => ({
          findings: [
            {
              severity: 'error',
              file: 'dist/a/cloudformation/karpenter.json',
              line: 0,
              col: 0,
              path: '',
              message: 'scenario failed: x',
            },
          ],
          summary: '1 scenarios passed, 1 failed',
        }),
      }),
    );
    expect(r.ok).toBe(false);
    expect(r.steps.map((s) => `${s.step}:${s.status}`)).toEqual([
      'load:ok',
      'synth:ok',
      'stale:ok',
      'validate:skipped',
      'policies:failed',
    ]);
    // Started right after synth (it needs the generated proof records), finished last.
    expect(order.indexOf('policies:start')).toBe(order.indexOf('synth:end') + 1);
    expect(order[order.length - 1]).toBe('policies:end');
  });

  it('with the real pipeline, a stale file in a synthesized tree is named', async () => {
    const root = DEMO_FLEET_ROOT;
    const { fleet } = loadFleet(root);
    const files = synthesize(fleet);
    const dir = writeTree(files);
    const victim = [...files.keys()].find((f) => f.includes('/karpenter/nodepool-')) as string;
    fs.appendFileSync(path.join(dir, victim), '# edited by hand\n');
    const real: CheckDeps = { loadFleet: (r) => loadFleet(r), synthesize: (f) => synthesize(f) };
    const r = await runCheck({ projectRoot: root, distDir: dir, distLabel: 'dist' }, real);
    expect(r.stale.map((s) => s.file)).toEqual([victim]);
    expect(r.steps.find((s) => s.step === 'stale')?.findings[0].file).toBe(`dist/${victim}`);
    expect(r.stale[0].diff).toContain('-# edited by hand');
  });
});

describe('runCheck with cfn-lint started early', () => {
  const generated = toDistFiles(exampleObjects());
  const lintResult: LintResult = { findings: [], judged: new Map(), linted: 1, cached: 3 };

  it('starts cfn-lint on the committed dist/ before loading the fleet, fresh only with --full', async () => {
    const dir = writeTree(generated);
    const order: string[] = [];
    const calls: { committed: DistFiles; fresh: boolean }[] = [];
    const check = (full: boolean) =>
      runCheck(
        {
          projectRoot: '/nowhere',
          distDir: dir,
          distLabel: 'dist',
          full,
          onProgress: (step, phase) => order.push(`${step}:${phase}`),
        },
        deps(generated, {
          loadFleet: () => {
            order.push('loadFleet');
            return { fleet: EMPTY_FLEET, warnings: [] };
          },
          lintTemplates: async (committed, fresh) => {
            order.push('lintTemplates');
            calls.push({ committed, fresh });
            return lintResult;
          },
          validate: () => [],
        }),
      );
    await check(true);
    expect(order.slice(0, 3)).toEqual(['lintTemplates', 'load:start', 'loadFleet']);
    await check(false);
    expect(calls.map((c) => c.fresh)).toEqual([true, false]);
    expect(new Map([...calls[0].committed].sort())).toEqual(new Map([...generated].sort()));
  });

  it('gives validate the lint result and the values of unchanged files; its summary ends with the lint summary', async () => {
    const edited = 'dataops/karpenter/nodepool-batch.yaml';
    const files: GeneratedFiles = new Map(
      [...generated].map(([p, text]) => [p, { text, value: { from: p } }]),
    );
    const dir = writeTree(new Map([...generated, [edited, `${generated.get(edited)}# edited by hand\n`]]));
    const contexts: (ValidateContext | undefined)[] = [];
    const r = await runCheck(
      { projectRoot: '/nowhere', distDir: dir, distLabel: 'dist' },
      deps(generated, {
        synthesize: () => files,
        lintTemplates: async () => lintResult,
        validate: (_files, _fleet, _previous, context) => {
          contexts.push(context);
          return [];
        },
      }),
    );
    expect(contexts).toHaveLength(1);
    const context = contexts[0] as ValidateContext;
    expect(Object.keys(context).sort()).toEqual(['cfnLint', 'values']);
    expect(context.cfnLint).toBe(lintResult);
    const unchanged = [...generated.keys()].filter((p) => p !== edited).sort();
    expect([...(context.values ?? new Map<string, unknown>())].sort()).toEqual(
      unchanged.map((p) => [p, { from: p }]),
    );
    const validate = r.steps.find((s) => s.step === 'validate');
    expect(validate?.status).toBe('ok');
    expect(validate?.summary).toBe(`${generated.size} files valid, cfn-lint 4 templates, 3 from its cache`);
  });

  it('a cfn-lint that is not installed: validate gets cfnLint false and the summary says the templates were not linted', async () => {
    const dir = writeTree(generated);
    const contexts: (ValidateContext | undefined)[] = [];
    const r = await runCheck(
      { projectRoot: '/nowhere', distDir: dir, distLabel: 'dist' },
      deps(generated, {
        lintTemplates: async () => undefined,
        validate: (_files, _fleet, _previous, context) => {
          contexts.push(context);
          return [];
        },
      }),
    );
    expect(contexts[0]?.cfnLint).toBe(false);
    expect(Object.keys(contexts[0] as ValidateContext).sort()).toEqual(['cfnLint', 'values']);
    const validate = r.steps.find((s) => s.step === 'validate');
    expect(validate?.status).toBe('ok');
    expect(validate?.summary).toBe(
      `${generated.size} files valid, CloudFormation templates not linted: cfn-lint not found (built-in check only)`,
    );
  });

  it('--require-cfn-lint: a cfn-lint that is not installed fails validate with one finding that says how to fix it', async () => {
    const dir = writeTree(generated);
    const r = await runCheck(
      { projectRoot: '/nowhere', distDir: dir, distLabel: 'dist', requireCfnLint: true },
      deps(generated, { lintTemplates: async () => undefined, validate: () => [] }),
    );
    const validate = r.steps.find((s) => s.step === 'validate');
    expect(r.ok).toBe(false);
    expect(validate?.status).toBe('failed');
    expect(validate?.summary).toBe(
      '1 error, CloudFormation templates not linted: cfn-lint not found (built-in check only) in dist/',
    );
    expect(validate?.findings).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: 'dist/',
        message:
          'cfn-lint was not found on PATH, so the CloudFormation templates were not linted (--require-cfn-lint)',
        fix: 'Install cfn-lint (python -m pip install cfn-lint) so that it is on PATH, or run without --require-cfn-lint',
      }),
    ]);
    // Installed, the flag changes nothing.
    const installed = await runCheck(
      { projectRoot: '/nowhere', distDir: dir, distLabel: 'dist', requireCfnLint: true },
      deps(generated, { lintTemplates: async () => lintResult, validate: () => [] }),
    );
    expect(installed.steps.find((s) => s.step === 'validate')?.status).toBe('ok');
  });

  it('without a linter wired in, validate gets no cfnLint (it lints the templates itself)', async () => {
    const dir = writeTree(generated);
    const contexts: (ValidateContext | undefined)[] = [];
    await runCheck(
      { projectRoot: '/nowhere', distDir: dir, distLabel: 'dist' },
      deps(generated, {
        validate: (_files, _fleet, _previous, context) => {
          contexts.push(context);
          return [];
        },
      }),
    );
    expect(contexts).toHaveLength(1);
    expect(Object.keys(contexts[0] as ValidateContext)).toEqual(['values']);
  });

  it('a lintTemplates that rejects with a plain Error makes runCheck reject (a bug is not hidden)', async () => {
    const dir = writeTree(generated);
    await expect(
      runCheck(
        { projectRoot: '/nowhere', distDir: dir, distLabel: 'dist' },
        deps(generated, {
          lintTemplates: () => Promise.reject(new Error('lint bug')),
          validate: () => [],
        }),
      ),
    ).rejects.toThrow('lint bug');
  });
});

describe('runCheck with cfn-lint started by the caller (startedLint)', () => {
  const generated = toDistFiles(exampleObjects());
  const lintResult: LintResult = { findings: [], judged: new Map(), linted: 0, cached: 4 };
  const edited = 'dataops/karpenter/nodepool-batch.yaml';

  function started(committed: DistFiles | undefined, fresh = false) {
    let asked = 0;
    return {
      lint: {
        fresh,
        result: Promise.resolve(lintResult),
        committed: () => {
          asked++;
          return committed;
        },
      },
      asked: () => asked,
    };
  }

  it("takes the lint's result and the files its worker read, and does not start lintTemplates", async () => {
    // What the worker read holds a hand edit the folder on disk does not: stale must name it.
    const dir = writeTree(generated);
    const read = new Map([...generated, [edited, `${generated.get(edited)}# edited by hand\n`]]);
    const s = started(read);
    const lintTemplates = jest.fn(async () => lintResult);
    const r = await runCheck(
      { projectRoot: '/nowhere', distDir: dir, distLabel: 'dist' },
      deps(generated, { lintTemplates, startedLint: s.lint, validate: () => [] }),
    );
    expect(lintTemplates).not.toHaveBeenCalled();
    expect(s.asked()).toBe(1);
    expect(r.stale.map((f) => f.file)).toEqual([edited]);
    expect(r.steps.find((x) => x.step === 'validate')?.summary).toBe(
      `${generated.size} files valid, cfn-lint 4 templates, 4 from its cache`,
    );
  });

  it('reads the folder itself when the worker has not posted it, and ignores a lint of the other freshness', async () => {
    const dir = writeTree(new Map([...generated, [edited, `${generated.get(edited)}# edited by hand\n`]]));
    const s = started(undefined);
    const r = await runCheck(
      { projectRoot: '/nowhere', distDir: dir, distLabel: 'dist' },
      deps(generated, { startedLint: s.lint, validate: () => [] }),
    );
    expect(r.stale.map((f) => f.file)).toEqual([edited]);
    const lintTemplates = jest.fn(async () => lintResult);
    const full = started(undefined, false);
    await runCheck(
      { projectRoot: '/nowhere', distDir: dir, distLabel: 'dist', full: true },
      deps(generated, { lintTemplates, startedLint: full.lint, validate: () => [] }),
    );
    expect(lintTemplates).toHaveBeenCalledTimes(1);
    expect(full.asked()).toBe(0);
  });
});
