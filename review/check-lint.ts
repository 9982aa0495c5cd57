/**
 * cfn-lint in `check`: started on the committed templates before the first step, so that it
 * runs while load, synth and stale do, and awaited by the validate step (its findings are part
 * of validation). Only templates cfn-lint has not judged before are linted
 * (validation/cloudformation/cfn-lint-cache.ts); `--full` judges every one again.
 */
import { DistFiles, plural } from '../model';
import { findCfnLint, type LintResult } from '../validation/cloudformation/cfn-lint';
import { cfnLintIdentity, type CfnLintInstallation } from '../validation/cloudformation/cfn-lint-identity';

/**
 * cfn-lint started on the committed templates (undefined: no linter wired in, the validator
 * checks templates itself); resolves to `{}` when cfn-lint is not installed.
 */
export function startLint(
  committed: DistFiles,
  lintTemplates: ((committed: DistFiles, fresh: boolean) => Promise<LintResult | undefined>) | undefined,
  full: boolean,
): Promise<{ readonly result?: LintResult }> | undefined {
  if (!lintTemplates) return undefined;
  const started = lintTemplates(committed, full).then((result) => (result ? { result } : {}));
  // Awaited by validate; this keeps a failure quiet until then.
  started.catch(() => undefined);
  return started;
}

/** What cfn-lint did, for the validate step's summary: `cfn-lint 50 templates, 49 from its cache`. */
export function lintSummary(r: LintResult): string {
  const total = plural(r.linted + r.cached, 'template');
  const cached = r.cached > 0 ? `, ${r.cached} from its cache` : '';
  const why = r.uncached !== undefined ? ` (not cached: ${r.uncached})` : '';
  return `cfn-lint ${total}${cached}${why}`;
}

/** Tells a cfn-lint installation's identity (validation/cloudformation/cfn-lint.ts `LintOptions.identity`). */
export type IdentityTeller = (bin: string, cwd: string) => Promise<CfnLintInstallation | undefined>;

/**
 * Starts asking for the identity of the cfn-lint `bin` (the one on the PATH) in `cwd` now (a pyenv shim's
 * `pyenv which`, then the interpreter's metadata: about a tenth of a second of other processes),
 * while `check` still loads its pipeline's modules; the teller returned gives that answer to the
 * first question about the same program and folder (later ones ask afresh, so one run's answer
 * is never another run's). Undefined when cfn-lint is not on the PATH.
 */
export function startLintIdentity(
  cwd: string,
  bin: string | null = findCfnLint(),
  tell: IdentityTeller = cfnLintIdentity,
): IdentityTeller | undefined {
  if (!bin) return undefined;
  let early: Promise<CfnLintInstallation | undefined> | undefined = tell(bin, cwd);
  early.catch(() => undefined);
  return (b, c) => {
    const answer = b === bin && c === cwd ? early : undefined;
    early = undefined;
    return answer ?? tell(b, c);
  };
}
