/**
 * The interruption queue's resource policy, the ARNs of the five EventBridge rules feeding it,
 * and (with a customer KMS key) the key-policy statement EventBridge needs, which we
 * cannot apply ourselves because the key is not ours.
 */
import { ClusterModel } from '../model';
import { INTERRUPTION_EVENTS } from './interruption-events';
import { ruleName } from './names';
import { arnBuilder } from './partition';
import { PolicyDocument, PolicyStatement, policyDocument, statement } from './policy-document';

/** Karpenter treats older messages as stale; the queue keeps them no longer. */
export const MESSAGE_RETENTION_SECONDS = 300;

export const EVENTS_PRINCIPAL = 'events.amazonaws.com';
export const SQS_PRINCIPAL = 'sqs.amazonaws.com';

export function queueArn(cluster: ClusterModel): string {
  return arnBuilder(cluster.aws).sqsQueue(cluster.karpenter.interruptionQueue.name);
}

export function ruleArns(cluster: ClusterModel): string[] {
  const arn = arnBuilder(cluster.aws);
  return INTERRUPTION_EVENTS.map((e) => arn.eventsRule(ruleName(e.kind, cluster.name)));
}

/**
 * Only this cluster's five rules (EventBridge) and SQS itself within the account may
 * send; nobody may use the queue without TLS.
 */
export function queuePolicy(cluster: ClusterModel): PolicyDocument {
  const queue = queueArn(cluster);
  return policyDocument(
    [
      statement({
        Sid: 'AllowInterruptionRules',
        Effect: 'Allow',
        Principal: { Service: EVENTS_PRINCIPAL },
        Action: 'sqs:SendMessage',
        Resource: queue,
        Condition: { ArnEquals: { 'aws:SourceArn': ruleArns(cluster) } },
      }),
      statement({
        Sid: 'AllowSQSServiceInAccount',
        Effect: 'Allow',
        Principal: { Service: SQS_PRINCIPAL },
        Action: 'sqs:SendMessage',
        Resource: queue,
        Condition: { StringEquals: { 'aws:SourceAccount': cluster.aws.accountId } },
      }),
      statement({
        Sid: 'DenyHTTP',
        Effect: 'Deny',
        Principal: '*',
        Action: 'sqs:*',
        Resource: queue,
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    ],
    'KarpenterInterruptionQueuePolicy',
  );
}

/**
 * Statement the owner of the queue's customer KMS key must add to the key policy, or
 * EventBridge cannot put messages on the encrypted queue and interruptions are lost
 * silently. `undefined` with SSE-SQS.
 */
export function queueKeyPolicyStatement(cluster: ClusterModel): PolicyStatement | undefined {
  if (cluster.karpenter.interruptionQueue.kmsKeyArn === undefined) return undefined;
  return statement({
    Sid: `AllowEventBridgeToKarpenterQueue${cluster.name.replace(/[^A-Za-z0-9]/g, '')}`,
    Effect: 'Allow',
    Principal: { Service: EVENTS_PRINCIPAL },
    Action: ['kms:Decrypt', 'kms:GenerateDataKey'],
    Resource: '*',
  });
}
