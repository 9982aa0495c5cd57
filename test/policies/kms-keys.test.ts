import { kmsKeyRefs, queueKmsKeys, volumeKmsKeys } from '../../policies/kms-keys';
import { ACCOUNT, REGION, clusterModel } from './fixtures';

const aws = { accountId: ACCOUNT, region: REGION, partition: 'aws' as const };

describe('kms key references', () => {
  it('keeps key ARNs, expands key IDs, and turns aliases into alias conditions', () => {
    expect(
      kmsKeyRefs(aws, [
        'mrk-1234abcd12ab34cd56ef1234567890ab',
        `arn:aws:kms:${REGION}:444455556666:key/abcd`,
        'alias/ebs',
        `arn:aws:kms:us-east-1:444455556666:alias/shared`,
        'alias/ebs',
      ]),
    ).toEqual({
      keyArns: [
        `arn:aws:kms:${REGION}:${ACCOUNT}:key/mrk-1234abcd12ab34cd56ef1234567890ab`,
        `arn:aws:kms:${REGION}:444455556666:key/abcd`,
      ],
      aliases: [
        { keysArn: `arn:aws:kms:${REGION}:${ACCOUNT}:key/*`, aliases: ['alias/ebs'] },
        { keysArn: 'arn:aws:kms:us-east-1:444455556666:key/*', aliases: ['alias/shared'] },
      ],
    });
  });

  it('collects the keys of every node class, deduplicated', () => {
    const c = clusterModel({ volumeKmsKeyIds: ['k1', 'k2', 'k1'] });
    expect(volumeKmsKeys(c).keyArns).toEqual([
      `arn:aws:kms:${REGION}:${ACCOUNT}:key/k1`,
      `arn:aws:kms:${REGION}:${ACCOUNT}:key/k2`,
    ]);
    expect(volumeKmsKeys(clusterModel())).toEqual({ keyArns: [], aliases: [] });
  });

  it('reads the queue key only when set', () => {
    expect(queueKmsKeys(clusterModel()).keyArns).toEqual([]);
    const key = `arn:aws:kms:${REGION}:${ACCOUNT}:key/q`;
    expect(queueKmsKeys(clusterModel({ queueKmsKeyArn: key })).keyArns).toEqual([key]);
  });
});
