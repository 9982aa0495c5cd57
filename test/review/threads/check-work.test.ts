import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fakeCfnLint } from '../../support/fake-cfn-lint';
import { git } from '../git-fixtures';

const ROOT = resolve(__dirname, '..', '..', '..');
const BUILT = resolve(ROOT, 'build', 'review', 'threads', 'check-work.js');
const BUILT_LINT = resolve(ROOT, 'build', 'review', 'check-lint.js');

const TEMPLATE = JSON.stringify(
  {
    AWSTemplateFormatVersion: '2010-09-09',
    Resources: { Queue: { Type: 'AWS::SQS::Queue', Properties: { QueueName: 'BAD' } } },
  },
  null,
  2,
);

/** Runs a node script in `cwd` with the stand-in cfn-lint first on the PATH, no server, its own cache. */
function withFakeLint(script: string, cwd: string, fakeDir: string): string {
  return execFileSync(process.execPath, ['-e', script, cwd], {
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${fakeDir}${delimiter}${process.env.PATH ?? ''}`,
      XDG_CACHE_HOME: join(cwd, 'cache'),
      KARPENTER_GITOPS_CFN_LINT_SERVER: 'off',
    },
  });
}

/** A project whose dist/ holds one cluster's template (with an error cfn-lint reports) and a NodePool. */
function projectWithTemplate(prefix: string): { cwd: string; dist: string } {
  const cwd = mkdtempSync(join(tmpdir(), prefix));
  const dist = join(cwd, 'dist');
  mkdirSync(join(dist, 'shop', 'cloudformation'), { recursive: true });
  mkdirSync(join(dist, 'shop', 'karpenter'), { recursive: true });
  writeFileSync(join(dist, 'shop', 'cloudformation', 'karpenter.json'), TEMPLATE);
  writeFileSync(join(dist, 'shop', 'karpenter', 'nodepool-general.yaml'), 'kind: NodePool\n');
  return { cwd, dist };
}

// The worker thread runs only from the build (npm test builds first).
(existsSync(BUILT) ? describe : describe.skip)("check's worker thread", () => {
  it('gives what linting in this thread gives, and lints in a worker', () => {
    const fake = fakeCfnLint();
    const cwd = mkdtempSync(join(tmpdir(), 'kg-lint-worker-'));
    const script = `
      const workers = require('worker_threads');
      const started = [];
      workers.Worker = class extends workers.Worker {
        constructor(file, options) { super(file, options); started.push(require('path').basename(file)); }
      };
      const lint = { ...require(${JSON.stringify(BUILT)}), ...require(${JSON.stringify(BUILT_LINT)}) };
      const committed = new Map([
        ['shop/cloudformation/karpenter.json', ${JSON.stringify(TEMPLATE)}],
        ['shop/karpenter/nodepool-general.yaml', 'kind: NodePool\\n'],
      ]);
      const place = { cwd: process.argv[1], env: process.env };
      (async () => {
        const off = await lint.lintCommittedOffThread(committed, false, place);
        const here = await lint.lintCommitted(committed, false, place);
        process.stdout.write(JSON.stringify({ off, here, judged: [...off.judged.keys()], started }));
      })();
    `;
    const out = JSON.parse(withFakeLint(script, cwd, fake.dir)) as {
      off: { findings: { file: string; message: string; severity: string }[]; linted: number };
      here: { findings: unknown[]; linted: number };
      judged: string[];
      started: string[];
    };
    expect(out.started).toEqual(['check-worker.js']);
    expect(out.judged).toEqual(['dist/shop/cloudformation/karpenter.json']);
    expect(out.off.findings).toEqual(out.here.findings);
    expect(out.off.findings).toEqual([
      expect.objectContaining({
        file: 'dist/shop/cloudformation/karpenter.json',
        severity: 'error',
        message: expect.stringMatching(/^E3002: /),
      }),
    ]);
    expect(out.off.linted).toBe(1);
    expect(fake.runs()).toBe(2);
  });

  it('started on a folder: the worker reads it, posts every file for check, and lints its templates', () => {
    const fake = fakeCfnLint();
    const { cwd } = projectWithTemplate('kg-lint-started-');
    const script = `
      const { startCheckWork } = require(${JSON.stringify(BUILT)});
      const started = startCheckWork({
        distDir: process.argv[1] + '/dist',
        lint: { fresh: false, place: { cwd: process.argv[1], env: process.env } },
      }).lint;
      (async () => {
        const result = await started.result;
        const committed = [...started.committed()].sort();
        process.stdout.write(JSON.stringify({ fresh: started.fresh, committed, findings: result.findings, again: started.committed() === started.committed() }));
      })();
    `;
    const out = JSON.parse(withFakeLint(script, cwd, fake.dir)) as {
      fresh: boolean;
      committed: [string, string][];
      findings: { file: string }[];
      again: boolean;
    };
    expect(out.fresh).toBe(false);
    expect(out.committed).toEqual([
      ['shop/cloudformation/karpenter.json', TEMPLATE],
      ['shop/karpenter/nodepool-general.yaml', 'kind: NodePool\n'],
    ]);
    expect(out.again).toBe(true);
    expect(out.findings.map((f) => f.file)).toEqual(['dist/shop/cloudformation/karpenter.json']);
  });

  it('one worker for both: answers the base from git and the working files, posts the files, lints', () => {
    const fake = fakeCfnLint();
    const { cwd, dist } = projectWithTemplate('kg-check-work-');
    git(cwd, 'init', '-q', '-b', 'main');
    git(cwd, 'add', 'dist');
    git(cwd, 'commit', '-q', '-m', 'base');
    writeFileSync(
      join(dist, 'shop', 'karpenter', 'nodepool-general.yaml'),
      'kind: NodePool\nchanged: true\n',
    );
    const script = `
      const workers = require('worker_threads');
      const started = [];
      workers.Worker = class extends workers.Worker {
        constructor(file, options) { super(file, options); started.push(require('path').basename(file)); }
      };
      const { startCheckWork } = require(${JSON.stringify(BUILT)});
      const work = startCheckWork({
        distDir: process.argv[1] + '/dist',
        lint: { fresh: false, place: { cwd: process.argv[1], env: process.env } },
        base: { ref: 'HEAD', distDir: 'dist', cwd: process.argv[1] },
      });
      const base = [...work.base.read()];
      (async () => {
        const result = await work.lint.result;
        const committed = [...work.lint.committed()].sort();
        process.stdout.write(JSON.stringify({ started, base, sources: work.base.toolSources() ?? null, committed, findings: result.findings.map((f) => f.file) }));
      })();
    `;
    const out = JSON.parse(withFakeLint(script, cwd, fake.dir)) as {
      started: string[];
      base: [string, string][];
      sources: string | null;
      committed: [string, string][];
      findings: string[];
    };
    expect(out.started).toEqual(['check-worker.js']);
    expect(out.base).toEqual([
      ['shop/cloudformation/karpenter.json', TEMPLATE],
      ['shop/karpenter/nodepool-general.yaml', 'kind: NodePool\n'],
    ]);
    expect(out.sources).toBeNull();
    expect(out.committed).toEqual([
      ['shop/cloudformation/karpenter.json', TEMPLATE],
      ['shop/karpenter/nodepool-general.yaml', 'kind: NodePool\nchanged: true\n'],
    ]);
    expect(out.findings).toEqual(['dist/shop/cloudformation/karpenter.json']);
  });

  it('a worker that fails before it answers the base still raises its flag: check answers itself, at once', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'kg-check-work-fail-'));
    const script = `
      const { Worker, MessageChannel, receiveMessageOnPort } = require('worker_threads');
      const flag = new SharedArrayBuffer(4);
      const files = new MessageChannel();
      const answers = new MessageChannel();
      // place: null fails the job's first step, before the folder is read or the base answered.
      const worker = new Worker(${JSON.stringify(resolve(ROOT, 'build', 'review', 'threads', 'check-worker.js'))}, {
        workerData: {
          distDir: process.argv[1],
          filesPort: files.port2,
          lint: { fresh: false, place: null },
          base: { question: { ref: 'HEAD', distDir: 'dist', cwd: process.argv[1], flag }, port: answers.port2 },
        },
        transferList: [files.port2, answers.port2],
      });
      const waited = Atomics.wait(new Int32Array(flag), 0, 0, 20000);
      const base = receiveMessageOnPort(answers.port1);
      worker.once('message', (m) => {
        process.stdout.write(JSON.stringify({ waited, base: base === undefined ? null : base, failure: m.failure.split('\\n')[0] }));
        process.exit(0);
      });
    `;
    const out = JSON.parse(execFileSync(process.execPath, ['-e', script, cwd], { encoding: 'utf8' })) as {
      waited: string;
      base: unknown;
      failure: string;
    };
    // Raised (not timed out), with no answer posted: the main thread then reads the base itself.
    expect(out.waited).not.toBe('timed-out');
    expect(out.base).toBeNull();
    expect(out.failure).toMatch(/^TypeError: Cannot read properties of null/);
  });
});
