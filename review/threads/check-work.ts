/**
 * `check`'s work beside its pipeline, in one worker thread (review/threads/check-worker.ts)
 * started before the pipeline's modules load: it reads the committed dist/ (posted at once, so
 * `check` does not read it again), reads the PR's base with git (review/threads/base-prefetch.ts;
 * a working file that is byte for byte the base's blob is not read from git again), and runs
 * cfn-lint's whole chain on the committed templates (review/check-lint.ts): identity, cache,
 * server or CLI. One worker, not one per job: each costs a Node environment and its modules, on
 * the cores the main thread needs.
 *
 * From TypeScript sources (tests), on one core, or where the worker cannot start, nothing starts
 * here: the base is read in this thread when first asked, and `check` lints as it would without.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { DistFiles } from '../../model';
import type { StartedLint } from '../check-types';
import { lintCommitted, type LintPlace } from '../check-lint';
import type { LintResult } from '../../validation/cloudformation/cfn-lint';
import { mayHoldTemplate } from '../../validation/dist-sources';
import { baseFromWorker, baseInThisThread, type BaseQuestion, type BaseReader } from './base-prefetch';

/** What the worker posts on its own port when it has linted. */
export interface LintAnswer {
  readonly result?: LintResult;
  /** A failure's message (a bug): the lint is rejected with it. */
  readonly failure?: string;
}

/**
 * A worker's job: lint the candidate files sent (a shard's own templates), or work on the
 * committed dist/ folder `distDir`: post its files on `filesPort`, lint its templates (`lint`),
 * answer the base (`base`, on its port, then raise its flag).
 */
export type WorkerJob =
  | {
      readonly candidates: readonly (readonly [string, string])[];
      readonly fresh: boolean;
      readonly place: LintPlace;
    }
  | {
      readonly distDir: string;
      readonly filesPort: MessagePort;
      readonly lint?: { readonly fresh: boolean; readonly place: LintPlace };
      readonly base?: { readonly question: BaseQuestion; readonly port: MessagePort };
    };

/** The script the worker runs, from the build only (undefined: no worker here). */
function workerScript(): string | undefined {
  const script = join(__dirname, 'check-worker.js');
  // A missing script would fail inside the worker, unseen while this thread waits: not started.
  return __filename.endsWith('.js') && availableParallelism() >= 2 && existsSync(script) ? script : undefined;
}

/** A started worker's lint: resolves with its answer, rejects with its failure or exit. */
function lintAnswered(worker: Worker): Promise<LintResult | undefined> {
  return new Promise((resolve, reject) => {
    worker.once('message', (answer: LintAnswer) =>
      answer.failure !== undefined ? reject(new Error(answer.failure)) : resolve(answer.result),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`check's worker exited with code ${code}`));
    });
  });
}

/**
 * The committed templates linted in a worker thread (a shard's: only the files that may hold a
 * template are sent), or in this thread where no worker runs. In the worker its chain of processes
 * and cache reads moves on while this thread loads, synthesizes and compares, which keep it from
 * turning its event loop until validation awaits the lint.
 */
export function lintCommittedOffThread(
  committed: DistFiles,
  fresh: boolean,
  place: LintPlace,
): Promise<LintResult | undefined> {
  const script = workerScript();
  if (!script) return lintCommitted(committed, fresh, place);
  const candidates = [...committed].filter(([rel, text]) => mayHoldTemplate(rel, text));
  const job: WorkerJob = { candidates, fresh, place };
  return lintAnswered(new Worker(script, { workerData: job }));
}

/** What `check` asks of its worker. */
export interface CheckWorkRequest {
  /** The committed dist/ folder, absolute. */
  readonly distDir: string;
  /** cfn-lint on its templates. @default not linted here (a shard lints its own files) */
  readonly lint?: { readonly fresh: boolean; readonly place: LintPlace };
  /** The base (`--base`): the revision, the dist folder as `--dist` names it, the project. @default none */
  readonly base?: { readonly ref: string; readonly distDir: string; readonly cwd: string };
}

/** What was started: the lint (undefined: `check` lints itself) and the base's reader. */
export interface CheckWork {
  readonly lint?: StartedLint;
  readonly base?: BaseReader;
}

/** Starts `check`'s worker on what is asked; without one, the base is read in this thread when asked. */
export function startCheckWork(request: CheckWorkRequest): CheckWork {
  const { base } = request;
  const inThisThread: CheckWork = base ? { base: baseInThisThread(base.ref, base.distDir, base.cwd) } : {};
  const script = request.lint || base ? workerScript() : undefined;
  if (!script) return inThisThread;
  const files = new MessageChannel();
  const answers = base ? new MessageChannel() : undefined;
  const question: BaseQuestion | undefined = base ? { ...base, flag: new SharedArrayBuffer(4) } : undefined;
  let worker: Worker;
  try {
    const job: WorkerJob = {
      distDir: request.distDir,
      filesPort: files.port2,
      ...(request.lint ? { lint: request.lint } : {}),
      ...(question && answers ? { base: { question, port: answers.port2 } } : {}),
    };
    worker = new Worker(script, {
      workerData: job,
      transferList: answers ? [files.port2, answers.port2] : [files.port2],
    });
  } catch {
    files.port1.close();
    answers?.port1.close();
    return inThisThread;
  }
  const committed = postedFiles(files.port1);
  const result = request.lint ? lintAnswered(worker) : undefined;
  // Awaited by validate (through the check's dependencies); this keeps a failure quiet until then.
  result?.catch(() => undefined);
  // Without a lint to wait for, the worker never keeps the process alive (the base is taken synchronously).
  if (!result) {
    worker.unref();
    worker.on('error', () => undefined);
  }
  return {
    ...(request.lint && result ? { lint: { fresh: request.lint.fresh, result, committed } } : {}),
    ...(question && answers
      ? {
          base: baseFromWorker(question, answers.port1, committed, () => {
            if (!result) void worker.terminate();
          }),
        }
      : {}),
  };
}

/** The working tree as the worker posted it, taken without waiting once it has (undefined before). */
function postedFiles(port: MessagePort): () => DistFiles | undefined {
  let committed: DistFiles | undefined;
  return () => {
    if (committed) return committed;
    const message = receiveMessageOnPort(port)?.message as readonly (readonly [string, string])[] | undefined;
    if (message) {
      committed = new Map(message);
      port.close();
    }
    return committed;
  };
}
