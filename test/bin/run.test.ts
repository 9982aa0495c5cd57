/**
 * The launcher (bin/run.js) on a tiny project of its own: a copy of the launcher, the real
 * tsconfig files and node_modules, and two sources. Asserts what is compiled when, never how
 * long it takes.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

let dir: string;

function write(rel: string, text: string): void {
  mkdirSync(join(dir, rel, '..'), { recursive: true });
  writeFileSync(join(dir, rel), text);
}

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [join(dir, 'bin', 'run.js'), ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function transpiled(stderr: string): number | undefined {
  const m = /^build: (\d+) changed TypeScript file\(s\) transpiled/m.exec(stderr);
  return m ? Number(m[1]) : undefined;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kg-run-'));
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(ROOT, 'bin', 'run.js'), join(dir, 'bin', 'run.js'));
  copyFileSync(join(ROOT, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  write('tsconfig.build.json', JSON.stringify({ extends: './tsconfig.json', include: ['main.ts', 'lib'] }));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  write('lib/greet.ts', 'export const greet = (who: string): string => `hello ${who}`;\n');
  write(
    'main.ts',
    [
      "import { greet } from './lib/greet';",
      'if (require.main === module) process.stdout.write(`${greet(process.argv[2])}\\n`);',
      '',
    ].join('\n'),
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('bin/run.js', () => {
  it('builds everything on the first run, then runs the entry as the main module with its arguments', () => {
    const r = run('main', 'world');
    expect(r.code).toBe(0);
    expect(transpiled(r.stderr)).toBe(2);
    expect(r.stdout).toBe('hello world\n');
    expect(existsSync(join(dir, 'build', 'lib', 'greet.js'))).toBe(true);
  });

  it('compiles nothing when nothing changed, and nothing for a touch that keeps the bytes', () => {
    run('--build');
    const again = run('main', 'again');
    expect(again.stderr).toBe('');
    expect(again.stdout).toBe('hello again\n');
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dir, 'lib', 'greet.ts'), later, later);
    expect(run('main', 'x').stderr).toBe('');
  });

  it('transpiles only the file that changed and runs the new code', () => {
    run('--build');
    write('lib/greet.ts', 'export const greet = (who: string): string => `hi ${who}`;\n');
    const r = run('main', 'there');
    expect(transpiled(r.stderr)).toBe(1);
    expect(r.stderr).toContain('not type-checked: npm run typecheck or npm test does that');
    expect(r.stdout).toBe('hi there\n');
  });

  it('rebuilds everything when the compiler options change', () => {
    run('--build');
    write(
      'tsconfig.build.json',
      JSON.stringify({ extends: './tsconfig.json', include: ['main.ts', 'lib'], compilerOptions: {} }),
    );
    expect(transpiled(run('--build').stderr)).toBe(2);
  });

  it('removes the output of a deleted source', () => {
    write('lib/old.ts', 'export const old = 1;\n');
    run('--build');
    expect(existsSync(join(dir, 'build', 'lib', 'old.js'))).toBe(true);
    rmSync(join(dir, 'lib', 'old.ts'));
    expect(run('--build').code).toBe(0);
    expect(existsSync(join(dir, 'build', 'lib', 'old.js'))).toBe(false);
  });

  it('refuses a syntax error with file:line:col and leaves the previous output', () => {
    run('--build');
    const before = readFileSync(join(dir, 'build', 'lib', 'greet.js'), 'utf8');
    write('lib/greet.ts', 'export const greet = (who: string =>;\n');
    const r = run('main', 'x');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^lib\/greet\.ts:1:\d+: .+/m);
    expect(r.stderr).toContain('build: fix the syntax error(s) above; build/ was not updated for them.');
    expect(readFileSync(join(dir, 'build', 'lib', 'greet.js'), 'utf8')).toBe(before);
    // Still stale: the next run tries again instead of running old code silently.
    expect(run('main', 'x').code).toBe(1);
  });

  it('after --record (what npm run build does after tsc) trusts the existing build', () => {
    mkdirSync(join(dir, 'build', 'lib'), { recursive: true });
    writeFileSync(join(dir, 'build', 'main.js'), "process.stdout.write('from tsc\\n');\n");
    writeFileSync(join(dir, 'build', 'lib', 'greet.js'), '');
    expect(run('--record').code).toBe(0);
    const r = run('main');
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('from tsc\n');
  });

  it('names an entry that does not exist', () => {
    const r = run('nope/missing');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'run: build/nope/missing.js does not exist: is nope/missing.ts one of the sources?',
    );
  });
});
