/**
 * Statements granting use of customer KMS keys only through one AWS service (EC2 for
 * volumes, SQS for the queue), for the keys named and nothing else.
 */
import { ConditionBlock, PolicyStatement, statement } from './policy-document';
import { KmsKeyRefs } from './kms-keys';

/**
 * One statement per key group: the listed key ARNs, and per account/region the keys
 * carrying one of the listed aliases.
 */
export function kmsStatements(
  refs: KmsKeyRefs,
  sid: string,
  actions: readonly string[],
  condition: ConditionBlock,
): PolicyStatement[] {
  const out: PolicyStatement[] = [];
  if (refs.keyArns.length > 0)
    out.push(
      statement({
        Sid: sid,
        Effect: 'Allow',
        Action: actions.length === 1 ? actions[0] : actions,
        Resource: refs.keyArns.length === 1 ? refs.keyArns[0] : refs.keyArns,
        Condition: condition,
      }),
    );
  refs.aliases.forEach((group, i) =>
    out.push(
      statement({
        Sid: `${sid}ByAlias${i + 1}`,
        Effect: 'Allow',
        Action: actions.length === 1 ? actions[0] : actions,
        Resource: group.keysArn,
        Condition: { ...condition, 'ForAnyValue:StringEquals': { 'kms:ResourceAliases': group.aliases } },
      }),
    ),
  );
  return out;
}
