/**
 * AWS tag rules for the tags the tool and Karpenter put on AWS resources (cluster `tags`
 * on IAM roles, the queue and the rules; node class `tags` on instances and volumes):
 * key 1-128 and value 0-256 characters of letters, digits, spaces and `_ . : / = + - @`,
 * no `aws:` prefix, and at most 50 tags on a resource.
 */
import { CheckContext } from './check-context';
import { PathSegment } from '../parse/located';
import { show } from '../shared/show-value';

export const AWS_TAG_KEY_MAX = 128;
export const AWS_TAG_VALUE_MAX = 256;
/** Tags per AWS resource. */
export const AWS_TAGS_MAX = 50;
/** Tags the tool adds to every resource besides the user's (managed-by). */
export const TOOL_TAG_COUNT = 1;

/** Characters every AWS service we tag accepts in tag keys and values. */
const TAG_TEXT = /^[\p{L}\p{Z}\p{N}_.:/=+\-@]*$/u;
const ALLOWED = 'letters, digits, spaces and _ . : / = + - @';

export function checkAwsTags(
  ctx: CheckContext,
  path: readonly PathSegment[],
  tags: Readonly<Record<string, string>> | undefined,
  /** How many tags the tool adds to these on the same resource. */
  added: number,
): void {
  const keys = Object.keys(tags ?? {});
  if (keys.length + added > AWS_TAGS_MAX) {
    ctx.error(
      [...path],
      `${keys.length} tags${added > 0 ? ` plus ${added} the tool adds` : ''} are more than the ${AWS_TAGS_MAX} AWS allows on a resource`,
      'Remove some tags',
    );
  }
  for (const key of keys) {
    const value = (tags ?? {})[key];
    if (key.length === 0 || key.length > AWS_TAG_KEY_MAX || !TAG_TEXT.test(key)) {
      ctx.error(
        [...path, key],
        `tag key '${show(key)}' is not valid on AWS resources`,
        `Use 1-${AWS_TAG_KEY_MAX} ${ALLOWED}`,
        'key',
      );
    } else if (key.toLowerCase().startsWith('aws:')) {
      ctx.error(
        [...path, key],
        `tag key '${show(key)}' uses the reserved prefix aws:`,
        'Choose a key without the aws: prefix',
        'key',
      );
    }
    if (value.length > AWS_TAG_VALUE_MAX || !TAG_TEXT.test(value)) {
      ctx.error(
        [...path, key],
        `tag value '${show(value)}' is not valid on AWS resources`,
        `Use at most ${AWS_TAG_VALUE_MAX} ${ALLOWED}`,
      );
    }
  }
}
