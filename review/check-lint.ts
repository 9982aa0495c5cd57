/**
 * cfn-lint in `check`: started on the committed templates before the first step, so that it
 * runs while load, synth and stale do, and awaited by the validate step (its findings are part
 * of validation). Only templates cfn-lint has not judged before are linted
 * (validation/cloudformation/cfn-lint-cache.ts); `--full` judges every one again.
 */
import { DistFiles, plural } from '../model';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { StartedLint } from './check-types';
import { lintTemplates, type LintOptions, type LintResult } from '../validation/cloudformation/cfn-lint';
import { userLintOptions } from '../validation/cloudformation/lint-settings';
import { defaultTemplateVerdicts } from '../validation/cluster-findings-cache';
import { cloudFormationTemplates, distSources, mayHoldTemplate } from '../validation/dist-sources';

/**
 * cfn-lint started on the committed templates (undefined: no linter wired in, the validator
 * checks templates itself); resolves to `{}` when cfn-lint is not installed.
 */
export function startLint(
  committed: DistFiles,
  lintTemplates: ((committed: DistFiles, fresh: boolean) => Promise<LintResult | undefined>) | undefined,
  full: boolean,
): Promise<{ readonly result?: LintResult }> | undefined {
  return lintTemplates ? awaitedByValidate(lintTemplates(committed, full)) : undefined;
}

/** A lint in the form the validate step awaits; a failure stays quiet until then. */
export function awaitedByValidate(
  lint: Promise<LintResult | undefined>,
): Promise<{ readonly result?: LintResult }> {
  const started = lint.then((result) => (result ? { result } : {}));
  started.catch(() => undefined);
  return started;
}

/**
 * What cfn-lint did, for the validate step's summary: `cfn-lint 50 templates, 49 from its cache,
 * 1 on its server` (the long-lived process, validation/cloudformation/cfn-lint-server.ts).
 */
export function lintSummary(r: LintResult): string {
  const total = plural(r.linted + r.cached, 'template');
  const cached =
    (r.cached > 0 ? `, ${r.cached} from its cache` : '') +
    ((r.served ?? 0) > 0 ? `, ${r.served} on its server` : '');
  const why = r.uncached !== undefined ? ` (not cached: ${r.uncached})` : '';
  return `cfn-lint ${total}${cached}${why}`;
}

/** Where and for whom `check` lints: the project (cfn-lint runs there) and the environment. */
export interface LintPlace {
  /** The folder cfn-lint runs in (its `.cfnlintrc`), the user's repository. */
  readonly cwd: string;
  /** HOME, XDG_CACHE_HOME (the caches, the server), CI and the server switch. */
  readonly env: NodeJS.ProcessEnv;
}

/**
 * The committed templates linted as `check` lints them: cfn-lint's cache, its server for small
 * batches, its CLI otherwise (validation/cloudformation/cfn-lint.ts); undefined when cfn-lint is
 * not installed.
 */
export function lintCommitted(
  committed: DistFiles,
  fresh: boolean,
  place: LintPlace,
  identity?: LintOptions['identity'],
): Promise<LintResult | undefined> {
  const { cwd, env } = place;
  return lintTemplates(() => cloudFormationTemplates(distSources(committed), defaultTemplateVerdicts(env)), {
    ...userLintOptions(env, cwd),
    readCache: !fresh,
    ...(identity ? { identity } : {}),
  });
}

/** What the worker posts back. */
export interface LintAnswer {
  readonly result?: LintResult;
  /** A failure's message (a bug): the lint is rejected with it. */
  readonly failure?: string;
}

/**
 * `lintCommitted` in a worker thread, from the build on two cores or more; in this thread
 * otherwise. In the worker its chain of processes and cache reads (cfn-lint's identity, its
 * cache, the server or the CLI) moves on while this thread loads, synthesizes and compares, which
 * keep it from turning its event loop until validation awaits the lint: in this thread each of
 * those steps would wait for that. Only the files that may hold a template are sent.
 */
export function lintCommittedOffThread(
  committed: DistFiles,
  fresh: boolean,
  place: LintPlace,
): Promise<LintResult | undefined> {
  const candidates = [...committed].filter(([rel, text]) => mayHoldTemplate(rel, text));
  return inWorker({ candidates, fresh, place }) ?? lintCommitted(committed, fresh, place);
}

/**
 * cfn-lint started on the dist/ folder `distDir` as it is on disk now, in a worker thread that
 * reads it itself: `check` calls this first thing, before its pipeline's modules load. The worker
 * posts the files it read at once, so `check` takes them for its own steps instead of reading the
 * folder again (and reads it itself if they have not come yet; validation takes a result only
 * for a template judged with the text it validates). Undefined where no worker runs.
 */
export function startCommittedLint(
  distDir: string,
  fresh: boolean,
  place: LintPlace,
): StartedLint | undefined {
  const { port1, port2 } = new MessageChannel();
  const result = inWorker({ distDir, fresh, place, port: port2 }, [port2]);
  if (!result) {
    port1.close();
    return undefined;
  }
  // Awaited by validate (through the check's dependencies); this keeps a failure quiet until then.
  result.catch(() => undefined);
  let committed: DistFiles | undefined;
  return {
    fresh,
    result,
    // Taken without waiting: the worker posts the folder as soon as it has read it.
    committed: () => {
      if (committed) return committed;
      const message = receiveMessageOnPort(port1)?.message as
        readonly (readonly [string, string])[] | undefined;
      if (message) {
        committed = new Map(message);
        port1.close();
      }
      return committed;
    },
  };
}

/**
 * The job a worker is given: the candidate files, or the folder to read them from (and the port
 * on which it posts every file it read, for `check`'s own steps).
 */
export type LintJob = {
  readonly fresh: boolean;
  readonly place: LintPlace;
} & (
  | { readonly candidates: readonly (readonly [string, string])[] }
  | { readonly distDir: string; readonly port: MessagePort }
);

/** The job run in a worker thread; undefined from TypeScript sources or on one core. */
function inWorker(job: LintJob, transfer: MessagePort[] = []): Promise<LintResult | undefined> | undefined {
  const script = join(__dirname, 'threads', 'check-lint-worker.js');
  if (!__filename.endsWith('.js') || availableParallelism() < 2 || !existsSync(script)) return undefined;
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData: job, transferList: transfer });
    worker.once('message', (answer: LintAnswer) =>
      answer.failure !== undefined ? reject(new Error(answer.failure)) : resolve(answer.result),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`cfn-lint worker exited with code ${code}`));
    });
  });
}
