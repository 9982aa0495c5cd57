/**
 * Controller permissions to consume its interruption queue, and to decrypt its messages
 * when the queue uses a customer KMS key.
 */
import { ClusterModel } from '../model';
import { arnBuilder, viaService } from './partition';
import { PolicyDocument, policyDocument, statement } from './policy-document';
import { queueKmsKeys } from './kms-keys';
import { kmsStatements } from './kms-statements';

export function interruptionPolicy(cluster: ClusterModel): PolicyDocument {
  const queueArn = arnBuilder(cluster.aws).sqsQueue(cluster.karpenter.interruptionQueue.name);
  return policyDocument([
    statement({
      Sid: 'AllowInterruptionQueueActions',
      Effect: 'Allow',
      Action: ['sqs:DeleteMessage', 'sqs:GetQueueUrl', 'sqs:ReceiveMessage'],
      Resource: queueArn,
    }),
    ...kmsStatements(queueKmsKeys(cluster), 'AllowInterruptionQueueDecryption', ['kms:Decrypt'], {
      StringEquals: { 'kms:ViaService': viaService('sqs', cluster.aws) },
    }),
  ]);
}
