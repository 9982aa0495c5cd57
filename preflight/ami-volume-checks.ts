/**
 * Every volume a node class gives an AMI's own device is at least as large as the AMI's
 * snapshot (DescribeImages): a smaller one makes EC2 refuse every launch ("Volume of size 5GB is
 * smaller than snapshot"). A class without blockDeviceMappings uses Karpenter's defaults for
 * its AMI family (model/facts/ami-families.ts), which are checked the same way. The fleet checks warn
 * offline against the family's default size; this check knows the exact size.
 */
import { awsSdk } from '../io/aws-sdk';
import { behaviourOf, writtenFamily, NodeClassModel, parseQuantity } from '../model';
import { awsCall } from './aws-call';
import { PreflightClients } from './aws-clients';
import { CheckResult, fail, pass, skip } from './check-result';

/** The volumes the class launches with: its own mappings, else the family's defaults. */
function volumes(
  nc: NodeClassModel,
): { deviceName: string; volumeSize: string; own: boolean; snapshot: boolean }[] {
  if (nc.blockDeviceMappings.length > 0)
    return nc.blockDeviceMappings.map((m) => ({
      deviceName: m.deviceName,
      volumeSize: m.ebs.volumeSize,
      own: true,
      snapshot: m.ebs.snapshotID !== undefined,
    }));
  const family = writtenFamily(nc);
  if (family === undefined) return [];
  return behaviourOf(family).defaultBlockDevices.map((d) => ({ ...d, own: false, snapshot: false }));
}

export async function checkAmiVolumeSizes(
  clients: PreflightClients,
  nc: NodeClassModel,
  amiId: string,
): Promise<CheckResult[]> {
  const subject = `node class ${nc.name} AMI ${amiId}`;
  const r = await awsCall(
    'EC2',
    'DescribeImages',
    () => clients.ec2.send(new (awsSdk.ec2().DescribeImagesCommand)({ ImageIds: [amiId] })),
    ['InvalidAMIID.NotFound', 'InvalidAMIID.Malformed', 'InvalidAMIID.Unavailable'],
  );
  if (!r.ok) return [skip('ami-volume-size', subject, `DescribeImages failed: ${r.message}`)];
  const image = r.value.Images?.[0];
  if (image === undefined) return [skip('ami-volume-size', subject, 'DescribeImages returned no image')];
  const snapshots = new Map<string, number>();
  for (const m of image.BlockDeviceMappings ?? [])
    if (m.DeviceName !== undefined && m.Ebs?.VolumeSize !== undefined)
      snapshots.set(m.DeviceName, m.Ebs.VolumeSize);
  const out: CheckResult[] = [];
  for (const v of volumes(nc)) {
    const needed = snapshots.get(v.deviceName);
    if (needed === undefined || v.snapshot) continue;
    const bytes = parseQuantity(v.volumeSize);
    if (bytes === undefined) continue;
    const gib = bytes / 2 ** 30;
    const what = `${v.deviceName} ${v.volumeSize}${v.own ? '' : ` (Karpenter's default for ${writtenFamily(nc) ?? 'the family'})`}`;
    if (gib >= needed) out.push(pass('ami-volume-size', subject, `${what} holds the ${needed} GiB snapshot`));
    else
      out.push(
        fail(
          'ami-volume-size',
          subject,
          `${what} is smaller than the AMI's ${needed} GiB snapshot of that device: EC2 refuses every launch ("Volume of size ${Math.floor(gib)}GB is smaller than snapshot")`,
          v.own
            ? `set blockDeviceMappings[].ebs.volumeSize of ${v.deviceName} to at least ${needed}Gi`
            : `add a blockDeviceMappings entry for ${v.deviceName} with volumeSize: ${needed}Gi`,
          nc.source,
        ),
      );
  }
  return out;
}
