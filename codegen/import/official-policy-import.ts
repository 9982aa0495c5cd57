/**
 * The IAM part of `karpenter-gitops import`: a release's getting-started `cloudformation.yaml`,
 * given beside the chart, becomes `official-policy.json` in the version's import folder
 * (policies/official-policy-versions.ts reads it back), so that `policies`, the scenario proof and
 * `impact` compare against the official controller policy of that release.
 */
import { extractOfficialPolicy } from '../../policies/official-policy';
import { OFFICIAL_POLICY_FILE, officialPolicyJson } from '../../policies/official-policy-versions';
import { UserError } from '../../model';

/** Whether a file given to `import` is a CloudFormation template rather than a CRD or a chart. */
export function isCloudFormationTemplate(path: string, text: string): boolean {
  if (/(^|\/)cloudformation\.ya?ml$/.test(path)) return true;
  return /^AWSTemplateFormatVersion\s*:/m.test(text) && /^Resources\s*:/m.test(text);
}

/**
 * The import-folder file of a template (`official-policy.json` → its JSON text); throws a
 * UserError naming the file (and the line, for YAML mistakes) when no policy can be read from it.
 */
export function officialPolicyImportFile(path: string, text: string): [string, string] {
  const { policy, diagnostics } = extractOfficialPolicy(text, path);
  if (policy === undefined) throw new UserError(diagnostics);
  return [OFFICIAL_POLICY_FILE, officialPolicyJson(policy)];
}
