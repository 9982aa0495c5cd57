/**
 * How a command lints for the user: cfn-lint's cache in the user's cache folder, its server
 * where the environment allows one (validation/cloudformation/cfn-lint-server.ts), run in the
 * folder whose `.cfnlintrc` applies. One place for `check` (review/check-lint.ts) and
 * `validate` (validation/cli.ts).
 */
import type { LintOptions } from './cfn-lint';
import { cfnLintCacheDir, homeFolder } from './cfn-lint-cache';
import { cfnLintServerSettings } from './cfn-lint-server';

export function userLintOptions(env: NodeJS.ProcessEnv, cwd: string): LintOptions {
  const home = homeFolder(env);
  const server = cfnLintServerSettings(env, home);
  return { cacheDir: cfnLintCacheDir(env, home), cwd, home, ...(server ? { server } : {}) };
}
