/**
 * Every test run gets a cache folder of its own (cfn-lint's results, validation/cloudformation/cfn-lint-cache.ts),
 * so that no test reads or writes the user's ~/.cache and no run depends on an earlier one.
 * Worker processes and the CLIs tests start inherit it through XDG_CACHE_HOME.
 *
 * No test starts a long-lived cfn-lint server (validation/cloudformation/cfn-lint-server.ts) through the
 * environment: it would outlive the run. Its own tests start servers in folders of their own.
 *
 * Output does not depend on the Node.js version: the AWS SDK's Node-version warning and the note
 * commands print in its place (io/aws-sdk.ts) are off; test/io/aws-sdk.test.ts checks both with
 * the switch unset.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function globalSetup(): void {
  const dir = mkdtempSync(join(tmpdir(), 'kg-test-cache-'));
  process.env.KARPENTER_GITOPS_TEST_CACHE = dir;
  process.env.XDG_CACHE_HOME = dir;
  process.env.KARPENTER_GITOPS_CFN_LINT_SERVER = 'off';
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
}
