/**
 * Which cfn-lint would run: its version, where it is installed and when its resource
 * specifications last changed, found without starting cfn-lint itself (whose start-up costs
 * seconds: `cfn-lint --version` loads every rule). cfn-lint is a Python console script, so the
 * interpreter named in its first line (`#!/…/python3`) is asked, in a fraction of a second, for
 * the installed distribution's version and the modification times of its provider schemas
 * (`cfn-lint --update-specs` rewrites those without changing the version).
 *
 * A pyenv shim is followed to the script it runs (`pyenv which cfn-lint`, in the folder cfn-lint
 * runs in: `.python-version` there chooses the Python). Anything else (a wrapper this code cannot
 * see through) has no identity: its results are not cached.
 *
 * The script found is also the program to run (`program`): validation/cloudformation/cfn-lint.ts starts it
 * directly instead of the shim, which saves bash and `pyenv exec` on every run (about 0.1 s of
 * CPU a run on a 2-core machine). The script's `#!` line names its Python, so it runs with the
 * interpreter and packages the shim would have chosen in that folder; what it does not get is
 * what `pyenv exec` adds around it (that version's bin folder first on the PATH, pyenv's exec
 * hooks), which cfn-lint does not use. Without a shim the program is `bin` itself.
 */
import { execFile, execFileSync } from 'node:child_process';
import { closeSync, openSync, readSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';

/** What the identity is made of, asked of the interpreter that runs cfn-lint. */
const PROBE = [
  'import importlib.metadata as m, importlib.util as u, os',
  "d = m.distribution('cfn-lint')",
  "s = u.find_spec('cfnlint')",
  "p = os.path.join(os.path.dirname(s.origin), 'data', 'schemas', 'providers')",
  't = max((e.stat().st_mtime_ns for e in os.scandir(p)), default=0) if os.path.isdir(p) else 0',
  "print('cfn-lint', d.version, s.origin, t)",
].join('\n');

/** Runs a program in a folder and resolves with its stdout; rejects when it fails. */
export type RunProgram = (program: string, args: readonly string[], cwd: string) => Promise<string>;

const runProgram: RunProgram = (program, args, cwd) =>
  new Promise((resolve, reject) => {
    execFile(program, [...args], { cwd, encoding: 'utf8', timeout: 30_000 }, (err, stdout) =>
      err ? reject(err) : resolve(stdout),
    );
  });

/** The first `bytes` of a file as text, or '' when it cannot be read. */
function head(file: string, bytes: number): string {
  try {
    const fd = openSync(file, 'r');
    try {
      const buf = Buffer.alloc(bytes);
      const n = readSync(fd, buf, 0, buf.length, 0);
      return buf.subarray(0, n).toString('utf8');
    } finally {
      closeSync(fd);
    }
  } catch {
    return '';
  }
}

/** The first line of a script (its `#!` line). */
function firstLine(file: string): string {
  return head(file, 512).split('\n')[0];
}

/**
 * The interpreter (and its flags) a `#!` line runs a Python script with, or undefined when the
 * line does not name Python: `#!/venv/bin/python3`, `#!/usr/bin/env python3`, `#!/usr/bin/python3 -s`.
 */
export function pythonOfShebang(line: string): readonly string[] | undefined {
  const m = /^#!\s*(\S+)((?:\s+\S+)*)\s*$/.exec(line);
  if (!m) return undefined;
  const words = m[2].trim() === '' ? [] : m[2].trim().split(/\s+/);
  const isPython = (p: string): boolean => /^python[0-9.]*$/.test(basename(p));
  if (isPython(m[1])) return [m[1], ...words];
  if (basename(m[1]) === 'env' && words.length > 0 && isPython(words[0])) return words;
  return undefined;
}

/** The pyenv executable a pyenv shim hands over to, when `text` is one. */
export function pyenvOfShim(text: string): string | undefined {
  return /^exec "([^"]+\/pyenv)" exec "\$program" "\$@"$/m.exec(text)?.[1];
}

/** A cfn-lint installation as run in one folder: what it is, and the program that runs it. */
export interface CfnLintInstallation {
  /** Version, location and schema time, e.g. `cfn-lint 1.51.0 /…/cfnlint/__init__.py 1779…`. */
  readonly identity: string;
  /** The console script to start: the one a pyenv shim resolves to in that folder, else `bin`. */
  readonly program: string;
  /**
   * The interpreter (and its flags) of that script's `#!` line, which validation/cloudformation/cfn-lint-server.ts
   * starts its server with. @default unknown: no server
   */
  readonly python?: readonly string[];
}

/**
 * The cfn-lint at `bin` when run in the folder `cwd`: its identity and the program to start, or
 * undefined when the identity cannot be told without starting cfn-lint. `cwd` matters for a pyenv
 * shim: `.python-version` there chooses the Python (and so the script).
 */
export async function cfnLintIdentity(
  bin: string,
  cwd: string,
  run: RunProgram = runProgram,
): Promise<CfnLintInstallation | undefined> {
  let script = bin;
  const shim = pyenvOfShim(head(bin, 4096));
  if (shim !== undefined) {
    try {
      script = (await run(shim, ['which', 'cfn-lint'], cwd)).trim();
    } catch {
      return undefined;
    }
  }
  const python = pythonOfShebang(firstLine(script));
  if (!python) return undefined;
  try {
    // Not in `cwd`: for `-c`, Python puts the current folder first on its module path.
    const out = (await run(python[0], [...python.slice(1), '-c', PROBE], tmpdir())).trim();
    return /^cfn-lint \S+ \S.* \d+$/.test(out) ? { identity: out, program: script, python } : undefined;
  } catch {
    return undefined;
  }
}

let cfnLintPath: string | null | undefined;

/** Path of cfn-lint on PATH, looked up once. */
export function findCfnLint(): string | null {
  if (cfnLintPath === undefined) {
    try {
      cfnLintPath =
        execFileSync('which', ['cfn-lint'], {
          encoding: 'utf8',
          // Named explicitly (the default is the same): PATH as this process sees it now.
          env: process.env,
          stdio: ['ignore', 'pipe', 'ignore'],
        }).trim() || null;
    } catch {
      cfnLintPath = null;
    }
  }
  return cfnLintPath;
}
