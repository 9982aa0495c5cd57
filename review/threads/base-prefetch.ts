/**
 * The PR's base, read while `check` does its own work: `git` runs in `check`'s worker thread
 * (review/threads/check-worker.ts) from the moment `check --base REF` starts (reading `dist/` at
 * REF, review/read-dist-git.ts, and asking whether the tool's sources changed since REF,
 * review/tool-sources.ts), so its processes do not hold up the main thread, whose steps (load,
 * synth, stale) need neither until later.
 *
 * The answers keep the synchronous shape review/previous-dist.ts asks for: the first call
 * waits for the worker (`Atomics.wait` on a flag the worker raises once it has posted, then
 * `receiveMessageOnPort`), later calls return what it sent. A revision git does not know is the
 * same UserError, thrown when the base is read, as without the worker. Where no worker runs
 * (TypeScript sources in tests, one core, a worker that cannot start), the same functions run in
 * this thread when first asked.
 *
 * Imports from model/basics.ts, not model/: the worker loads this.
 */
import { MessagePort, receiveMessageOnPort } from 'worker_threads';
import type { Diagnostic, DistFiles } from '../../model';
import { UserError } from '../../model/basics';
import { readDistAtRef } from '../read-dist-git';
import { withPreviousDigests } from '../../validation/previous-digests';
import type * as PreviousGroups from '../../validation/previous-groups';
import { toolSourcesChangedSince } from '../tool-sources';

/** What the worker posts: each answer, or how it failed. */
export interface BaseAnswers {
  /**
   * The files at the base; a text of null is the working file of that path, byte for byte, as the
   * worker posted the working tree (so the same text crosses between the threads once).
   */
  readonly files?: readonly (readonly [string, string | null])[];
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

/** What the worker is asked. */
export interface BaseQuestion {
  readonly ref: string;
  /** The dist folder as `--dist` names it, relative to `cwd` or absolute. */
  readonly distDir: string;
  readonly cwd: string;
  /** Int32Array over it: 0 until the answers are posted, then 1. */
  readonly flag: SharedArrayBuffer;
}

/**
 * The answers, computed in the calling thread (the worker runs exactly this). `working`: the same
 * folder's files as they are on disk, whose texts stand for the blobs they are (review/read-dist-git.ts)
 * and are then answered as null.
 */
export function answerBase(ref: string, distDir: string, cwd: string, working?: DistFiles): BaseAnswers {
  let read: Pick<BaseAnswers, 'files' | 'digests' | 'userError' | 'failure'>;
  try {
    const files = readDistAtRef(ref, distDir, cwd, working);
    // Required here, when the base was read: grouping it by cluster (the targets' folders, policies/targets/target-layout.ts).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { previousDigests } = require('../../validation/previous-groups') as typeof PreviousGroups;
    const digests = previousDigests(files);
    read = {
      // The same string object when it was taken from the working file.
      files: [...files].map(([rel, text]) => [rel, working?.get(rel) === text ? null : text] as const),
      digests: { loose: digests.loose, clusters: [...digests.clusters] },
    };
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

/**
 * Reads the answers' files, or throws how reading failed. `working`: the working tree's files,
 * for the texts answered as null (`take` made sure it has them).
 */
function filesOf(a: BaseAnswers, working: DistFiles | undefined): DistFiles {
  if (a.userError) throw new UserError(a.userError);
  if (a.failure !== undefined) throw new Error(`reading the base failed: ${a.failure}`);
  const files: DistFiles = new Map(
    (a.files ?? []).map(([rel, text]) => [rel, text ?? working?.get(rel) ?? '']),
  );
  return a.digests
    ? withPreviousDigests(files, { loose: a.digests.loose, clusters: new Map(a.digests.clusters) })
    : files;
}

/** Whether every text answered as null is in `working`. */
function complete(a: BaseAnswers, working: () => DistFiles | undefined): boolean {
  const nulls = (a.files ?? []).filter(([, text]) => text === null);
  if (nulls.length === 0) return true;
  const w = working();
  return w !== undefined && nulls.every(([rel]) => w.has(rel));
}

function toolSourcesOf(a: BaseAnswers): string | undefined {
  if (a.toolSourcesFailure !== undefined)
    throw new Error(`comparing the tool's sources failed: ${a.toolSourcesFailure}`);
  return a.toolSources;
}

/** The base read in this thread, each answer only when asked (with --full nobody asks about the sources). */
export function baseInThisThread(ref: string, distDir: string, cwd: string): BaseReader {
  let files: DistFiles | undefined;
  let sources: { why?: string } | undefined;
  return {
    read: () => (files ??= readDistAtRef(ref, distDir, cwd)),
    toolSources: () => (sources ??= { why: toolSourcesChangedSince(ref, cwd) }).why,
  };
}

/** The longest wait for the worker before answering in this thread (git on a huge dist/ takes seconds). */
const WORKER_WAIT_MS = 120_000;

/**
 * The base as a worker answers it: `question.flag` raised once it posted on `port` (or failed:
 * then this thread answers). `working`: the working tree as the worker posted it; `done`: called
 * once the answers are taken.
 */
export function baseFromWorker(
  question: BaseQuestion,
  port: MessagePort,
  working: () => DistFiles | undefined,
  done: () => void,
): BaseReader {
  let answers: BaseAnswers | undefined;
  const take = (): BaseAnswers => {
    if (answers) return answers;
    const raised = new Int32Array(question.flag);
    // Woken when the worker posted or failed (it raises the flag either way); bounded all the same.
    Atomics.wait(raised, 0, 0, WORKER_WAIT_MS);
    const message = receiveMessageOnPort(port)?.message as BaseAnswers | undefined;
    port.close();
    done();
    // The working tree is posted before the answers: complete unless the worker failed between.
    answers =
      message && complete(message, working)
        ? message
        : answerBase(question.ref, question.distDir, question.cwd);
    return answers;
  };
  return { read: () => filesOf(take(), working()), toolSources: () => toolSourcesOf(take()) };
}
