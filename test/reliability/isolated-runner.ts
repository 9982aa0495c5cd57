/**
 * Runs the loader on dangerous cases (alias bombs, deep nesting, huge inputs) in a child
 * process with a time limit and a memory cap, so a hang, a stack overflow or an
 * out-of-memory kills the child and is reported as a finding instead of taking the test
 * runner down. One child serves many cases; after a hang or a crash a fresh one starts.
 *
 * The child loads the TypeScript sources directly (transpile-only, like ts-jest), so the
 * harness never depends on a stale build/.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Diagnostic } from '../../model/shared/diagnostics';
import { FuzzCase } from './mutators';
import { tsRequireHook } from './ts-child';

export type Outcome =
  | { readonly kind: 'rejected'; readonly diagnostics: readonly Diagnostic[]; readonly ms: number }
  | {
      readonly kind: 'accepted';
      readonly fleet: unknown;
      readonly warnings: readonly Diagnostic[];
      readonly ms: number;
    }
  | { readonly kind: 'crashed'; readonly error: string; readonly ms: number }
  | { readonly kind: 'hung'; readonly ms: number };

/** Writes the case's `clusters/` folder below `root` (created). */
export function writeCaseProject(root: string, c: FuzzCase): void {
  for (const f of c.files) {
    const full = join(root, ...f.path.split('/'));
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, f.content);
  }
}

/** Source of the child: reads one project folder per stdin line, answers one JSON line each. */
const WORKER = (projectRoot: string): string => `${tsRequireHook(projectRoot)}
const path = require('node:path');
const readline = require('node:readline');
const projectRoot = ${JSON.stringify(projectRoot)};
const { loadFleet } = require(path.join(projectRoot, 'io', 'read-fleet.ts'));
const { UserError } = require(path.join(projectRoot, 'model', 'shared', 'diagnostics.ts'));
process.stdout.write(JSON.stringify({ ready: true }) + '\\n');
readline.createInterface({ input: process.stdin }).on('line', (dir) => {
  const t0 = process.hrtime.bigint();
  const ms = () => Number(process.hrtime.bigint() - t0) / 1e6;
  let answer;
  try {
    const loaded = loadFleet(dir);
    answer = { kind: 'accepted', fleet: loaded.fleet, warnings: loaded.warnings, ms: ms() };
  } catch (e) {
    if (e instanceof UserError) answer = { kind: 'rejected', diagnostics: e.diagnostics, ms: ms() };
    else answer = { kind: 'crashed', error: String((e && e.stack) || e), ms: ms() };
  }
  process.stdout.write(JSON.stringify(answer) + '\\n');
});
`;

export interface IsolatedRunnerOptions {
  readonly projectRoot: string;
  /** Folder for the cases' project folders. */
  readonly workDir: string;
  /** Per-case limit, after the child is ready. */
  readonly timeoutMs: number;
  /** V8 heap cap of the child, in MiB. */
  readonly maxHeapMb: number;
}

interface Worker {
  readonly child: ChildProcess;
  readonly lines: AsyncIterator<string>;
  stderr: string;
}

function startWorker(options: IsolatedRunnerOptions): Worker {
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${options.maxHeapMb}`, '-e', WORKER(options.projectRoot)],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const w: Worker = { child, lines: lineIterator(child), stderr: '' };
  child.stderr?.on('data', (b: Buffer) => {
    if (w.stderr.length < 20_000) w.stderr += b.toString('utf8');
  });
  return w;
}

function lineIterator(child: ChildProcess): AsyncIterator<string> {
  const queue: string[] = [];
  const waiting: ((r: IteratorResult<string>) => void)[] = [];
  let buffer = '';
  let ended = false;
  const push = (line: string) => {
    const w = waiting.shift();
    if (w) w({ value: line, done: false });
    else queue.push(line);
  };
  child.stdout?.on('data', (b: Buffer) => {
    buffer += b.toString('utf8');
    let i: number;
    while ((i = buffer.indexOf('\n')) >= 0) {
      push(buffer.slice(0, i));
      buffer = buffer.slice(i + 1);
    }
  });
  child.on('close', () => {
    ended = true;
    for (const w of waiting.splice(0)) w({ value: undefined, done: true });
  });
  return {
    next: () =>
      new Promise((resolve) => {
        const line = queue.shift();
        if (line !== undefined) resolve({ value: line, done: false });
        else if (ended) resolve({ value: undefined, done: true });
        else waiting.push(resolve);
      }),
  };
}

async function nextLine(w: Worker, timeoutMs: number): Promise<string | 'timeout' | 'closed'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const line = w.lines.next().then((r) => (r.done ? ('closed' as const) : r.value));
  try {
    return await Promise.race([line, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function stop(w: Worker): void {
  if (w.child.exitCode === null && w.child.signalCode === null && w.child.pid !== undefined)
    w.child.kill('SIGKILL');
}

/** Loads every case in a child process; the outcome of each, by case id. */
export async function runIsolated(
  cases: readonly FuzzCase[],
  options: IsolatedRunnerOptions,
): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  let worker: Worker | undefined;
  const ready = async (): Promise<Worker> => {
    if (worker) return worker;
    const w = startWorker(options);
    const first = await nextLine(w, 60_000);
    if (first === 'timeout' || first === 'closed') {
      stop(w);
      throw new Error(`fuzz worker did not start: ${first}\n${w.stderr}`);
    }
    worker = w;
    return w;
  };
  try {
    for (const c of cases) {
      const dir = join(options.workDir, c.id);
      writeCaseProject(dir, c);
      const w = await ready();
      const t0 = Date.now();
      w.child.stdin?.write(`${dir}\n`);
      const line = await nextLine(w, options.timeoutMs);
      const ms = Date.now() - t0;
      if (line === 'timeout') {
        outcomes.set(c.id, { kind: 'hung', ms });
        stop(w);
        worker = undefined;
      } else if (line === 'closed') {
        const tail = w.stderr.trim().split('\n').slice(-6).join('\n');
        outcomes.set(c.id, {
          kind: 'crashed',
          error: `child died (exit ${w.child.exitCode}, ${w.child.signalCode}): ${tail}`,
          ms,
        });
        worker = undefined;
      } else {
        outcomes.set(c.id, JSON.parse(line) as Outcome);
      }
    }
  } finally {
    if (worker) {
      worker.child.stdin?.end();
      stop(worker);
    }
  }
  return outcomes;
}
