/**
 * Worker thread of review/check-lint.ts: lints the committed templates it is sent, as `check`
 * lints them, and posts the result (or a failure's message) back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LintAnswer, lintCommitted, LintPlace } from './check-lint';

interface LintJob {
  readonly candidates: readonly (readonly [string, string])[];
  readonly fresh: boolean;
  readonly place: LintPlace;
}

async function main(job: LintJob): Promise<void> {
  let answer: LintAnswer;
  try {
    const result = await lintCommitted(new Map(job.candidates), job.fresh, job.place);
    answer = result ? { result } : {};
  } catch (e) {
    answer = { failure: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort?.postMessage(answer);
}

if (parentPort) void main(workerData as LintJob);
