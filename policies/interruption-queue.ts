/**
 * The interruption queue, its resource policy, the five EventBridge rules feeding it,
 * and (with a customer KMS key) the key-policy statement EventBridge needs, which we
 * cannot apply ourselves because the key is not ours.
 */
import { ClusterModel } from '../model';
import { CfnResource, getAtt, ref } from './cfn';
import { INTERRUPTION_EVENTS } from './interruption-events';
import { ruleName } from './names';
import { arnBuilder } from './partition';
import { PolicyDocument, PolicyStatement, policyDocument, statement } from './policy-document';
import { resourceTags } from './tags';

export const QUEUE_ID = 'KarpenterInterruptionQueue';
export const QUEUE_POLICY_ID = 'KarpenterInterruptionQueuePolicy';
export const QUEUE_TARGET_ID = 'KarpenterInterruptionQueueTarget';
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

export function interruptionQueueResources(cluster: ClusterModel): Record<string, CfnResource> {
  const q = cluster.karpenter.interruptionQueue;
  const out: Record<string, CfnResource> = {
    [QUEUE_ID]: {
      Type: 'AWS::SQS::Queue',
      // Messages live 300 s; nothing worth keeping when the queue is replaced or removed.
      DeletionPolicy: 'Delete',
      UpdateReplacePolicy: 'Delete',
      Properties: {
        QueueName: q.name,
        MessageRetentionPeriod: MESSAGE_RETENTION_SECONDS,
        ...(q.kmsKeyArn !== undefined ? { KmsMasterKeyId: q.kmsKeyArn } : { SqsManagedSseEnabled: true }),
        Tags: resourceTags(cluster),
      },
    },
    [QUEUE_POLICY_ID]: {
      Type: 'AWS::SQS::QueuePolicy',
      Properties: { Queues: [ref(QUEUE_ID)], PolicyDocument: queuePolicy(cluster) },
    },
  };
  for (const event of INTERRUPTION_EVENTS)
    out[event.logicalId] = {
      Type: 'AWS::Events::Rule',
      Properties: {
        Name: ruleName(event.kind, cluster.name),
        Description: `Karpenter interruption handling of EKS cluster ${cluster.name}: ${event.detailType}`,
        State: 'ENABLED',
        EventPattern: { source: [event.source], 'detail-type': [event.detailType] },
        Targets: [{ Id: QUEUE_TARGET_ID, Arn: getAtt(QUEUE_ID, 'Arn') }],
        Tags: resourceTags(cluster),
      },
    };
  return out;
}
