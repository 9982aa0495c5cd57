/**
 * Runs the compiled synth CLI (`node build/synth/synth.js`) in a child process, the way
 * users and the PR job run it. `npm test` builds first; a stale build/ is refused so a test
 * never passes or fails against old code.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './example-fleet';
import { tsRequireHook } from './ts-child';

export const SYNTH_JS = join(PROJECT_ROOT, 'build', 'synth', 'synth.js');

const SOURCE_DIRS = ['model', 'io', 'charts', 'policies', 'validation', 'synth'];

/** Throws with a clear message when build/ is missing or older than a source file it is built from. */
export function assertFreshBuild(): void {
  if (!existsSync(SYNTH_JS))
    throw new Error(`${SYNTH_JS} is missing: run \`npm run build\` (npm test does it)`);
  for (const dir of SOURCE_DIRS) {
    const abs = join(PROJECT_ROOT, dir);
    if (!existsSync(abs)) continue;
    for (const name of readdirRecursive(abs).filter((n) => n.endsWith('.ts') && !n.endsWith('.d.ts'))) {
      const built = join(PROJECT_ROOT, 'build', dir, name.replace(/\.ts$/, '.js'));
      if (!existsSync(built) || statSync(built).mtimeMs < statSync(join(abs, name)).mtimeMs) {
        throw new Error(`build/ is older than ${dir}/${name}: run \`npm run build\` (npm test does it)`);
      }
    }
  }
}

function readdirRecursive(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? readdirRecursive(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

export interface CliRun {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * The CLI's entry point over the TypeScript sources (what build/synth/synth.js runs when
 * it is the main module), for tests that must not depend on a fresh build/.
 */
const SYNTH_FROM_SOURCES = `${tsRequireHook()}
const { synthCli } = require(${JSON.stringify(join(PROJECT_ROOT, 'synth', 'synth.ts'))});
const { loadFleetFromDir } = require(${JSON.stringify(join(PROJECT_ROOT, 'io', 'cli-common.ts'))});
const io = {
  out: (line) => process.stdout.write(line + '\\n'),
  err: (line) => process.stderr.write(line + '\\n'),
  cwd: process.cwd(),
};
process.exitCode = synthCli(process.argv.slice(1), io, { loadFleet: loadFleetFromDir });
`;

export interface CliOptions {
  readonly cwd: string;
  /** Replaces the environment. @default only PATH */
  readonly env?: NodeJS.ProcessEnv;
  /** @default 60000 */
  readonly timeoutMs?: number;
  /**
   * 'compiled': `node build/synth/synth.js` (call assertFreshBuild first);
   * 'sources': the same entry point over the TypeScript sources.
   * @default 'compiled'
   */
  readonly from?: 'compiled' | 'sources';
}

/** Runs the synth CLI with `args` in a child process. */
export function runSynthCli(args: readonly string[], options: CliOptions): Promise<CliRun> {
  const argv = options.from === 'sources' ? ['-e', SYNTH_FROM_SOURCES, '--', ...args] : [SYNTH_JS, ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, {
      cwd: options.cwd,
      env: options.env ?? { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString('utf8')));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Runs `tasks` with at most `limit` at a time, results in input order. */
export async function inBatches<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  });
  await Promise.all(lanes);
  return results;
}
