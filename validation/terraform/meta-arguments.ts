/**
 * The meta-arguments Terraform accepts in every resource and data source body beside the
 * provider's arguments (`count`, `for_each`, `depends_on`, `provider`, `lifecycle`, and for
 * resources `provisioner` and `connection`), and the checks of their shapes.
 */
import { PathSegment } from '../../model';
import { objectsAt, typeIssue, unknownMembers } from './block-shapes';
import { isExpression, IssueSink } from './schema-walk';
import { isRecord } from '../aws-side-facts';

/** Meta-arguments every resource accepts beside its schema's arguments. */
export const RESOURCE_META_ARGUMENTS = [
  'connection',
  'count',
  'depends_on',
  'for_each',
  'lifecycle',
  'provider',
  'provisioner',
] as const;

/** Meta-arguments of a data source. */
export const DATA_META_ARGUMENTS = ['count', 'depends_on', 'for_each', 'lifecycle', 'provider'] as const;

/** `lifecycle` arguments of a resource (`action_trigger` since Terraform 1.14). */
const LIFECYCLE_ARGUMENTS = [
  'action_trigger',
  'create_before_destroy',
  'ignore_changes',
  'postcondition',
  'precondition',
  'prevent_destroy',
  'replace_triggered_by',
] as const;

/** The meta-arguments of a resource or data source body. */
export function checkMetaArguments(
  body: Readonly<Record<string, unknown>>,
  path: readonly PathSegment[],
  report: IssueSink,
  what: string,
): void {
  const has = (k: string): boolean => body[k] !== undefined && body[k] !== null;
  if (has('count') && has('for_each'))
    report({
      severity: 'error',
      path: [...path, 'for_each'],
      check: 'terraform/meta-argument',
      message: `${what} sets both count and for_each`,
      fix: 'Keep one of them',
    });
  const count = body.count;
  if (has('count') && typeof count !== 'number' && !isExpression(count) && !/^[0-9]+$/.test(String(count)))
    report(typeIssue([...path, 'count'], 'a whole number or an expression', count));
  const forEach = body.for_each;
  if (has('for_each') && !isRecord(forEach) && !Array.isArray(forEach) && !isExpression(forEach))
    report(typeIssue([...path, 'for_each'], 'a map, a set of strings or an expression', forEach));
  const dependsOn = body.depends_on;
  if (has('depends_on') && !(Array.isArray(dependsOn) && dependsOn.every((d) => typeof d === 'string')))
    report(typeIssue([...path, 'depends_on'], 'an array of resource addresses (strings)', dependsOn));
  if (has('provider') && typeof body.provider !== 'string')
    report(typeIssue([...path, 'provider'], "a provider reference such as 'aws.west'", body.provider));
  if (has('lifecycle')) {
    for (const [lifecycle, at] of objectsAt(body.lifecycle, [...path, 'lifecycle'], report, 'lifecycle'))
      unknownMembers(lifecycle, LIFECYCLE_ARGUMENTS, at, report, 'lifecycle');
  }
}
