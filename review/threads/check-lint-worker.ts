/**
 * Worker thread of review/check-lint.ts: lints the committed templates it is sent (or those of
 * the dist/ folder it is named), as `check` lints them, and posts the result (or a failure's
 * message) back. It asks for cfn-lint's identity first (a pyenv shim's `pyenv which`, then the
 * interpreter's metadata: other processes), so that they run while it loads the linting modules
 * and reads the folder; the first question about that program and folder takes that answer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  cfnLintIdentity,
  findCfnLint,
  type CfnLintInstallation,
} from '../../validation/cloudformation/cfn-lint-identity';
import { runInBackground } from './background-thread';
import type * as CheckLint from '../check-lint';
import type * as ReadDist from '../read-dist-dir';
import type * as DistSources from '../../validation/dist-sources';

type Identity = (bin: string, cwd: string) => Promise<CfnLintInstallation | undefined>;

/** cfn-lint's identity asked now; the teller gives that answer once, for the same program and folder. */
function askEarly(cwd: string): Identity | undefined {
  const bin = findCfnLint();
  if (!bin) return undefined;
  let early: Promise<CfnLintInstallation | undefined> | undefined = cfnLintIdentity(bin, cwd);
  return (b, c) => {
    const answer = b === bin && c === cwd ? early : undefined;
    early = undefined;
    return answer ?? cfnLintIdentity(b, c);
  };
}

/* eslint-disable @typescript-eslint/no-require-imports -- loaded after the identity was asked */
/**
 * The files that may hold a template: those sent, or those of the folder as it is now (every
 * file of which is posted on the job's port first, for `check`'s own steps).
 */
function candidates(job: CheckLint.LintJob): Map<string, string> {
  if ('candidates' in job) return new Map(job.candidates);
  const { readDistDir } = require('../read-dist-dir') as typeof ReadDist;
  const { mayHoldTemplate } = require('../../validation/dist-sources') as typeof DistSources;
  const files = readDistDir(job.distDir, true);
  job.port.postMessage([...files]);
  job.port.close();
  return new Map([...files].filter(([rel, text]) => mayHoldTemplate(rel, text)));
}

async function main(job: CheckLint.LintJob): Promise<void> {
  runInBackground();
  let answer: CheckLint.LintAnswer;
  try {
    const identity = askEarly(job.place.cwd);
    const { lintCommitted } = require('../check-lint') as typeof CheckLint;
    const result = await lintCommitted(candidates(job), job.fresh, job.place, identity);
    answer = result ? { result } : {};
  } catch (e) {
    answer = { failure: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  parentPort?.postMessage(answer);
}
/* eslint-enable @typescript-eslint/no-require-imports */

if (parentPort) void main(workerData as CheckLint.LintJob);
