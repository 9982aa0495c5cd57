/**
 * The cluster's region against the regions AWS publishes for each partition (the AWS SDK
 * for JavaScript v3 partition data, imported into imports/aws-partitions/regions.ts), and
 * the partition against the region.
 */
import { PARTITION_DATA_SOURCE } from '../../imports/aws-partitions/regions';
import { knownRegions, partitionOfRegion } from '../facts/aws-regions';
import { CheckContext } from './check-context';
import { PARTITIONS } from '../facts/constants';
import { didYouMean } from '../shared/did-you-mean';
import { show } from '../shared/show-value';

export function checkRegion(ctx: CheckContext): void {
  const aws = ctx.raw.aws;
  const actual = partitionOfRegion(aws.region);
  if (actual === undefined) {
    const guess = didYouMean(aws.region, knownRegions());
    ctx.error(
      ['aws', 'region'],
      `'${show(aws.region)}' is not an AWS region of the ${PARTITIONS.join(', ')} partitions (regions from ${PARTITION_DATA_SOURCE})`,
      guess !== undefined
        ? `Did you mean '${guess}'? aws ec2 describe-regions lists the region codes`
        : 'Write a region code such as eu-west-1 or ap-northeast-2 (aws ec2 describe-regions lists them)',
    );
    return;
  }
  const partition = aws.partition ?? 'aws';
  if (partition !== actual) {
    ctx.error(
      ['aws', aws.partition !== undefined ? 'partition' : 'region'],
      `region ${aws.region} is in partition ${actual}, not ${partition}`,
      `Set aws.partition: ${actual}`,
    );
  }
}
