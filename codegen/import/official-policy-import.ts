/**
 * The IAM part of `karpenter-gitops import`: a release's getting-started `cloudformation.yaml`,
 * given beside the chart, becomes `official-policy.json` in the version's import folder
 * (policies/official-policy-versions.ts reads it back), so that `policies`, the scenario proof and
 * `impact` compare against the official controller policy of that release.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { extractOfficialPolicy } from '../../policies/official-policy';
import { OFFICIAL_POLICY_FILE, officialPolicyJson } from '../../policies/official-policy-versions';
import { UserError, wholeFileError } from '../../model';

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

/** A file read for the import, as the lock records it. */
export interface TemplateFile {
  readonly path: string;
  readonly text: string;
  readonly sha256: string;
}

/**
 * Splits the command line into the CloudFormation template (at most one: a YAML file that is one,
 * see isCloudFormationTemplate) and the rest (the chart or CRD files). `shown` names a path as
 * messages and the lock do. Throws a UserError for a second template or a template given alone.
 */
export function takeCloudFormation(
  args: readonly string[],
  cwd: string,
  shown: (arg: string) => string,
): { readonly template?: TemplateFile; readonly rest: readonly string[] } {
  const templates: TemplateFile[] = [];
  const rest: string[] = [];
  for (const arg of args) {
    const p = resolve(cwd, arg);
    if (!/\.ya?ml$/.test(p) || !existsSync(p) || !statSync(p).isFile()) {
      rest.push(arg);
      continue;
    }
    const bytes = readFileSync(p);
    const text = bytes.toString('utf8');
    if (!isCloudFormationTemplate(shown(arg), text)) {
      rest.push(arg);
      continue;
    }
    templates.push({ path: shown(arg), text, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  const fix =
    "Give the chart (or its CRD files) and the release's cloudformation.yaml: karpenter-gitops import karpenter-X.tgz cloudformation.yaml";
  if (templates.length > 1)
    throw new UserError([
      wholeFileError(
        templates[1].path,
        `is a second CloudFormation template (the first is ${templates[0].path})`,
        fix,
      ),
    ]);
  if (templates.length === 1 && rest.length === 0)
    throw new UserError([
      wholeFileError(
        templates[0].path,
        'is a CloudFormation template given without a chart or CRD files',
        fix,
      ),
    ]);
  return { ...(templates.length === 1 ? { template: templates[0] } : {}), rest };
}
