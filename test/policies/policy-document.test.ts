/**
 * Every managed policy stays well under IAM's 6,144-character quota (counted minified,
 * as IAM counts), even for the longest names the loader accepts and many KMS keys.
 */
import { controllerPolicies } from '../../policies/controller-policies';
import { maxClusterNameLength } from '../../policies/names';
import {
  MANAGED_POLICY_SIZE_LIMIT,
  policyDocument,
  policySize,
  statement,
} from '../../policies/policy-document';
import { clusterModel, fullCluster } from './fixtures';
import { referencePolicies } from './reference-template';

describe('policy size', () => {
  it('counts the document without whitespace', () => {
    const doc = policyDocument([statement({ Effect: 'Allow', Action: 'sqs:ReceiveMessage', Resource: '*' })]);
    expect(policySize(doc)).toBe(
      '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"sqs:ReceiveMessage","Resource":"*"}]}'
        .length,
    );
  });

  const worst = (() => {
    const name = 'w'.repeat(maxClusterNameLength());
    const full = fullCluster();
    return clusterModel({
      name,
      queueName: 'q'.repeat(80),
      aws: { partition: 'aws-us-gov', region: 'us-gov-west-1' },
      iam: {
        ...full.iam,
        nodeRoleName: 'n'.repeat(64),
        controllerRoleName: 'c'.repeat(64),
        path: `/${'p'.repeat(100)}/`,
      },
      queueKmsKeyArn: full.karpenter.interruptionQueue.kmsKeyArn,
      volumeKmsKeyIds: Array.from({ length: 20 }, (_, i) =>
        `0000000${i}-aaaa-bbbb-cccc-dddddddddddd`.slice(-36),
      ),
    });
  })();

  it.each([
    ['basic', clusterModel()],
    ['every option', fullCluster()],
    ['longest names and 20 volume keys', worst],
  ])('keeps every managed policy of the %s cluster under two thirds of the quota', (_label, cluster) => {
    for (const p of controllerPolicies(cluster)) {
      const size = policySize(p.document);
      expect([p.name, size < (MANAGED_POLICY_SIZE_LIMIT * 2) / 3]).toEqual([p.name, true]);
    }
  });

  it('is within a few percent of the official policies, statement for statement', () => {
    // Without the KMS statements the official template has no counterpart for.
    const cluster = clusterModel({ iam: { zonalShift: true } });
    const official = referencePolicies(cluster);
    const ours = new Map(controllerPolicies(cluster).map((p) => [p.logicalId, policySize(p.document)]));
    for (const [id, doc] of official) {
      const theirs = policySize(doc);
      const mine = ours.get(id) as number;
      // Ours names the account in ARNs of resources Karpenter creates (stricter), hence a little larger.
      expect([id, mine <= theirs * 1.1 + 100]).toEqual([id, true]);
    }
  });
});
