/**
 * Controller permissions to launch instances whose EBS volumes are encrypted with a
 * customer KMS key (only when a node class names one): the key use EC2 performs on the
 * caller's behalf when it creates the volumes, through EC2 in the cluster's region only.
 */
import { ClusterModel } from '../model';
import { viaService } from './partition';
import { PolicyDocument, policyDocument } from './policy-document';
import { isEmpty, volumeKmsKeys } from './kms-keys';
import { kmsStatements } from './kms-statements';

export const VOLUME_KMS_ACTIONS = [
  'kms:Decrypt',
  'kms:DescribeKey',
  'kms:GenerateDataKeyWithoutPlaintext',
  'kms:ReEncryptFrom',
  'kms:ReEncryptTo',
] as const;

/** `undefined` when no node class uses a customer key. */
export function volumeEncryptionPolicy(cluster: ClusterModel): PolicyDocument | undefined {
  const keys = volumeKmsKeys(cluster);
  if (isEmpty(keys)) return undefined;
  const via = { StringEquals: { 'kms:ViaService': viaService('ec2', cluster.aws) } };
  return policyDocument([
    ...kmsStatements(keys, 'AllowVolumeEncryptionKeyUse', VOLUME_KMS_ACTIONS, via),
    ...kmsStatements(keys, 'AllowVolumeEncryptionGrants', ['kms:CreateGrant'], {
      ...via,
      Bool: { 'kms:GrantIsForAWSResource': 'true' },
    }),
  ]);
}
