import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cfnLintIdentity,
  pyenvOfShim,
  pythonOfShebang,
  RunProgram,
} from '../../../validation/cloudformation/cfn-lint-identity';
import { findCfnLint } from '../../../validation/cloudformation/cfn-lint';

/** A pyenv shim as `pyenv rehash` writes it. */
const PYENV_SHIM = `#!/usr/bin/env bash
set -e
[ -n "$PYENV_DEBUG" ] && set -x

program="\${0##*/}"

export PYENV_ROOT="/home/dev/.pyenv"
exec "/home/dev/.pyenv/libexec/pyenv" exec "$program" "$@"
`;

const PROBE_OUTPUT =
  'cfn-lint 1.51.0 /venv/lib/python3.12/site-packages/cfnlint/__init__.py 1779000000000000000\n';
const IDENTITY = PROBE_OUTPUT.trim();

describe('pythonOfShebang', () => {
  test('a Python interpreter named directly, or through env, with its flags', () => {
    expect(pythonOfShebang('#!/venv/bin/python3')).toEqual(['/venv/bin/python3']);
    expect(pythonOfShebang('#!/usr/bin/env python3')).toEqual(['python3']);
    expect(pythonOfShebang('#!/usr/bin/python3 -s')).toEqual(['/usr/bin/python3', '-s']);
    expect(pythonOfShebang('#! /opt/py/bin/python3.12')).toEqual(['/opt/py/bin/python3.12']);
    expect(pythonOfShebang('#!/usr/bin/python')).toEqual(['/usr/bin/python']);
  });

  test('anything that is not Python is undefined', () => {
    expect(pythonOfShebang('#!/bin/sh')).toBeUndefined();
    expect(pythonOfShebang('#!/usr/bin/env node')).toBeUndefined();
    expect(pythonOfShebang('#!/usr/bin/env')).toBeUndefined();
    expect(pythonOfShebang('#!/usr/bin/pythonic')).toBeUndefined();
    expect(pythonOfShebang('import sys')).toBeUndefined();
    expect(pythonOfShebang('')).toBeUndefined();
  });
});

describe('pyenvOfShim', () => {
  test('names the pyenv executable a shim hands over to', () => {
    expect(pyenvOfShim(PYENV_SHIM)).toBe('/home/dev/.pyenv/libexec/pyenv');
  });

  test('is undefined for a script that is not a pyenv shim', () => {
    expect(pyenvOfShim('#!/venv/bin/python3\nfrom cfnlint.runner import main\n')).toBeUndefined();
    expect(pyenvOfShim('#!/bin/sh\nexec "/usr/bin/pyenv" run "$@"\n')).toBeUndefined();
  });
});

describe('cfnLintIdentity', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kg-identity-test-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function script(name: string, text: string): string {
    const file = join(dir, name);
    writeFileSync(file, text, { mode: 0o755 });
    return file;
  }

  /** A RunProgram that records its calls and answers from `answer`. */
  function recorder(answer: (program: string, args: readonly string[]) => string | Error): {
    run: RunProgram;
    calls: { program: string; args: readonly string[]; cwd: string }[];
  } {
    const calls: { program: string; args: readonly string[]; cwd: string }[] = [];
    const run: RunProgram = async (program, args, cwd) => {
      calls.push({ program, args, cwd });
      const a = answer(program, args);
      if (a instanceof Error) throw a;
      return a;
    };
    return { run, calls };
  }

  test('asks the interpreter of the shebang, with -c and the probe', async () => {
    const bin = script('cfn-lint', '#!/venv/bin/python3\nfrom cfnlint.runner import main\nmain()\n');
    const { run, calls } = recorder(() => PROBE_OUTPUT);
    // Not a shim: the program to run is `bin` itself; its interpreter is the server's.
    expect(await cfnLintIdentity(bin, dir, run)).toEqual({
      identity: IDENTITY,
      program: bin,
      python: ['/venv/bin/python3'],
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].program).toBe('/venv/bin/python3');
    expect(calls[0].args).toHaveLength(2);
    expect(calls[0].args[0]).toBe('-c');
    expect(calls[0].args[1]).toContain("m.distribution('cfn-lint')");
  });

  test('keeps the flags of the shebang before -c', async () => {
    const bin = script('cfn-lint', '#!/usr/bin/python3 -s\nfrom cfnlint.runner import main\n');
    const { run, calls } = recorder(() => PROBE_OUTPUT);
    expect(await cfnLintIdentity(bin, dir, run)).toEqual({
      identity: IDENTITY,
      program: bin,
      python: ['/usr/bin/python3', '-s'],
    });
    expect(calls.map((c) => [c.program, ...c.args.slice(0, 2)])).toEqual([['/usr/bin/python3', '-s', '-c']]);
  });

  test('follows a pyenv shim: `pyenv which cfn-lint`, then the probe of that script, which is the program', async () => {
    const real = script('real-cfn-lint', '#!/home/dev/.pyenv/versions/3.12.1/bin/python\nimport cfnlint\n');
    const shim = script('cfn-lint', PYENV_SHIM);
    const { run, calls } = recorder((program) => (program.endsWith('/pyenv') ? `${real}\n` : PROBE_OUTPUT));
    // The script `pyenv which` printed (its newline trimmed) is what runs, not the shim.
    expect(await cfnLintIdentity(shim, dir, run)).toEqual({
      identity: IDENTITY,
      program: real,
      python: ['/home/dev/.pyenv/versions/3.12.1/bin/python'],
    });
    expect(calls.map((c) => [c.program, c.args[0]])).toEqual([
      ['/home/dev/.pyenv/libexec/pyenv', 'which'],
      ['/home/dev/.pyenv/versions/3.12.1/bin/python', '-c'],
    ]);
    expect(calls[0].args).toEqual(['which', 'cfn-lint']);
    // pyenv chooses the Python by the folder cfn-lint runs in (.python-version); the probe
    // runs elsewhere, so that no module of that folder shadows the installed one.
    expect(calls.map((c) => c.cwd)).toEqual([dir, tmpdir()]);
  });

  test('a pyenv shim whose `pyenv which` fails has no identity', async () => {
    const shim = script('cfn-lint', PYENV_SHIM);
    const { run, calls } = recorder(() => new Error('pyenv: cfn-lint: command not found'));
    expect(await cfnLintIdentity(shim, dir, run)).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  test('a wrapper that is not Python has no identity, and nothing is run', async () => {
    const bin = script('cfn-lint', '#!/bin/sh\nexec docker run cfn-lint "$@"\n');
    const { run, calls } = recorder(() => PROBE_OUTPUT);
    expect(await cfnLintIdentity(bin, dir, run)).toBeUndefined();
    expect(calls).toEqual([]);
  });

  test('a file that cannot be read has no identity', async () => {
    const { run, calls } = recorder(() => PROBE_OUTPUT);
    expect(await cfnLintIdentity(join(dir, 'missing'), dir, run)).toBeUndefined();
    expect(calls).toEqual([]);
  });

  test.each([
    ['only the version', 'cfn-lint 1.51.0\n'],
    ['no modification time', 'cfn-lint 1.51.0 /venv/cfnlint/__init__.py\n'],
    ['a traceback', "Traceback (most recent call last):\nModuleNotFoundError: No module named 'cfnlint'\n"],
    ['nothing', ''],
  ])('malformed probe output (%s) gives no identity', async (_what, out) => {
    const bin = script('cfn-lint', '#!/venv/bin/python3\n');
    const { run } = recorder(() => out);
    expect(await cfnLintIdentity(bin, dir, run)).toBeUndefined();
  });

  test('a probe that fails gives no identity', async () => {
    const bin = script('cfn-lint', '#!/venv/bin/python3\n');
    const { run, calls } = recorder(() => new Error('spawn /venv/bin/python3 ENOENT'));
    expect(await cfnLintIdentity(bin, dir, run)).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  const bin = findCfnLint();
  (bin ? test : test.skip)(
    'the installed cfn-lint: starts with `cfn-lint <version>` as --version prints it',
    async () => {
      const printed = execFileSync(bin as string, ['--version'], { encoding: 'utf8' }).trim();
      const version = /^cfn-lint (\S+)$/.exec(printed)?.[1];
      expect(version).toBeDefined();
      const found = await cfnLintIdentity(bin as string, process.cwd());
      expect(found).toBeDefined();
      const m = /^cfn-lint (\S+) (.+) (\d+)$/.exec(found?.identity as string);
      expect(m?.[1]).toBe(version);
      expect(m?.[2]).toMatch(/cfnlint[/\\]__init__\.py$/);
      // The program is a Python console script (a shim resolved to one, or `bin` itself).
      expect(pyenvOfShim(readFileSync(found?.program as string, 'utf8'))).toBeUndefined();
      expect(pythonOfShebang(readFileSync(found?.program as string, 'utf8').split('\n')[0])).toBeDefined();
    },
  );
});
