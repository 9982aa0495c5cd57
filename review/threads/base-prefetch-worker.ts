/**
 * Worker thread of review/threads/base-prefetch.ts: answers the base's questions, posts them on the
 * port it was given, then raises the shared flag the main thread waits on; raised whatever
 * happens (the main thread, blocked in `Atomics.wait`, cannot see a worker's error event), so
 * a worker that fails leaves no message and the main thread answers in its own thread.
 */
import { MessagePort, workerData } from 'worker_threads';
import { runInBackground } from './background-thread';
import type * as Prefetch from './base-prefetch';

const { question, port } = workerData as { question: Prefetch.BaseQuestion; port: MessagePort };
if (question && port) {
  try {
    runInBackground();
    // Required here, not imported above: a failure to load is raised like any other.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { answerBase } = require('./base-prefetch') as typeof Prefetch;
    port.postMessage(answerBase(question.ref, question.distDir, question.cwd));
  } finally {
    const flag = new Int32Array(question.flag);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  }
}
