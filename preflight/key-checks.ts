/**
 * Customer KMS keys: the queue key admits EventBridge, every volume key admits the Spot
 * service-linked role (where pools may use Spot), the controller role through EC2 and EC2 via
 * the account. The statements to add are the template's `InterruptionQueueKeyPolicyStatement`
 * and `VolumeKeyPolicyStatements` outputs.
 */
import { awsSdk } from '../io/aws-sdk';
import { ClusterModel } from '../model';
import { EVENTS_PRINCIPAL, queueArn, ruleArns } from '../policies/interruption-queue';
import { viaService } from '../policies/partition';
import { VOLUME_KMS_ACTIONS } from '../policies/volume-encryption-policy';
import { KMS_CREATE_GRANT, volumeKeyArns, volumeKeyPrincipals } from '../policies/volume-key-policy';
import { awsCall, awsRead } from './aws-call';
import { PreflightClients } from './aws-clients';
import { CheckResult, fail, pass, skip } from './check-result';
import { KeyRequest, keyPolicyAdmits } from './key-policy-evaluate';

interface Need {
  readonly who: string;
  readonly requests: readonly Omit<KeyRequest, 'keyArn'>[];
}

/** The concrete actions EC2 performs with a volume key (what `kms:GenerateDataKey*` and `kms:ReEncrypt*` stand for). */
const SERVICE_ACTIONS = [
  'kms:Decrypt',
  'kms:DescribeKey',
  'kms:Encrypt',
  'kms:GenerateDataKeyWithoutPlaintext',
  'kms:ReEncryptFrom',
  'kms:ReEncryptTo',
];

function volumeNeeds(cluster: ClusterModel): Need[] {
  const p = volumeKeyPrincipals(cluster);
  const account = cluster.aws.accountId;
  const via = { 'kms:ViaService': viaService('ec2', cluster.aws), 'kms:CallerAccount': account };
  const grant = { ...via, 'kms:GrantIsForAWSResource': 'true' };
  const needs: Need[] = [];
  if (p.spotServiceLinkedRole !== undefined) {
    const role = p.spotServiceLinkedRole;
    needs.push({
      who: 'the Spot service-linked role',
      requests: [
        ...SERVICE_ACTIONS.map((action) => ({
          principal: role,
          principalType: 'aws' as const,
          account,
          delegatesToIam: false,
          action,
          context: { ...via, 'aws:PrincipalArn': role },
        })),
        {
          principal: role,
          principalType: 'aws',
          account,
          delegatesToIam: false,
          action: KMS_CREATE_GRANT,
          context: { ...grant, 'aws:PrincipalArn': role },
        },
      ],
    });
  }
  needs.push({
    who: 'the controller role through EC2',
    requests: [...VOLUME_KMS_ACTIONS, KMS_CREATE_GRANT].map((action) => ({
      principal: p.controllerRole,
      principalType: 'aws' as const,
      account,
      delegatesToIam: true,
      action,
      context: { ...(action === KMS_CREATE_GRANT ? grant : via), 'aws:PrincipalArn': p.controllerRole },
    })),
  });
  // Any role of the account (here: the node role's account root) using the key through EC2.
  needs.push({
    who: 'EC2 via the account',
    requests: [...SERVICE_ACTIONS, KMS_CREATE_GRANT].map((action) => ({
      principal: p.accountRoot,
      principalType: 'aws' as const,
      account,
      delegatesToIam: true,
      action,
      context: { ...(action === KMS_CREATE_GRANT ? grant : via), 'aws:PrincipalArn': p.accountRoot },
    })),
  });
  return needs;
}

function queueNeeds(cluster: ClusterModel): Need[] {
  const rule = ruleArns(cluster)[0];
  return [
    {
      who: 'EventBridge',
      requests: ['kms:Decrypt', 'kms:GenerateDataKey'].map((action) => ({
        principal: EVENTS_PRINCIPAL,
        principalType: 'service' as const,
        delegatesToIam: false,
        action,
        context: {
          'aws:SourceAccount': cluster.aws.accountId,
          'aws:SourceArn': rule,
          'kms:EncryptionContext:aws:sqs:arn': queueArn(cluster),
        },
      })),
    },
  ];
}

async function checkKey(
  clients: PreflightClients,
  cluster: ClusterModel,
  keyRef: string,
  use: string,
  needs: readonly Need[],
  output: string,
): Promise<CheckResult> {
  const subject = `${use} key ${keyRef}`;
  const described = await awsCall(
    'KMS',
    'DescribeKey',
    () => clients.kms.send(new (awsSdk.kms().DescribeKeyCommand)({ KeyId: keyRef })),
    ['NotFoundException'],
  );
  if (!described.ok || described.value.KeyMetadata?.Arn === undefined)
    return fail(
      'key-policy',
      subject,
      'not found in the account and region',
      `create the key or correct the reference in ${cluster.source.file}`,
      cluster.source,
    );
  const meta = described.value.KeyMetadata;
  const keyArn = meta.Arn as string;
  if (meta.KeyState !== 'Enabled')
    return fail(
      'key-policy',
      subject,
      `is ${meta.KeyState ?? 'in an unknown state'}, not Enabled`,
      `aws kms enable-key --key-id ${keyArn}`,
      cluster.source,
    );
  const owner = /^arn:[^:]+:kms:[^:]+:(\d{12}):/.exec(keyArn)?.[1];
  if (owner !== undefined && owner !== cluster.aws.accountId)
    return skip(
      'key-policy',
      subject,
      `belongs to account ${owner}, whose key policy only that account can read; ask its owner to add the statements of stack output ${output}`,
    );
  if (meta.KeyManager === 'AWS')
    return skip('key-policy', subject, "AWS managed key: its policy is AWS's and admits EC2 for the account");
  const policy = await awsRead('KMS', 'GetKeyPolicy', () =>
    clients.kms.send(new (awsSdk.kms().GetKeyPolicyCommand)({ KeyId: keyArn, PolicyName: 'default' })),
  );
  const missing: string[] = [];
  for (const need of needs) {
    const denied = need.requests.filter(
      (r) => !keyPolicyAdmits(policy.Policy ?? '{}', { ...r, keyArn }).allowed,
    );
    if (denied.length > 0)
      missing.push(`${need.who} (${[...new Set(denied.map((d) => d.action))].join(', ')})`);
  }
  if (missing.length > 0)
    return fail(
      'key-policy',
      subject,
      `its policy does not admit ${missing.join('; ')}`,
      `add the statements of stack output ${output} (also in the template's Metadata.KarpenterGitops) to the key policy: aws kms put-key-policy --key-id ${keyArn} --policy-name default --policy file://policy.json`,
      cluster.source,
    );
  return pass('key-policy', subject, `admits ${needs.map((n) => n.who).join(', ')}`);
}

export async function checkKeys(clients: PreflightClients, cluster: ClusterModel): Promise<CheckResult[]> {
  const out: CheckResult[] = [];
  const queueKey = cluster.karpenter.interruptionQueue.kmsKeyArn;
  if (queueKey !== undefined)
    out.push(
      await checkKey(
        clients,
        cluster,
        queueKey,
        'queue',
        queueNeeds(cluster),
        'InterruptionQueueKeyPolicyStatement',
      ),
    );
  const volumeNeedList = volumeNeeds(cluster);
  for (const key of volumeKeyArns(cluster))
    out.push(await checkKey(clients, cluster, key, 'volume', volumeNeedList, 'VolumeKeyPolicyStatements'));
  if (out.length === 0)
    out.push(
      skip(
        'key-policy',
        'customer KMS keys',
        'none: the queue uses SSE-SQS and no node class names a volume key',
      ),
    );
  return out;
}
