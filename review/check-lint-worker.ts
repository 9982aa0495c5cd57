/**
 * Worker thread of review/check-lint.ts: lints the committed templates it is sent (or those of
 * the dist/ folder it is named), as `check` lints them, and posts the result (or a failure's
 * message) back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { LintAnswer, lintCommitted, LintJob } from './check-lint';
import { readDistDir } from './read-dist-dir';
import { mayHoldTemplate } from '../validation/dist-sources';

/**
 * The files that may hold a template: those sent, or those of the folder as it is now (every
 * file of which is posted on the job's port first, for `check`'s own steps).
 */
function candidates(job: LintJob): Map<string, string> {
  if ('candidates' in job) return new Map(job.candidates);
  const files = readDistDir(job.distDir, true);
  job.port.postMessage([...files]);
  job.port.close();
  return new Map([...files].filter(([rel, text]) => mayHoldTemplate(rel, text)));
}

async function main(job: LintJob): Promise<void> {
  let answer: LintAnswer;
  try {
    const result = await lintCommitted(candidates(job), job.fresh, job.place);
    answer = result ? { result } : {};
  } catch (e) {
    answer = { failure: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort?.postMessage(answer);
}

if (parentPort) void main(workerData as LintJob);
