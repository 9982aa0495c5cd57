/**
 * Checks one file in Terraform's JSON syntax (`*.tf.json`), generated or hand-written: that it is
 * JSON, its top-level blocks and their shapes (validation/terraform/top-level-rules.ts), and every
 * resource and data source of a type in the pinned hashicorp/aws schema subset against that schema
 * (validation/terraform/schema-walk.ts; the schema is imports/terraform/aws-provider-schema.ts,
 * written by `npm run import`). Each finding names the file, line, column and JSON path.
 *
 * Cheap by design, as synth runs it for every Terraform cluster: the text is parsed once by the
 * native parser (or not at all when the caller passes the parsed value), the checks walk the value,
 * and the text is scanned for positions only when there is a finding to place.
 */
import {
  AWS_DATA_SOURCE_SCHEMAS,
  AWS_PROVIDER_SOURCE,
  AWS_PROVIDER_VERSION,
  AWS_RESOURCE_SCHEMAS,
} from '../../imports/terraform/aws-provider-schema';
import { Finding, formatPath, sortFindings } from '../finding';
import { findJsonSyntaxError, locateJsonPath } from './json-positions';
import { TerraformIssue } from './schema-walk';
import { checkTerraformDocument, TerraformSchemas } from './top-level-rules';

/** One Terraform JSON file to check. */
export interface TerraformJsonFile {
  /** The file as shown in findings, e.g. `dist/shop/terraform/karpenter.tf.json`. */
  readonly display: string;
  readonly text: string;
  /** The parsed `text`, when the caller already has it. @default JSON.parse(text) */
  readonly value?: unknown;
}

/** The pinned schema subset the checks read. */
export const PINNED_TERRAFORM_SCHEMAS: TerraformSchemas = {
  resources: AWS_RESOURCE_SCHEMAS,
  dataSources: AWS_DATA_SOURCE_SCHEMAS,
  provider: `${AWS_PROVIDER_SOURCE} ${AWS_PROVIDER_VERSION}`,
};

/** Places an issue in the text: at its member's key when present, else at its deepest ancestor. */
function toFinding(file: TerraformJsonFile, issue: TerraformIssue): Finding {
  const where = locateJsonPath(file.text, issue.path);
  const at = where.key ?? where.value;
  return {
    severity: issue.severity,
    file: file.display,
    line: at.line,
    col: at.col,
    path: formatPath(issue.path),
    message: issue.message,
    ...(issue.fix ? { fix: issue.fix } : {}),
    check: issue.check,
  };
}

/**
 * Every problem in one Terraform JSON file, sorted by position. Errors for what Terraform would
 * reject; a warning for each resource or data source type outside the pinned schema subset.
 */
export function checkTerraformJson(
  file: TerraformJsonFile,
  schemas: TerraformSchemas = PINNED_TERRAFORM_SCHEMAS,
): Finding[] {
  let value = file.value;
  if (value === undefined) {
    try {
      value = JSON.parse(file.text);
    } catch {
      const error = findJsonSyntaxError(file.text) ?? { line: 1, col: 1, message: 'not valid JSON' };
      return [
        {
          severity: 'error',
          file: file.display,
          line: error.line,
          col: error.col,
          path: '',
          message: `not valid JSON: ${error.message}`,
          fix: 'A .tf.json file must be one JSON object; fix the syntax at this position',
          check: 'terraform/json',
        },
      ];
    }
  }
  const issues: TerraformIssue[] = [];
  checkTerraformDocument(value, schemas, (issue) => issues.push(issue));
  return sortFindings(issues.map((issue) => toFinding(file, issue)));
}
