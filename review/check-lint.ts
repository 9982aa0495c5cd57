/**
 * cfn-lint in `check`: started on the committed templates before the first step, so that it
 * runs while load, synth and stale do, and awaited by the validate step (its findings are part
 * of validation). Only templates cfn-lint has not judged before are linted
 * (validation/cloudformation/cfn-lint-cache.ts); `--full` judges every one again.
 */
// model/basics, not model/: `check`'s worker thread (review/threads/check-worker.ts) loads this.
import type { DistFiles } from '../model';
import { plural } from '../model/basics';
import { lintTemplates, type LintOptions, type LintResult } from '../validation/cloudformation/cfn-lint';
import { userLintOptions } from '../validation/cloudformation/lint-settings';
import { defaultTemplateVerdicts } from '../validation/cluster-findings-cache';
import { cloudFormationTemplates, distSources } from '../validation/dist-sources';

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
