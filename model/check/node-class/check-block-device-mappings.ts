/** Each block device mapping: one root volume, sizes EBS accepts, snapshot-only fields, encryption. */
import { CheckContext } from '../check-context';
import { PathSegment } from '../../parse/located';
import { RawNodeClass } from '../../parse/raw-fleet';
import { show } from '../../shared/show-value';

/** Volume sizes the EC2NodeClass CRD accepts (its own pattern: up to 59000Gi, 64000G, 58Ti, 64T). */
const VOLUME_SIZE =
  /^((?:[1-9][0-9]{0,3}|[1-4][0-9]{4}|[5][0-8][0-9]{3}|59000)Gi|(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|[6][0-3][0-9]{3}|64000)G|([1-9]|[1-5][0-7]|58)Ti|([1-9]|[1-5][0-9]|6[0-3]|64)T)$/;

export function checkBlockDeviceMappings(
  ctx: CheckContext,
  at: (...rest: PathSegment[]) => PathSegment[],
  nc: RawNodeClass,
): void {
  let roots = 0;
  (nc.blockDeviceMappings ?? []).forEach((b, i) => {
    if (b.rootVolume === true) roots++;
    if (roots > 1 && b.rootVolume === true) {
      ctx.error(
        at('blockDeviceMappings', i, 'rootVolume'),
        'more than one block device is the root volume',
        'Set rootVolume: true on one device only',
      );
    }
    if (!VOLUME_SIZE.test(b.ebs.volumeSize)) {
      ctx.error(
        at('blockDeviceMappings', i, 'ebs', 'volumeSize'),
        `'${show(b.ebs.volumeSize)}' is not a volume size EBS and Karpenter accept`,
        'Write a whole size in Gi, G, Ti or T (at most 59000Gi / 64000G / 58Ti / 64T), e.g. 20Gi',
      );
    }
    if (b.ebs.volumeInitializationRate !== undefined && (b.ebs.snapshotID ?? '') === '') {
      ctx.error(
        at('blockDeviceMappings', i, 'ebs', 'volumeInitializationRate'),
        'volumeInitializationRate is set but the volume is not created from a snapshot',
        'Add snapshotID (the rate is how fast the snapshot is copied to the volume), or remove volumeInitializationRate',
        'key',
      );
    }
    if (b.ebs.encrypted === false) {
      if (b.ebs.kmsKeyID !== undefined) {
        ctx.error(
          at('blockDeviceMappings', i, 'ebs', 'kmsKeyID'),
          'kmsKeyID is set but encrypted is false',
          'Remove encrypted: false (volumes are encrypted by default)',
        );
      } else {
        ctx.warn(
          at('blockDeviceMappings', i, 'ebs', 'encrypted'),
          'volume is not encrypted',
          'Remove encrypted: false unless you really need unencrypted volumes',
        );
      }
    }
  });
}
