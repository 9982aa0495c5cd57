/**
 * Key-policy statements every customer KMS key that encrypts node volumes needs. The keys
 * are not ours, so the stack cannot change their policies: the statements are published
 * (stack output `VolumeKeyPolicyStatements`, template `Metadata.KarpenterGitops.VolumeKeyPolicy`)
 * for the key owner to add. Without them EC2 cannot create the encrypted volumes and the
 * launch fails (`Client.InternalError` for Spot, `InvalidKMSKey.InvalidState` and friends).
 *
 * In a key policy `Resource: "*"` means "this key", so the same statements fit every key.
 * Following AWS's guide to EBS encryption for service-linked roles (EC2 Auto Scaling / Spot):
 *  - EC2 Spot's service-linked role uses the key and creates grants for AWS resources, when a
 *    pool may launch Spot;
 *  - the controller role uses the key and creates grants, only through EC2 in the cluster's
 *    region (`kms:ViaService`), only for AWS resources;
 *  - EC2 may use the key on behalf of any principal of the account (the statement the
 *    `aws/ebs` key carries), again only through EC2 in the region and from this account.
 */
import { ClusterModel } from '../model';
import { isEmpty, volumeKmsKeys } from './kms-keys';
import { arnBuilder, viaService } from './partition';
import { PolicyStatement, statement } from './policy-document';
import { spotPools } from './spot-usage';
import { VOLUME_KMS_ACTIONS } from './volume-encryption-policy';

/** What a service-linked role or EC2 on the account's behalf does with a volume key (AWS's EBS guide). */
export const VOLUME_KEY_SERVICE_ACTIONS = [
  'kms:Decrypt',
  'kms:DescribeKey',
  'kms:Encrypt',
  'kms:GenerateDataKey*',
  'kms:ReEncrypt*',
] as const;

export const KMS_CREATE_GRANT = 'kms:CreateGrant';

/** The principals a volume key's policy must admit, by role. */
export interface VolumeKeyPrincipals {
  /** Spot's service-linked role; undefined when no pool may use Spot. */
  readonly spotServiceLinkedRole?: string;
  readonly controllerRole: string;
  readonly accountRoot: string;
}

export function volumeKeyPrincipals(cluster: ClusterModel): VolumeKeyPrincipals {
  const arn = arnBuilder(cluster.aws);
  return {
    ...(spotPools(cluster).length > 0 ? { spotServiceLinkedRole: arn.spotServiceLinkedRole() } : {}),
    controllerRole: arn.role(cluster.iam.controllerRoleName, cluster.iam.path),
    accountRoot: arn.accountRoot(),
  };
}

/** Sids must be unique within a key policy that may serve several clusters. */
function sidSuffix(cluster: ClusterModel): string {
  return cluster.name.replace(/[^A-Za-z0-9]/g, '');
}

/** The statements, or `undefined` when no node class names a customer key. */
export function volumeKeyPolicyStatements(cluster: ClusterModel): PolicyStatement[] | undefined {
  if (isEmpty(volumeKmsKeys(cluster))) return undefined;
  const p = volumeKeyPrincipals(cluster);
  const suffix = sidSuffix(cluster);
  const via = {
    'kms:ViaService': viaService('ec2', cluster.aws),
    'kms:CallerAccount': cluster.aws.accountId,
  };
  const forAwsResource = { Bool: { 'kms:GrantIsForAWSResource': 'true' } };
  const out: PolicyStatement[] = [];
  if (cluster.karpenter.mode === 'eks-auto-mode') {
    // EKS Auto Mode has no controller role of ours: EKS creates the node volumes through EC2. The
    // key admits every principal of the account, only through EC2 in the cluster's region: the
    // statement the EKS User Guide gives for keys of Auto Mode volumes ("Create a storage class",
    // self-managed KMS key: https://docs.aws.amazon.com/eks/latest/userguide/create-storage-class.html).
    return [
      statement({
        Sid: `AllowEC2ViaAccountAutoModeVolumeKeyUse${suffix}`,
        Effect: 'Allow',
        Principal: { AWS: '*' },
        Action: [KMS_CREATE_GRANT, ...VOLUME_KEY_SERVICE_ACTIONS],
        Resource: '*',
        Condition: { StringEquals: via },
      }),
    ];
  }
  if (p.spotServiceLinkedRole !== undefined)
    out.push(
      statement({
        Sid: `AllowSpotRoleUseOfVolumeKey${suffix}`,
        Effect: 'Allow',
        Principal: { AWS: p.spotServiceLinkedRole },
        Action: VOLUME_KEY_SERVICE_ACTIONS,
        Resource: '*',
      }),
      statement({
        Sid: `AllowSpotRoleVolumeKeyGrants${suffix}`,
        Effect: 'Allow',
        Principal: { AWS: p.spotServiceLinkedRole },
        Action: KMS_CREATE_GRANT,
        Resource: '*',
        Condition: forAwsResource,
      }),
    );
  out.push(
    statement({
      Sid: `AllowKarpenterControllerVolumeKeyUse${suffix}`,
      Effect: 'Allow',
      Principal: { AWS: p.controllerRole },
      Action: VOLUME_KMS_ACTIONS,
      Resource: '*',
      Condition: { StringEquals: via },
    }),
    statement({
      Sid: `AllowKarpenterControllerVolumeKeyGrants${suffix}`,
      Effect: 'Allow',
      Principal: { AWS: p.controllerRole },
      Action: KMS_CREATE_GRANT,
      Resource: '*',
      Condition: { StringEquals: via, ...forAwsResource },
    }),
    accountStatement(suffix, p.accountRoot, via),
  );
  return out;
}

/** EC2 may use the key on behalf of any principal of the account, through EC2 in the region. */
function accountStatement(suffix: string, accountRoot: string, via: Record<string, string>): PolicyStatement {
  return statement({
    Sid: `AllowEC2ViaAccountVolumeKeyUse${suffix}`,
    Effect: 'Allow',
    Principal: { AWS: accountRoot },
    Action: [KMS_CREATE_GRANT, ...VOLUME_KEY_SERVICE_ACTIONS],
    Resource: '*',
    Condition: { StringEquals: via },
  });
}

/** The keys the statements are for, as ARNs (key ARNs, then alias ARNs), sorted. */
export function volumeKeyArns(cluster: ClusterModel): string[] {
  const refs = volumeKmsKeys(cluster);
  return [
    ...refs.keyArns,
    ...refs.aliases.flatMap((g) => g.aliases.map((a) => g.keysArn.replace(/key\/\*$/, a))),
  ];
}
