/**
 * Scenarios of the optional permissions: zonal shift (exactly when enabled) and customer
 * KMS keys of node volumes and of the interruption queue (only those keys, only through
 * the service that uses them).
 */
import { ClusterModel } from '../../model';
import { queueKmsKeys, volumeKmsKeys } from '../kms-keys';
import { arnBuilder, viaService } from '../partition';
import { ContextValue, Scenario, baseContext, otherCluster, scenarioBuilders } from './scenario-types';

export function featureScenarios(cluster: ClusterModel): Scenario[] {
  const { aws, name } = cluster;
  const arn = arnBuilder(aws);
  const clusterArn = arn.eksCluster(name);
  const cluster2 = otherCluster(name);
  const base = () => baseContext(aws.region);
  const { allow, deny } = scenarioBuilders(base);
  const out: Scenario[] = [];
  // Zonal shift: exactly when the model enables it.
  const zonal = cluster.iam.zonalShift ? allow : deny;
  out.push(
    zonal(
      'zonal-shift-status',
      "read the cluster's zonal-shift status",
      'arc-zonal-shift:GetManagedResource',
      '*',
      {
        ...base(),
        'arc-zonal-shift:ResourceIdentifier': clusterArn,
      },
    ),
    deny(
      'zonal-shift-status-other-cluster',
      "read another cluster's zonal-shift status",
      'arc-zonal-shift:GetManagedResource',
      '*',
      {
        ...base(),
        'arc-zonal-shift:ResourceIdentifier': arn.eksCluster(cluster2),
      },
    ),
  );

  // Customer KMS keys of node volumes: usable through EC2 only, and only those keys.
  const volumeKeys = volumeKmsKeys(cluster);
  const ec2Via = viaService('ec2', aws);
  const keyTargets = [
    ...volumeKeys.keyArns.map((k) => ({ resource: k, extra: {} as Record<string, ContextValue> })),
    ...volumeKeys.aliases.map((g) => ({
      resource: g.keysArn.replace(/\*$/, '00000000-aaaa-bbbb-cccc-000000000000'),
      extra: { 'kms:ResourceAliases': [g.aliases[0]] } as Record<string, ContextValue>,
    })),
  ];
  keyTargets.forEach((k, i) => {
    out.push(
      allow(
        `volume-key-${i + 1}-create-grant`,
        'let EC2 create a grant on a node-volume key',
        'kms:CreateGrant',
        k.resource,
        {
          ...base(),
          ...k.extra,
          'kms:ViaService': ec2Via,
          'kms:GrantIsForAWSResource': 'true',
        },
      ),
      allow(
        `volume-key-${i + 1}-generate-data-key`,
        'let EC2 generate a volume data key',
        'kms:GenerateDataKeyWithoutPlaintext',
        k.resource,
        {
          ...base(),
          ...k.extra,
          'kms:ViaService': ec2Via,
        },
      ),
      deny(
        `volume-key-${i + 1}-direct-decrypt`,
        'decrypt with a node-volume key outside EC2',
        'kms:Decrypt',
        k.resource,
        { ...base(), ...k.extra },
      ),
    );
  });
  out.push(
    deny(
      'volume-key-other-key',
      'use a key no node class names',
      'kms:CreateGrant',
      arn.kmsKey('ffffffff-0000-1111-2222-333333333333'),
      {
        ...base(),
        'kms:ViaService': ec2Via,
        'kms:GrantIsForAWSResource': 'true',
      },
    ),
  );

  // The queue's customer key: decrypt through SQS only.
  for (const key of queueKmsKeys(cluster).keyArns)
    out.push(
      allow('queue-key-decrypt', 'decrypt interruption messages', 'kms:Decrypt', key, {
        ...base(),
        'kms:ViaService': viaService('sqs', aws),
      }),
      deny('queue-key-direct-decrypt', 'decrypt with the queue key outside SQS', 'kms:Decrypt', key),
    );
  return out;
}
