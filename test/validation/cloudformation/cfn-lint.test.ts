import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cfnLintCacheKey } from '../../../validation/cloudformation/cfn-lint-cache';
import { CfnLintInstallation } from '../../../validation/cloudformation/cfn-lint-identity';
import { serverSocketPath } from '../../../validation/cloudformation/cfn-lint-server';
import {
  CfnLintTemplate,
  findCfnLint,
  isLintExit,
  lintTemplates,
  LintOptions,
  parseCfnLintOutput,
  runCfnLint,
} from '../../../validation/cloudformation/cfn-lint';
import { Finding } from '../../../validation/finding';

const IDENTITY = 'cfn-lint 9.9.9 fake 1';
/** The identity of a cfn-lint that is its own script (no shim): the program is `bin`. */
const fakeIdentity = async (bin: string): Promise<CfnLintInstallation | undefined> => ({
  identity: IDENTITY,
  program: bin,
});

const folders: string[] = [];
function folder(prefix = 'kg-cfn-lint-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** One run of the fake cfn-lint: the folder it ran in, its arguments and the texts of the files it was given. */
interface Invocation {
  readonly cwd: string;
  readonly args: readonly string[];
  readonly texts: readonly string[];
}

/**
 * A fake cfn-lint (a node script): logs each run; `ok` prints cfn-lint's JSON with an E3002
 * error for each line holding `BAD` (exit 2) and a W3005 warning for each line holding `WARN`
 * (exit 4 when there is no error), else `[]` (exit 0); `crash` fails like a broken installation.
 */
function fakeLinter(mode: 'ok' | 'crash'): {
  readonly bin: string;
  readonly invocations: () => Invocation[];
} {
  const dir = folder('kg-fake-cfn-lint-');
  const log = join(dir, 'calls.log');
  const bin = join(dir, 'cfn-lint');
  const body = `
const fs = require('fs');
const args = process.argv.slice(2);
const files = args.slice(args.indexOf('--') + 1);
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({
  cwd: process.cwd(),
  args,
  texts: files.map((f) => fs.readFileSync(f, 'utf8')),
}) + '\\n');
if (${JSON.stringify(mode)} === 'crash') {
  process.stderr.write('Traceback (most recent call last):\\n  File "cfnlint/runner.py", line 1\\nboom\\n\\n');
  process.exit(1);
}
const matches = [];
for (const f of files) {
  fs.readFileSync(f, 'utf8').split('\\n').forEach((l, i) => {
    const bad = l.indexOf('BAD');
    if (bad >= 0)
      matches.push({
        Filename: f,
        Level: 'Error',
        Message: "Additional properties are not allowed ('BAD' was unexpected).",
        Rule: { Id: 'E3002', ShortDescription: 'Resource properties are invalid' },
        Location: { Start: { LineNumber: i + 1, ColumnNumber: bad + 1 }, End: { LineNumber: i + 1, ColumnNumber: bad + 4 }, Path: ['Resources', 'Queue', 'Properties', 'BAD'] },
      });
    const warn = l.indexOf('WARN');
    if (warn >= 0)
      matches.push({
        Filename: f,
        Level: 'Warning',
        Message: 'Obsolete DependsOn on resource (Role)',
        Rule: { Id: 'W3005' },
        Location: { Start: { LineNumber: i + 1, ColumnNumber: warn + 1 }, Path: ['Resources', 'Queue', 'DependsOn', 0] },
      });
  });
}
process.stdout.write(JSON.stringify(matches, null, 4));
process.exit(matches.some((m) => m.Level === 'Error') ? 2 : matches.length > 0 ? 4 : 0);
`;
  writeFileSync(bin, `#!${process.execPath}\n${body}`, { mode: 0o755 });
  return {
    bin,
    invocations: () =>
      existsSync(log)
        ? readFileSync(log, 'utf8')
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as Invocation)
        : [],
  };
}

function template(queue: string, extra = ''): string {
  return [
    "AWSTemplateFormatVersion: '2010-09-09'",
    'Resources:',
    '  Queue:',
    '    Type: AWS::SQS::Queue',
    '    Properties:',
    `      QueueName: ${queue}`,
    ...(extra ? [extra] : []),
    '',
  ].join('\n');
}

const CLEAN = template('clean');
const BAD = template('bad', '      BAD: true');
const WARNED = template('warned', '    DependsOn: [Role] # WARN');

const THREE: CfnLintTemplate[] = [
  { file: 'dist/a/cloudformation/karpenter.yaml', text: CLEAN },
  { file: 'dist/b/cloudformation/karpenter.yaml', text: BAD },
  { file: 'dist/c/cloudformation/karpenter.yaml', text: WARNED },
];

/** What the fake linter reports for THREE, as findings. */
const THREE_FINDINGS: Finding[] = [
  {
    file: 'dist/b/cloudformation/karpenter.yaml',
    document: 0,
    severity: 'error',
    line: 7,
    col: 7,
    path: 'Resources.Queue.Properties.BAD',
    message: "E3002: Additional properties are not allowed ('BAD' was unexpected)",
    check: 'cloudformation/cfn-lint',
  },
  {
    file: 'dist/c/cloudformation/karpenter.yaml',
    document: 0,
    severity: 'warning',
    line: 7,
    col: 25,
    path: 'Resources.Queue.DependsOn.0',
    message: 'W3005: Obsolete DependsOn on resource (Role)',
    check: 'cloudformation/cfn-lint',
  },
];

/** Options with a fresh cache folder, an empty working and home folder and the fake identity. */
function options(bin: string, over: Partial<LintOptions> = {}): LintOptions & { readonly cacheDir: string } {
  return { cacheDir: folder(), cwd: folder(), home: folder(), bin, identity: fakeIdentity, ...over };
}

describe('isLintExit', () => {
  test('0 and any mix of the finding bits 2, 4 and 8 are normal ends; anything else is a failure', () => {
    expect([0, 2, 4, 6, 8, 10, 12, 14].every(isLintExit)).toBe(true);
    expect([1, 3, 16, 32, 127, 255].some(isLintExit)).toBe(false);
    expect(isLintExit(null)).toBe(false);
  });
});

describe('parseCfnLintOutput', () => {
  const templates = [
    { file: 'dist/a/cloudformation/karpenter.json', text: '{}' },
    { file: 'dist/b/cloudformation/karpenter.json', text: '{}' },
  ];
  const paths = ['/tmp/x/0-karpenter.json', '/tmp/x/1-karpenter.json'];

  test('names each match by the template whose copy it is about', () => {
    const out = JSON.stringify([
      {
        Filename: '/tmp/x/1-karpenter.json',
        Level: 'Informational',
        Message: 'Consider a DeletionPolicy.',
        Rule: { Id: 'I3011' },
        Location: { Start: { LineNumber: 4, ColumnNumber: 5 }, Path: ['Resources', 'Table'] },
      },
    ]);
    expect(parseCfnLintOutput(out, paths, templates)).toStrictEqual([
      {
        file: 'dist/b/cloudformation/karpenter.json',
        document: 0,
        severity: 'warning',
        line: 4,
        col: 5,
        path: 'Resources.Table',
        message: 'I3011: Consider a DeletionPolicy',
        check: 'cloudformation/cfn-lint',
      },
    ]);
  });

  test('no output is no findings; output that is not a JSON array is undefined', () => {
    expect(parseCfnLintOutput('', paths, templates)).toEqual([]);
    expect(parseCfnLintOutput('[]', paths, templates)).toEqual([]);
    expect(parseCfnLintOutput('E3002 Additional properties', paths, templates)).toBeUndefined();
    expect(parseCfnLintOutput('{"Filename":"x"}', paths, templates)).toBeUndefined();
  });
});

describe('lintTemplates with a fake cfn-lint', () => {
  test('the first run lints every template in one process; findings are named by template', async () => {
    const fake = fakeLinter('ok');
    const opts = options(fake.bin);
    const r = await lintTemplates(THREE, opts);
    expect(r?.findings).toStrictEqual(THREE_FINDINGS);
    expect({ linted: r?.linted, cached: r?.cached, uncached: r?.uncached }).toEqual({
      linted: 3,
      cached: 0,
      uncached: undefined,
    });
    expect(r?.judged).toEqual(new Map(THREE.map((t) => [t.file, t.text])));
    const calls = fake.invocations();
    expect(calls).toHaveLength(1);
    expect(calls[0].args.slice(0, 3)).toEqual(['--format', 'json', '--']);
    expect(calls[0].args.slice(3).map((p) => p.endsWith('-karpenter.yaml'))).toEqual([true, true, true]);
    expect(calls[0].texts).toEqual([CLEAN, BAD, WARNED]);
    expect(calls[0].cwd).toBe(opts.cwd);
    // One entry per template, clean ones included.
    expect(readdirSync(opts.cacheDir)).toHaveLength(3);
  });

  test('the second run lints nothing and replays the same findings from the cache', async () => {
    const fake = fakeLinter('ok');
    const opts = options(fake.bin);
    const first = await lintTemplates(THREE, opts);
    const second = await lintTemplates(THREE, opts);
    expect(fake.invocations()).toHaveLength(1);
    expect({ linted: second?.linted, cached: second?.cached }).toEqual({ linted: 0, cached: 3 });
    expect(second?.findings).toStrictEqual(first?.findings);
    expect(second?.findings).toStrictEqual(THREE_FINDINGS);
    // Field for field in the same order, so that `--format json` prints them byte for byte alike.
    expect(JSON.stringify(second?.findings)).toBe(JSON.stringify(first?.findings));
    expect(second?.judged).toEqual(first?.judged);
  });

  test('a template judged under another name is taken from the cache under the new name', async () => {
    const fake = fakeLinter('ok');
    const opts = options(fake.bin);
    await lintTemplates([THREE[1]], opts);
    const r = await lintTemplates([{ file: 'dist/z/cloudformation/karpenter.yaml', text: BAD }], opts);
    expect(fake.invocations()).toHaveLength(1);
    expect(r?.findings).toStrictEqual([
      { ...THREE_FINDINGS[0], file: 'dist/z/cloudformation/karpenter.yaml' },
    ]);
  });

  test('a changed template is the only one linted again', async () => {
    const fake = fakeLinter('ok');
    const opts = options(fake.bin);
    await lintTemplates(THREE, opts);
    const changed = template('clean', '      BAD: 1');
    const r = await lintTemplates([THREE[0], THREE[1], { ...THREE[2], text: changed }], opts);
    const calls = fake.invocations();
    expect(calls).toHaveLength(2);
    expect(calls[1].texts).toEqual([changed]);
    expect({ linted: r?.linted, cached: r?.cached }).toEqual({ linted: 1, cached: 2 });
    expect(r?.findings).toStrictEqual([
      THREE_FINDINGS[0],
      { ...THREE_FINDINGS[0], file: 'dist/c/cloudformation/karpenter.yaml' },
    ]);
  });

  test('readCache false lints every template again and refreshes the cache', async () => {
    const fake = fakeLinter('ok');
    const opts = options(fake.bin);
    await lintTemplates(THREE, opts);
    // A stale entry: the bad template recorded as clean.
    const key = cfnLintCacheKey(IDENTITY, '', THREE[1].file, BAD) as string;
    writeFileSync(
      join(opts.cacheDir, `${key}.json`),
      JSON.stringify({ format: 'karpenter-gitops cfn-lint cache 1', findings: [] }),
    );
    expect((await lintTemplates(THREE, opts))?.findings).toStrictEqual([THREE_FINDINGS[1]]);
    const fresh = await lintTemplates(THREE, { ...opts, readCache: false });
    expect({ linted: fresh?.linted, cached: fresh?.cached }).toEqual({ linted: 3, cached: 0 });
    expect(fresh?.findings).toStrictEqual(THREE_FINDINGS);
    expect(fake.invocations().map((c) => c.texts.length)).toEqual([3, 3]);
    // Refreshed: the next run takes the real findings from the cache.
    const after = await lintTemplates(THREE, opts);
    expect(after?.cached).toBe(3);
    expect(after?.findings).toStrictEqual(THREE_FINDINGS);
    expect(fake.invocations()).toHaveLength(2);
  });

  test('a crashing cfn-lint gives one error per template, and nothing is cached', async () => {
    const crash = fakeLinter('crash');
    const opts = options(crash.bin);
    const r = await lintTemplates(THREE.slice(0, 2), opts);
    expect(r?.findings.map((f) => [f.file, f.severity, f.line, f.col, f.path, f.check, f.message])).toEqual(
      THREE.slice(0, 2).map((t) => [
        t.file,
        'error',
        0,
        0,
        '',
        'cloudformation/cfn-lint',
        'cfn-lint failed (exit code 1: boom), so this template was not checked',
      ]),
    );
    expect(r?.findings[0].fix).toBe(
      'Run `cfn-lint karpenter.yaml` to see the failure; reinstall or upgrade cfn-lint, or take it off the PATH to use the built-in check',
    );
    expect({ linted: r?.linted, cached: r?.cached }).toEqual({ linted: 2, cached: 0 });
    expect(readdirSync(opts.cacheDir)).toEqual([]);
    // The next run lints again (with a working cfn-lint, its real findings).
    await lintTemplates(THREE.slice(0, 2), opts);
    expect(crash.invocations()).toHaveLength(2);
    const fixed = fakeLinter('ok');
    const next = await lintTemplates(THREE.slice(0, 2), { ...opts, bin: fixed.bin });
    expect(next?.linted).toBe(2);
    expect(next?.findings).toStrictEqual([THREE_FINDINGS[0]]);
  });

  test('a cfn-lint that cannot be started is a failure too, never a clean template', async () => {
    const opts = options(join(folder(), 'no-such-cfn-lint'));
    const r = await lintTemplates([THREE[0]], opts);
    expect(r?.findings).toHaveLength(1);
    expect(r?.findings[0].message).toBe(
      'cfn-lint failed (exit code none: no error output), so this template was not checked',
    );
    expect(readdirSync(opts.cacheDir)).toEqual([]);
  });

  test('25 templates with 2 processes: 2 cfn-lint runs, every finding present', async () => {
    const fake = fakeLinter('ok');
    const many = Array.from({ length: 25 }, (_, i) => ({
      file: `dist/c${String(i).padStart(2, '0')}/cloudformation/karpenter.yaml`,
      text: template(`q${i}`, i % 5 === 0 ? '      BAD: true' : ''),
    }));
    const r = await lintTemplates(many, options(fake.bin, { processes: 2 }));
    const calls = fake.invocations();
    expect(calls.map((c) => c.texts.length).sort()).toEqual([12, 13]);
    expect(calls.flatMap((c) => c.texts).sort()).toEqual(many.map((t) => t.text).sort());
    expect(r?.linted).toBe(25);
    expect(r?.findings.map((f) => f.file)).toEqual([
      'dist/c00/cloudformation/karpenter.yaml',
      'dist/c05/cloudformation/karpenter.yaml',
      'dist/c10/cloudformation/karpenter.yaml',
      'dist/c15/cloudformation/karpenter.yaml',
      'dist/c20/cloudformation/karpenter.yaml',
    ]);
    expect(new Set(r?.findings.map((f) => f.message))).toEqual(
      new Set(["E3002: Additional properties are not allowed ('BAD' was unexpected)"]),
    );
  });

  test('a process is started only for every 10 templates to lint, however many cores', async () => {
    const fake = fakeLinter('ok');
    const many = Array.from({ length: 25 }, (_, i) => ({
      file: `dist/c${i}/cf.yaml`,
      text: template(`q${i}`),
    }));
    await lintTemplates(many, options(fake.bin, { processes: 8 }));
    expect(
      fake
        .invocations()
        .map((c) => c.texts.length)
        .sort(),
    ).toEqual([7, 9, 9]);
  });

  test('a pyenv shim: the script its identity resolved runs, with the same arguments and folder; the shim never runs', async () => {
    const shim = fakeLinter('crash');
    const script = fakeLinter('ok');
    const identity = jest.fn(async (): Promise<CfnLintInstallation | undefined> => ({
      identity: IDENTITY,
      program: script.bin,
    }));
    const opts = options(shim.bin, { identity });
    const r = await lintTemplates(THREE, opts);
    expect(identity.mock.calls).toEqual([[shim.bin, opts.cwd]]);
    expect(shim.invocations()).toEqual([]);
    const calls = script.invocations();
    expect(calls).toHaveLength(1);
    expect(calls[0].args.slice(0, 3)).toEqual(['--format', 'json', '--']);
    expect(calls[0].texts).toEqual([CLEAN, BAD, WARNED]);
    expect(calls[0].cwd).toBe(opts.cwd);
    expect(r?.findings).toStrictEqual(THREE_FINDINGS);
    expect(readdirSync(opts.cacheDir)).toHaveLength(3);
  });

  test('a pyenv shim split among processes: every process runs the resolved script', async () => {
    const shim = fakeLinter('crash');
    const script = fakeLinter('ok');
    const many = Array.from({ length: 25 }, (_, i) => ({
      file: `dist/c${i}/cf.yaml`,
      text: template(`q${i}`),
    }));
    const opts = options(shim.bin, {
      processes: 2,
      identity: async () => ({ identity: IDENTITY, program: script.bin }),
    });
    expect((await lintTemplates(many, opts))?.findings).toStrictEqual([]);
    expect(shim.invocations()).toEqual([]);
    expect(script.invocations().map((c) => c.cwd)).toEqual([opts.cwd, opts.cwd]);
  });

  test('without an identity `bin` runs, nothing is cached, and the result says why', async () => {
    const fake = fakeLinter('ok');
    const opts = options(fake.bin, { identity: async () => undefined });
    const r = await lintTemplates(THREE, opts);
    expect(r?.uncached).toBe(`the version of ${fake.bin} cannot be told without running it`);
    expect(r?.findings).toStrictEqual(THREE_FINDINGS);
    expect(readdirSync(opts.cacheDir)).toEqual([]);
    await lintTemplates(THREE, opts);
    expect(fake.invocations().map((c) => c.cwd)).toEqual([opts.cwd, opts.cwd]);
  });

  test('a configuration naming other files: nothing is cached, the identity is not asked', async () => {
    const fake = fakeLinter('ok');
    const cwd = folder();
    writeFileSync(join(cwd, '.cfnlintrc'), 'custom_rules: rules.txt\n');
    const identity = jest.fn(fakeIdentity);
    const opts = options(fake.bin, { cwd, identity });
    const r = await lintTemplates(THREE, opts);
    expect(r?.uncached).toBe(`${join(cwd, '.cfnlintrc')} names files outside the template (custom_rules)`);
    expect(r?.linted).toBe(3);
    expect(identity).not.toHaveBeenCalled();
    // No identity asked, so no script resolved: `bin` itself runs.
    expect(fake.invocations().map((c) => c.cwd)).toEqual([cwd]);
    expect(readdirSync(opts.cacheDir)).toEqual([]);
  });

  test('a template naming other files is linted every time; the others come from the cache', async () => {
    const fake = fakeLinter('ok');
    const opts = options(fake.bin);
    const external = {
      file: 'dist/x/cloudformation/karpenter.yaml',
      text: `${template('x')}Metadata:\n  cfn-lint:\n    config:\n      override_spec: spec.json\n`,
    };
    await lintTemplates([...THREE, external], opts);
    const r = await lintTemplates([...THREE, external], opts);
    expect({ linted: r?.linted, cached: r?.cached, uncached: r?.uncached }).toEqual({
      linted: 1,
      cached: 3,
      uncached: undefined,
    });
    expect(fake.invocations().map((c) => c.texts)).toEqual([
      [CLEAN, BAD, WARNED, external.text],
      [external.text],
    ]);
    expect(readdirSync(opts.cacheDir)).toHaveLength(3);
  });

  test('without a cache folder every run lints everything', async () => {
    const fake = fakeLinter('ok');
    const opts: LintOptions = { cwd: folder(), home: folder(), bin: fake.bin, identity: fakeIdentity };
    await lintTemplates(THREE, opts);
    const r = await lintTemplates(THREE, opts);
    expect({ linted: r?.linted, cached: r?.cached, uncached: r?.uncached }).toEqual({
      linted: 3,
      cached: 0,
      uncached: undefined,
    });
    expect(fake.invocations()).toHaveLength(2);
  });

  test('the server is asked for a small batch of cacheable templates, and the CLI lints when it cannot answer', async () => {
    const fake = fakeLinter('ok');
    const marker = join(folder(), 'server-started');
    // An "interpreter" that notes it was started and ends without listening.
    const python = [
      process.execPath,
      '-e',
      `require('fs').appendFileSync(${JSON.stringify(marker)}, 'x')`,
      '--',
    ];
    const server = { dir: join(folder(), 'servers'), startTimeoutMs: 5_000 };
    const opts = options(fake.bin, {
      identity: async (bin) => ({ identity: IDENTITY, program: bin, python }),
      server,
    });
    const r = await lintTemplates(THREE, opts);
    expect(readFileSync(marker, 'utf8')).toBe('x');
    expect(r?.findings).toStrictEqual(THREE_FINDINGS);
    expect({ linted: r?.linted, served: r?.served }).toEqual({ linted: 3, served: undefined });
    expect(fake.invocations()).toHaveLength(1);
    // More templates than one process takes: CLI processes only.
    const many = Array.from({ length: 11 }, (_, i) => ({
      file: `dist/m${i}/cloudformation/k.yaml`,
      text: template(`m${i}`),
    }));
    await lintTemplates(many, { ...opts, cacheDir: folder() });
    // A template whose result may not be cached (it names other files): the CLI only.
    const external = {
      file: 'dist/x/cloudformation/k.yaml',
      text: `${template('x')}# override_spec: s.json\n`,
    };
    await lintTemplates([external], { ...opts, cacheDir: folder() });
    expect(readFileSync(marker, 'utf8')).toBe('x');
    expect(fake.invocations()).toHaveLength(3);
  });

  test("a server's findings are taken; a failure there (or output that is not cfn-lint's) goes to the CLI", async () => {
    const fake = fakeLinter('ok');
    const python = ['/nowhere/python3'];
    const dir = join(folder(), 'servers');
    mkdirSync(dir, { mode: 0o700 });
    const opts = options(fake.bin, {
      identity: async (bin) => ({ identity: IDENTITY, program: bin, python }),
      server: { dir, replyTimeoutMs: 5_000 },
    });
    const socket = serverSocketPath(
      { settings: { dir }, python, script: fake.bin, identity: IDENTITY },
      process.env,
    );
    // A stand-in server: answers every request with `reply` (for the paths it was sent).
    let reply: (args: string[]) => object = () => ({});
    const server = createServer((c) => {
      let data = '';
      c.on('data', (chunk) => {
        data += String(chunk);
        if (!data.endsWith('\n')) return;
        const request = JSON.parse(data) as { args: string[] };
        c.end(`${JSON.stringify(reply(request.args))}\n`);
      });
    });
    await new Promise<void>((r) => server.listen(socket, r));
    try {
      const paths = (args: string[]) => args.slice(3);
      reply = (args) => ({
        status: 'ok',
        stdout: JSON.stringify([
          { Filename: paths(args)[1], Level: 'Error', Message: 'From the server.', Rule: { Id: 'E1001' } },
        ]),
        stderr: '',
        code: 2,
      });
      const served = await lintTemplates(THREE, { ...opts, cacheDir: folder() });
      expect(served?.served).toBe(3);
      expect(served?.findings.map((f) => [f.file, f.message])).toEqual([
        ['dist/b/cloudformation/karpenter.yaml', 'E1001: From the server'],
      ]);
      expect(fake.invocations()).toHaveLength(0);
      for (const failure of [
        { status: 'ok', stdout: '', stderr: 'Traceback ...\nboom\n', code: 1 },
        { status: 'ok', stdout: 'not json', stderr: '', code: 0 },
        { status: 'stale' },
        { status: 'ok', stdout: '[]' },
      ]) {
        reply = () => failure;
        const r = await lintTemplates(THREE, { ...opts, cacheDir: folder() });
        expect({ served: r?.served, findings: r?.findings }).toEqual({
          served: undefined,
          findings: THREE_FINDINGS,
        });
      }
      expect(fake.invocations()).toHaveLength(4);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  test('no templates: no cfn-lint run', async () => {
    const fake = fakeLinter('ok');
    const r = await lintTemplates([], options(fake.bin));
    expect(r).toEqual({ findings: [], judged: new Map(), linted: 0, cached: 0 });
    expect(fake.invocations()).toEqual([]);
  });

  test('bin null (cfn-lint not installed): undefined', async () => {
    expect(await lintTemplates(THREE, options('', { bin: null }))).toBeUndefined();
  });
});

const installed = findCfnLint();
(installed ? describe : describe.skip)('the installed cfn-lint', () => {
  test('runCfnLint and lintTemplates (first and cached run) give the same findings', async () => {
    const text = `${JSON.stringify(
      {
        AWSTemplateFormatVersion: '2010-09-09',
        Resources: {
          Queue: { Type: 'AWS::SQS::Queue', Properties: { QueueName: 'q', NotAProperty: 1 } },
        },
      },
      null,
      2,
    )}\n`;
    const templates = [{ file: 'dist/demo/cloudformation/karpenter.json', text }];
    const direct = runCfnLint(templates);
    expect(direct?.map((f) => [f.file, f.severity, f.path, f.check])).toEqual([
      [
        'dist/demo/cloudformation/karpenter.json',
        'error',
        'Resources.Queue.Properties.NotAProperty',
        'cloudformation/cfn-lint',
      ],
    ]);
    expect(direct?.[0].message).toMatch(/^E3002: .*'NotAProperty' was unexpected\)$/);
    const opts: LintOptions = { cacheDir: folder(), cwd: folder(), home: folder() };
    const first = await lintTemplates(templates, opts);
    expect({ linted: first?.linted, cached: first?.cached, uncached: first?.uncached }).toEqual({
      linted: 1,
      cached: 0,
      uncached: undefined,
    });
    expect(first?.findings).toStrictEqual(direct);
    const second = await lintTemplates(templates, opts);
    expect({ linted: second?.linted, cached: second?.cached }).toEqual({ linted: 0, cached: 1 });
    expect(second?.findings).toStrictEqual(direct);
    expect(JSON.stringify(second?.findings)).toBe(JSON.stringify(direct));
  });
});
