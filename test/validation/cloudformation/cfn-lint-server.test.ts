import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findCfnLint, lintTemplates, LintOptions } from '../../../validation/cloudformation/cfn-lint';
import { cfnLintIdentity } from '../../../validation/cloudformation/cfn-lint-identity';
import {
  CFN_LINT_SERVER_ENV,
  cfnLintServerSettings,
  CfnLintServer,
  CfnLintServerSettings,
  lintOnServer,
  serverSocketPath,
} from '../../../validation/cloudformation/cfn-lint-server';

const folders: string[] = [];
function folder(prefix = 'kg-srv-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** Every folder of sockets a test used: the servers there are ended after the tests. */
const serverDirs: string[] = [];
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
function serverPid(socket: string): number | undefined {
  try {
    return Number(readFileSync(`${socket}.pid`, 'utf8').trim());
  } catch {
    return undefined;
  }
}
afterAll(() => {
  for (const dir of serverDirs.splice(0)) {
    const pids = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sock.pid')) : [];
    for (const file of pids) {
      const pid = serverPid(join(dir, file.replace(/\.pid$/, '')));
      if (pid !== undefined && isAlive(pid)) process.kill(pid, 'SIGTERM');
    }
  }
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Waits until `check` holds, at most `ms`. */
async function eventually(check: () => boolean, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe('cfnLintServerSettings', () => {
  test('on by default, in the XDG cache folder or under ~/.cache', () => {
    expect(cfnLintServerSettings({}, '/home/u')).toEqual({
      dir: '/home/u/.cache/karpenter-gitops/cfn-lint-server',
    });
    expect(cfnLintServerSettings({ XDG_CACHE_HOME: '/c' }, '/home/u')).toEqual({
      dir: '/c/karpenter-gitops/cfn-lint-server',
    });
  });

  test('off with KARPENTER_GITOPS_CFN_LINT_SERVER=off, and under CI unless it is on', () => {
    expect(cfnLintServerSettings({ [CFN_LINT_SERVER_ENV]: 'off' }, '/home/u')).toBeUndefined();
    expect(cfnLintServerSettings({ CI: 'true' }, '/home/u')).toBeUndefined();
    expect(cfnLintServerSettings({ CI: 'true', [CFN_LINT_SERVER_ENV]: 'on' }, '/home/u')).toEqual({
      dir: '/home/u/.cache/karpenter-gitops/cfn-lint-server',
    });
    expect(cfnLintServerSettings({ CI: 'false' }, '/home/u')).toBeDefined();
    expect(cfnLintServerSettings({ CI: 'true', [CFN_LINT_SERVER_ENV]: 'off' }, '/home/u')).toBeUndefined();
  });
});

describe('serverSocketPath', () => {
  test('one socket per interpreter, installation and PYTHON* variables; other variables do not matter', () => {
    const base = {
      settings: { dir: '/d' },
      python: ['/py'],
      script: '/bin/cfn-lint',
      identity: 'cfn-lint 1.0.0 /x 1',
    };
    const a = serverSocketPath(base, { HOME: '/h' });
    expect(a).toMatch(/^\/d\/[0-9a-f]{16}\.sock$/);
    expect(serverSocketPath(base, { HOME: '/other', AWS_REGION: 'x' })).toBe(a);
    expect(serverSocketPath({ ...base, identity: 'cfn-lint 1.0.0 /x 2' }, { HOME: '/h' })).not.toBe(a);
    expect(serverSocketPath({ ...base, python: ['/py', '-s'] }, { HOME: '/h' })).not.toBe(a);
    expect(serverSocketPath({ ...base, script: '/other/cfn-lint' }, { HOME: '/h' })).not.toBe(a);
    expect(serverSocketPath(base, { PYTHONPATH: '/p' })).not.toBe(a);
  });
});

/** The Python on the PATH, by its real path, or undefined. */
function findPython(): string | undefined {
  try {
    return execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

/**
 * A fake cfn-lint installation (a `cfnlint` package and its distribution metadata, found through
 * PYTHONPATH): its `main` prints what it was run with as JSON, then changes AWS_DEFAULT_REGION (as
 * cfn-lint's SAM transform does); a template holding `EXIT n` ends with `sys.exit(n)`, `RAISE` with
 * an exception, `MESSAGE` with `sys.exit('a message')`.
 */
function fakeInstallation(): { readonly site: string; readonly providers: string } {
  const site = folder('kg-srv-site-');
  const pkg = join(site, 'cfnlint');
  const providers = join(pkg, 'data', 'schemas', 'providers');
  mkdirSync(join(providers, 'us_east_1'), { recursive: true });
  mkdirSync(join(pkg, 'runner'));
  writeFileSync(join(pkg, '__init__.py'), '');
  writeFileSync(
    join(pkg, 'runner', '__init__.py'),
    [
      'import json, os, sys',
      'def main():',
      '    args = sys.argv[1:]',
      "    paths = args[args.index('--') + 1:]",
      '    texts = [open(p).read() for p in paths]',
      "    print(json.dumps({'prog': sys.argv[0], 'args': args, 'cwd': os.getcwd(), 'home': os.path.expanduser('~'),",
      "                      'region': os.environ.get('AWS_DEFAULT_REGION'), 'texts': texts}))",
      "    print('to stderr', file=sys.stderr)",
      "    os.environ['AWS_DEFAULT_REGION'] = 'changed-by-lint'",
      '    for t in texts:',
      "        if 'RAISE' in t: raise ValueError('boom')",
      "        if 'MESSAGE' in t: sys.exit('a message')",
      "        if 'EXIT' in t: sys.exit(int(t.split('EXIT ')[1].split()[0]))",
      '',
    ].join('\n'),
  );
  const info = join(site, 'cfn_lint-9.9.9.dist-info');
  mkdirSync(info);
  writeFileSync(join(info, 'METADATA'), 'Metadata-Version: 2.1\nName: cfn-lint\nVersion: 9.9.9\n');
  return { site, providers };
}

const python = findPython();
(python ? describe : describe.skip)(
  `lintOnServer with a fake cfn-lint installation${python ? '' : ' (skipped: python3 is not on the PATH)'}`,
  () => {
    const saved = process.env.PYTHONPATH;
    interface Installed {
      readonly site: string;
      readonly providers: string;
      readonly identity: string;
      readonly script: string;
    }
    let fake: Installed;
    /** A new fake installation, on PYTHONPATH, and its identity as the probe tells it. */
    async function install(
      body = 'from cfnlint.runner import main\nif __name__ == "__main__":\n    main()\n',
    ): Promise<Installed> {
      const installed = fakeInstallation();
      process.env.PYTHONPATH = installed.site;
      const script = join(folder(), 'cfn-lint');
      writeFileSync(script, `#!${python}\n${body}`, { mode: 0o755 });
      // With this environment (PYTHONPATH): jest's process.env is not what child processes get by default.
      const found = await cfnLintIdentity(script, tmpdir(), (program, args, cwd) =>
        Promise.resolve(execFileSync(program, [...args], { cwd, encoding: 'utf8', env: process.env })),
      );
      if (!found) throw new Error('the fake installation has no identity');
      expect(found.python).toEqual([python]);
      return { ...installed, identity: found.identity, script };
    }
    beforeAll(async () => {
      fake = await install();
    });
    afterAll(() => {
      if (saved === undefined) delete process.env.PYTHONPATH;
      else process.env.PYTHONPATH = saved;
    });

    /** The server of an installation in a folder of its own, its socket and folder. */
    function settings(
      over: Partial<CfnLintServerSettings> = {},
      of: Installed = fake,
    ): CfnLintServer & { readonly socket: string; readonly dir: string } {
      const dir = join(folder(), 'servers');
      serverDirs.push(dir);
      const server: CfnLintServer = {
        settings: { dir, idleSeconds: 60, startTimeoutMs: 20_000, replyTimeoutMs: 20_000, ...over },
        python: [python as string],
        script: of.script,
        identity: of.identity,
      };
      return { ...server, socket: serverSocketPath(server, process.env), dir };
    }
    function templateFile(text: string): string {
      const file = join(folder(), 'template.yaml');
      writeFileSync(file, text);
      return file;
    }

    /** One clean lint of a trivial template on `s` (starting its server when none runs): cfn-lint's exit code. */
    async function lintTrivial(s: CfnLintServer): Promise<number | null | undefined> {
      return (await lintOnServer(s, ['--format', 'json', '--', templateFile('x\n')], tmpdir()))?.code;
    }
    /** The pid of the server `s` runs on, started by a clean lint. */
    async function startedServer(s: CfnLintServer & { readonly socket: string }): Promise<number> {
      expect(await lintTrivial(s)).toBe(0);
      return serverPid(s.socket) as number;
    }

    test('starts a server, which runs cfn-lint in the folder and environment of the request; later runs reuse it', async () => {
      const s = settings();
      const cwd = folder();
      const file = templateFile('Resources: {}\n');
      process.env.AWS_DEFAULT_REGION = 'eu-west-3';
      try {
        const first = await lintOnServer(s, ['--format', 'json', '--', file], cwd);
        expect(first?.code).toBe(0);
        expect(first?.stderr).toBe('to stderr\n');
        expect(JSON.parse(first?.stdout ?? '')).toEqual({
          prog: 'cfn-lint',
          args: ['--format', 'json', '--', file],
          cwd,
          home: process.env.HOME,
          region: 'eu-west-3',
          texts: ['Resources: {}\n'],
        });
        const pid = serverPid(s.socket);
        expect(pid).toBeGreaterThan(0);
        expect(lstatSync(s.socket).isSocket()).toBe(true);
        expect(statSync(s.dir).mode & 0o777).toBe(0o700);
        // The change the lint made to its environment is gone; the same server answers.
        const second = await lintOnServer(s, ['--format', 'json', '--', file], cwd);
        expect(JSON.parse(second?.stdout ?? '').region).toBe('eu-west-3');
        expect(serverPid(s.socket)).toBe(pid);
      } finally {
        delete process.env.AWS_DEFAULT_REGION;
      }
    });

    test('it only lints: other arguments are refused (no answer), and it stays up', async () => {
      const s = settings();
      const file = templateFile('x\n');
      expect((await lintOnServer(s, ['--format', 'json', '--', file], tmpdir()))?.code).toBe(0);
      const pid = serverPid(s.socket);
      expect(await lintOnServer(s, ['--update-specs'], tmpdir())).toBeUndefined();
      expect(
        await lintOnServer(s, ['--format', 'json', '--output-file', '/tmp/x', '--', file], tmpdir()),
      ).toBeUndefined();
      expect((await lintOnServer(s, ['--format', 'json', '--', file], tmpdir()))?.code).toBe(0);
      expect(serverPid(s.socket)).toBe(pid);
    });

    test('exit codes as the CLI gives them: sys.exit(n), sys.exit(message), an exception', async () => {
      const s = settings();
      const run = (text: string) => lintOnServer(s, ['--format', 'json', '--', templateFile(text)], tmpdir());
      expect((await run('EXIT 6\n'))?.code).toBe(6);
      const message = await run('MESSAGE\n');
      expect(message?.code).toBe(1);
      expect(message?.stderr).toBe('to stderr\na message\n');
      const raised = await run('RAISE\n');
      expect(raised?.code).toBe(1);
      expect(raised?.stderr).toMatch(/Traceback[\s\S]*ValueError: boom\n$/);
      expect((await run('EXIT 0\n'))?.code).toBe(0);
    });

    test('a changed installation (its provider schemas) makes the server answer stale and exit', async () => {
      const own = await install();
      try {
        const s = settings({}, own);
        const file = templateFile('x\n');
        expect((await lintOnServer(s, ['--format', 'json', '--', file], tmpdir()))?.code).toBe(0);
        const pid = serverPid(s.socket) as number;
        writeFileSync(join(own.providers, 'us_east_1', 'new.json'), '{}');
        expect(await lintOnServer(s, ['--format', 'json', '--', file], tmpdir())).toBeUndefined();
        expect(await eventually(() => !isAlive(pid) && !existsSync(s.socket))).toBe(true);
        // Started again for the installation it no longer is, it does not listen: still no answer.
        expect(await lintOnServer(s, ['--format', 'json', '--', file], tmpdir())).toBeUndefined();
      } finally {
        process.env.PYTHONPATH = fake.site;
      }
    });

    test('a server exits after its idle time, removing its socket', async () => {
      const s = settings({ idleSeconds: 1 });
      const pid = await startedServer(s);
      expect(isAlive(pid)).toBe(true);
      expect(
        await eventually(() => !isAlive(pid) && !existsSync(s.socket) && !existsSync(`${s.socket}.pid`)),
      ).toBe(true);
    });

    test('SIGTERM ends a server and removes its socket and pid file', async () => {
      const s = settings();
      const pid = await startedServer(s);
      process.kill(pid, 'SIGTERM');
      expect(
        await eventually(() => !isAlive(pid) && !existsSync(s.socket) && !existsSync(`${s.socket}.pid`)),
      ).toBe(true);
    });

    test('a server whose socket was deleted (its cache folder removed) exits', async () => {
      const s = settings();
      const pid = await startedServer(s);
      rmSync(s.dir, { recursive: true, force: true });
      expect(await eventually(() => !isAlive(pid), 15_000)).toBe(true);
    }, 30_000);

    test('a dead socket left behind is replaced by a new server', async () => {
      const s = settings();
      mkdirSync(s.dir, { mode: 0o700 });
      // Bound and never closed: the file stays, nothing listens.
      execFileSync(python as string, [
        '-c',
        'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])',
        s.socket,
      ]);
      expect(lstatSync(s.socket).isSocket()).toBe(true);
      expect(await lintTrivial(s)).toBe(0);
      expect(serverPid(s.socket)).toBeGreaterThan(0);
    });

    test('something else at the socket path, or a folder open to others, is refused or tightened', async () => {
      const s = settings();
      mkdirSync(s.dir, { mode: 0o755 });
      chmodSync(s.dir, 0o755);
      writeFileSync(s.socket, 'not a socket');
      expect(
        await lintOnServer(s, ['--format', 'json', '--', templateFile('x\n')], tmpdir()),
      ).toBeUndefined();
      expect(readFileSync(s.socket, 'utf8')).toBe('not a socket');
      expect(statSync(s.dir).mode & 0o777).toBe(0o700);
    });

    test('a console script that does not import its entry point as pip writes it: no server', async () => {
      const own = await install('import cfnlint.runner\ncfnlint.runner.main()\n');
      try {
        const s = settings({}, own);
        expect(
          await lintOnServer(s, ['--format', 'json', '--', templateFile('x\n')], tmpdir()),
        ).toBeUndefined();
        expect(existsSync(s.socket)).toBe(false);
      } finally {
        process.env.PYTHONPATH = fake.site;
      }
    });

    test('a socket path longer than the system takes: no server, no answer', async () => {
      const dir = join(folder(), 'x'.repeat(100));
      serverDirs.push(dir);
      expect(
        await lintOnServer(
          { ...settings(), settings: { dir } },
          ['--format', 'json', '--', templateFile('x\n')],
          tmpdir(),
        ),
      ).toBeUndefined();
      expect(readdirSync(dir)).toEqual([]);
    });

    test('never hangs: a socket that never answers, and a server that never listens, time out', async () => {
      const s = settings({ replyTimeoutMs: 300, startTimeoutMs: 500 });
      mkdirSync(s.dir, { mode: 0o700 });
      // Reads (so it sees the client go) and never answers.
      const silent = createServer((c) => c.resume());
      await new Promise<void>((r) => silent.listen(s.socket, r));
      try {
        expect(
          await lintOnServer(s, ['--format', 'json', '--', templateFile('x\n')], tmpdir()),
        ).toBeUndefined();
      } finally {
        await new Promise((r) => silent.close(r));
      }
      // An interpreter that runs something else (a 1.5 s sleep) instead of the server.
      const sleeper = [python as string, '-c', 'import time; time.sleep(1.5)'];
      const t0 = Date.now();
      expect(
        await lintOnServer(
          { ...s, python: sleeper },
          ['--format', 'json', '--', templateFile('x\n')],
          tmpdir(),
        ),
      ).toBeUndefined();
      expect(Date.now() - t0).toBeLessThan(2_500);
    });
  },
);

const installed = findCfnLint();
(installed ? describe : describe.skip)(
  'the installed cfn-lint: the server against the CLI (skipped: cfn-lint not on PATH)',
  () => {
    const yaml = (lines: string[]): string => `${lines.join('\n')}\n`;
    const CLEAN = yaml([
      "AWSTemplateFormatVersion: '2010-09-09'",
      'Resources:',
      '  Queue:',
      '    Type: AWS::SQS::Queue',
      '    Properties:',
      '      QueueName: clean',
    ]);
    // E3002 (an unknown property) and W2001 (a parameter never used).
    const FAULTY = yaml([
      "AWSTemplateFormatVersion: '2010-09-09'",
      'Parameters:',
      '  Unused:',
      '    Type: String',
      'Resources:',
      '  Queue:',
      '    Type: AWS::SQS::Queue',
      '    Properties:',
      '      QueueName: faulty',
      '      NotAProperty: 1',
    ]);
    const UNPARSABLE = yaml(['Resources:', '  Queue: [', '    Type: AWS::SQS::Queue']);
    const TEMPLATES = [
      { file: 'dist/a/cloudformation/karpenter.yaml', text: CLEAN },
      { file: 'dist/b/cloudformation/karpenter.yaml', text: FAULTY },
      { file: 'dist/c/cloudformation/karpenter.yaml', text: UNPARSABLE },
    ];

    /** The same templates linted by the CLI and by the server (fresh caches, so both lint). */
    async function both(cwd: string): Promise<{ cli: unknown; served: unknown; count: number | undefined }> {
      const home = folder();
      const base: LintOptions = { cwd, home, cacheDir: folder() };
      const dir = join(folder(), 'servers');
      serverDirs.push(dir);
      const cli = await lintTemplates(TEMPLATES, base);
      expect(cli?.served).toBeUndefined();
      const server = await lintTemplates(TEMPLATES, { ...base, cacheDir: folder(), server: { dir } });
      return { cli: cli?.findings, served: server?.findings, count: server?.served };
    }

    test('the same findings: a clean template, errors and warnings, a template that does not parse', async () => {
      const { cli, served, count } = await both(folder());
      expect(count).toBe(3);
      expect(served).toStrictEqual(cli);
      const messages = (cli as { file: string; message: string }[]).map((f) => [
        f.file,
        f.message.split(':')[0],
      ]);
      expect(messages).toEqual(
        expect.arrayContaining([
          ['dist/b/cloudformation/karpenter.yaml', 'E3002'],
          ['dist/b/cloudformation/karpenter.yaml', 'W2001'],
          ['dist/c/cloudformation/karpenter.yaml', 'E0000'],
        ]),
      );
      expect(messages.some(([file]) => file === 'dist/a/cloudformation/karpenter.yaml')).toBe(false);
    }, 60_000);

    test('the same findings with a .cfnlintrc in the working folder that ignores E3002', async () => {
      const cwd = folder();
      writeFileSync(join(cwd, '.cfnlintrc'), 'ignore_checks:\n  - E3002\n');
      const { cli, served, count } = await both(cwd);
      expect(count).toBe(3);
      expect(served).toStrictEqual(cli);
      const ids = (cli as { message: string }[]).map((f) => f.message.split(':')[0]);
      expect(ids).toContain('W2001');
      expect(ids).not.toContain('E3002');
    }, 60_000);
  },
);
