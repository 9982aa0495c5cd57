/**
 * `check`'s worker thread (started by review/threads/check-work.ts). On the committed dist/
 * folder, in this order: asks for cfn-lint's identity (a pyenv shim's `pyenv which`, then the
 * interpreter's metadata: other processes, which run meanwhile), reads the folder and posts its
 * files, answers the base with git (posting on its port, then raising the flag the main thread
 * waits on, whatever happens: blocked in `Atomics.wait`, it cannot see a worker's error event),
 * and lints the templates, posting the result (or a failure's message) last. Given candidate
 * files instead (a shard's), it only lints them.
 *
 * Loads what it uses and no more (model/basics.ts, not model/); the linting modules are
 * required once the identity was asked and the base answered.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type * as Identities from '../../validation/cloudformation/cfn-lint-identity';
import type { CfnLintInstallation } from '../../validation/cloudformation/cfn-lint-identity';
import type { DistFiles } from '../../model';
import type * as Background from './background-thread';
import type * as CheckLint from '../check-lint';
import type * as ReadDist from '../read-dist-dir';
import type * as DistSources from '../../validation/dist-sources';
import type * as Prefetch from './base-prefetch';
import type { LintAnswer, WorkerJob } from './check-work';

type Identity = (bin: string, cwd: string) => Promise<CfnLintInstallation | undefined>;

/* eslint-disable @typescript-eslint/no-require-imports -- loaded only when the job needs them */

/** cfn-lint's identity asked now; the teller gives that answer once, for the same program and folder. */
function askEarly(cwd: string): Identity | undefined {
  const { cfnLintIdentity, findCfnLint } =
    require('../../validation/cloudformation/cfn-lint-identity') as typeof Identities;
  const bin = findCfnLint();
  if (!bin) return undefined;
  let early: Promise<CfnLintInstallation | undefined> | undefined = cfnLintIdentity(bin, cwd);
  return (b, c) => {
    const answer = b === bin && c === cwd ? early : undefined;
    early = undefined;
    return answer ?? cfnLintIdentity(b, c);
  };
}

/** The folder's files, posted on the job's port (a failure to read them is thrown, after the port closed). */
function readCommitted(job: Extract<WorkerJob, { distDir: string }>): DistFiles {
  try {
    const { readDistDir } = require('../read-dist-dir') as typeof ReadDist;
    const files = readDistDir(job.distDir, true);
    job.filesPort.postMessage([...files]);
    return files;
  } finally {
    job.filesPort.close();
  }
}

/**
 * The base's answers posted, and the flag raised whatever happens (a failure here leaves no
 * message: the main thread answers in its own thread).
 */
function answerBase(
  base: NonNullable<Extract<WorkerJob, { distDir: string }>['base']>,
  working?: DistFiles,
): void {
  try {
    const { answerBase: answer } = require('./base-prefetch') as typeof Prefetch;
    const { ref, distDir, cwd } = base.question;
    base.port.postMessage(answer(ref, distDir, cwd, working));
  } catch {
    // Answered by the main thread.
  } finally {
    base.port.close();
    raise(base);
  }
}

/** The flag the main thread waits on for the base, raised (again: harmless). */
function raise(base: NonNullable<Extract<WorkerJob, { distDir: string }>['base']>): void {
  const flag = new Int32Array(base.question.flag);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

/** The files that may hold a template. */
function candidates(files: DistFiles): Map<string, string> {
  const { mayHoldTemplate } = require('../../validation/dist-sources') as typeof DistSources;
  return new Map([...files].filter(([rel, text]) => mayHoldTemplate(rel, text)));
}

/** The committed files of a folder job (posted, and handed to the base), or why they could not be read. */
function committedOf(job: Extract<WorkerJob, { distDir: string }>): { files?: DistFiles; failure?: unknown } {
  let read: { files?: DistFiles; failure?: unknown } = {};
  try {
    read = { files: readCommitted(job) };
  } catch (e) {
    read = { failure: e };
  } finally {
    if (job.base) answerBase(job.base, read.files);
  }
  return read;
}

/**
 * The job, in the order above. Nothing is imported before it starts (every module is required
 * inside), so that whatever fails, the base's flag is raised and the main thread never waits for
 * an answer that cannot come.
 */
async function main(job: WorkerJob): Promise<void> {
  const lint = 'candidates' in job ? { fresh: job.fresh, place: job.place } : job.lint;
  let answer: LintAnswer;
  try {
    (require('./background-thread') as typeof Background).runInBackground();
    const identity = lint ? askEarly(lint.place.cwd) : undefined;
    const read = 'candidates' in job ? { files: new Map(job.candidates) } : committedOf(job);
    if (!lint) return;
    if (read.failure !== undefined) throw read.failure;
    const { lintCommitted } = require('../check-lint') as typeof CheckLint;
    const committed = 'candidates' in job ? read.files : candidates(read.files ?? new Map());
    const result = await lintCommitted(committed ?? new Map(), lint.fresh, lint.place, identity);
    answer = result ? { result } : {};
  } catch (e) {
    answer = { failure: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  } finally {
    if ('distDir' in job && job.base) raise(job.base);
  }
  parentPort?.postMessage(answer);
}
/* eslint-enable @typescript-eslint/no-require-imports */

if (parentPort) void main(workerData as WorkerJob);
