/**
 * The PR's base, read while `check` does its own work: `git` runs in a worker thread from the
 * moment `check --base REF` starts (reading `dist/` at REF, review/read-dist-git.ts, and asking
 * whether the tool's sources changed since REF, review/tool-sources.ts), so its processes do
 * not hold up the main thread, whose steps (load, synth, stale) need neither until later.
 *
 * The answers keep the synchronous shape review/previous-dist.ts asks for: the first call
 * waits for the worker (`Atomics.wait` on a flag the worker raises once it has posted, then
 * `receiveMessageOnPort`), later calls return what it sent. A revision git does not know is the
 * same UserError, thrown when the base is read, as without the worker. From TypeScript sources
 * (tests), on one core, or if the worker cannot start, the same functions run in this thread
 * when first asked.
 */
import { existsSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { MessageChannel, receiveMessageOnPort, Worker } from 'worker_threads';
import { Diagnostic, DistFiles, UserError } from '../../model';
import { readDistAtRef } from '../read-dist-git';
import { withPreviousDigests } from '../../validation/previous-digests';
import type * as PreviousGroups from '../../validation/previous-groups';
import { toolSourcesChangedSince } from '../tool-sources';

/** What the worker posts: each answer, or how it failed. */
export interface BaseAnswers {
  readonly files?: readonly (readonly [string, string])[];
  /** The digests validation keys the base's findings by (validation/previous-digests.ts), of `files`. */
  readonly digests?: { readonly loose: string; readonly clusters: readonly (readonly [string, string])[] };
  /** The UserError's diagnostics (an unknown revision, a folder outside the repository). */
  readonly userError?: readonly Diagnostic[];
  /** Any other failure's message: a bug, thrown as an Error when the base is read. */
  readonly failure?: string;
  /** toolSourcesChangedSince's answer (undefined: the tool's sources are unchanged). */
  readonly toolSources?: string;
  readonly toolSourcesFailure?: string;
}

/** What the worker is given. */
export interface BaseQuestion {
  readonly ref: string;
  readonly distDir: string;
  readonly cwd: string;
  /** Int32Array over it: 0 until the answers are posted, then 1. */
  readonly flag: SharedArrayBuffer;
}

/** The answers, computed in the calling thread (the worker runs exactly this). */
export function answerBase(ref: string, distDir: string, cwd: string): BaseAnswers {
  let read: Pick<BaseAnswers, 'files' | 'digests' | 'userError' | 'failure'>;
  try {
    const files = readDistAtRef(ref, distDir, cwd);
    // Required here: the grouping needs the targets table, which the main thread loads later anyway.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { previousDigests } = require('../../validation/previous-groups') as typeof PreviousGroups;
    const digests = previousDigests(files);
    read = { files: [...files], digests: { loose: digests.loose, clusters: [...digests.clusters] } };
  } catch (e) {
    read = e instanceof UserError ? { userError: e.diagnostics } : { failure: String(e) };
  }
  try {
    const why = toolSourcesChangedSince(ref, cwd);
    return { ...read, ...(why !== undefined ? { toolSources: why } : {}) };
  } catch (e) {
    return { ...read, toolSourcesFailure: String(e) };
  }
}

export interface BaseReader {
  /** dist/ at the revision (throws its UserError, as readDistAtRef does). */
  readonly read: () => DistFiles;
  /** toolSourcesChangedSince's answer. */
  readonly toolSources: () => string | undefined;
}

/** Reads the answers' files, or throws how reading them failed. */
function filesOf(a: BaseAnswers): DistFiles {
  if (a.userError) throw new UserError(a.userError);
  if (a.failure !== undefined) throw new Error(`reading the base failed: ${a.failure}`);
  const files: DistFiles = new Map(a.files ?? []);
  return a.digests
    ? withPreviousDigests(files, { loose: a.digests.loose, clusters: new Map(a.digests.clusters) })
    : files;
}

function toolSourcesOf(a: BaseAnswers): string | undefined {
  if (a.toolSourcesFailure !== undefined)
    throw new Error(`comparing the tool's sources failed: ${a.toolSourcesFailure}`);
  return a.toolSources;
}

/** The longest wait for the worker before answering in this thread (git on a huge dist/ takes seconds). */
const WORKER_WAIT_MS = 120_000;

/** Starts the worker; undefined where it does not run (the answers are then computed when asked). */
function startWorker(ref: string, distDir: string, cwd: string): (() => BaseAnswers) | undefined {
  const script = path.join(__dirname, 'base-prefetch-worker.js');
  // A missing script would fail inside the worker, unseen while this thread waits: not started.
  if (!__filename.endsWith('.js') || os.availableParallelism() < 2 || !existsSync(script)) return undefined;
  try {
    const flag = new SharedArrayBuffer(4);
    const { port1, port2 } = new MessageChannel();
    const question: BaseQuestion = { ref, distDir, cwd, flag };
    const worker = new Worker(script, {
      workerData: { question, port: port2 },
      transferList: [port2],
    });
    // The answers are taken synchronously; the worker never keeps the process alive.
    worker.unref();
    worker.on('error', () => undefined);
    let answers: BaseAnswers | undefined;
    return () => {
      if (answers) return answers;
      const raised = new Int32Array(flag);
      // Woken when the worker posted or failed (it raises the flag either way); bounded all the same.
      Atomics.wait(raised, 0, 0, WORKER_WAIT_MS);
      const message = receiveMessageOnPort(port1);
      port1.close();
      answers = (message?.message as BaseAnswers | undefined) ?? answerBase(ref, distDir, cwd);
      void worker.terminate();
      return answers;
    };
  } catch {
    return undefined;
  }
}

/** Starts reading the base at `ref` now; the answers are taken when first asked. */
export function prefetchBase(ref: string, distDir: string, cwd: string): BaseReader {
  const fromWorker = startWorker(ref, distDir, cwd);
  if (!fromWorker) {
    // In this thread, each answer only when asked (with --full nobody asks about the sources).
    let files: DistFiles | undefined;
    let sources: { why?: string } | undefined;
    return {
      read: () => (files ??= readDistAtRef(ref, distDir, cwd)),
      toolSources: () => (sources ??= { why: toolSourcesChangedSince(ref, cwd) }).why,
    };
  }
  return { read: () => filesOf(fromWorker()), toolSources: () => toolSourcesOf(fromWorker()) };
}
