import { resolve } from 'node:path';
import {
  generatePartitionRegions,
  parsePartitionsModule,
  partitionRegions,
  PARTITIONS_SOURCE,
  readPartitionsInfo,
} from '../../codegen/generate-partition-regions';

const ROOT = resolve(__dirname, '..', '..');

describe('partition regions import', () => {
  it('parses the SDK module and keeps only names matching each partition’s regionRegex', () => {
    const info = parsePartitionsModule(
      'export const partitionsInfo = {"partitions":[{"id":"aws","regionRegex":"^(us|eu)\\\\-\\\\w+\\\\-\\\\d+$","regions":{"aws-global":{},"us-east-1":{},"eu-west-1":{}}}],"version":"1.1"};\n',
    );
    expect([...partitionRegions(info)]).toEqual([['aws', ['eu-west-1', 'us-east-1']]]);
    expect(() => parsePartitionsModule('module.exports = {}')).toThrow(/no `export const partitionsInfo/);
  });

  it('writes the regions of every partition, headed by the pinned SDK package and sha256', () => {
    const [[path, content]] = generatePartitionRegions([], {
      projectRoot: ROOT,
      origin: { kind: 'upstream' },
    });
    expect(path).toBe('aws-partitions/regions.ts');
    expect(content).toContain(`npm @aws-sdk/core@${PARTITIONS_SOURCE.packageVersion}`);
    expect(content).toContain(`sha256:${PARTITIONS_SOURCE.sha256}`);
    expect(content).toContain("  'aws-cn': ['cn-north-1', 'cn-northwest-1'],");
    expect(content).not.toContain("'aws-global'");
  });

  it('refuses another installed SDK version or a changed file', () => {
    expect(() => readPartitionsInfo({ ...PARTITIONS_SOURCE, packageVersion: '0.0.1' })).toThrow(
      /@aws-sdk\/core 3\.\d+\.\d+ is installed, but the region list is pinned to 0\.0\.1/,
    );
    expect(() => readPartitionsInfo({ ...PARTITIONS_SOURCE, sha256: 'f'.repeat(64) })).toThrow(
      /has sha256 [0-9a-f]{64}, expected f{64}/,
    );
  });
});
