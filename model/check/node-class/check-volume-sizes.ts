/**
 * A root or data volume smaller than the AMI's snapshot makes EC2 refuse every launch
 * ("Volume of size 5GB is smaller than snapshot"). Offline the snapshot size is unknown, so a
 * mapping of one of the family's own devices (model/facts/ami-families.ts: AL2023 /dev/xvda, Windows
 * /dev/sda1, Bottlerocket /dev/xvda and /dev/xvdb) smaller than the size Karpenter gives that
 * device by default is a warning; `preflight` reads the pinned AMI's real snapshot sizes
 * (DescribeImages) and makes it an error. A mapping restoring its own snapshotID is skipped.
 */
import { behaviourOf, writtenFamily } from '../../facts/ami-families';
import { CheckContext } from '../check-context';
import { parseQuantity } from '../../facts/quantity';
import { show } from '../../shared/show-value';

export function checkVolumeSizes(ctx: CheckContext): void {
  for (const [name, nc] of Object.entries(ctx.raw.nodeClasses ?? {})) {
    const family = writtenFamily(nc);
    if (family === undefined) continue;
    const defaults = behaviourOf(family).defaultBlockDevices;
    (nc.blockDeviceMappings ?? []).forEach((m, i) => {
      if (m.ebs.snapshotID !== undefined) return;
      const d = defaults.find((x) => x.deviceName === m.deviceName);
      if (d === undefined) return;
      const size = parseQuantity(m.ebs.volumeSize);
      const needed = parseQuantity(d.volumeSize);
      if (size === undefined || needed === undefined || size >= needed) return;
      ctx.warn(
        ['nodeClasses', name, 'blockDeviceMappings', i, 'ebs', 'volumeSize'],
        `volumeSize ${show(m.ebs.volumeSize)} on ${m.deviceName} is below the ${d.volumeSize} Karpenter gives that ${family} device by default; if the AMI's snapshot is larger, EC2 refuses every launch ("Volume of size … is smaller than snapshot")`,
        `Use at least ${d.volumeSize} (karpenter-gitops preflight reads the AMI's exact snapshot size)`,
      );
    });
  }
}
